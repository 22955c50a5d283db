import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ManvIncident, Service } from '@sanidok/schema';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useManvIncidentData } from '../../data/manvHooks';
import { recordAccessEvent } from '../../data/repositories/accessEvents';
import { manvDe } from '../../i18n/manv.de';
import { downloadFile } from '../../lib/download';

const t = manvDe.export;

/**
 * The person-information office's list as PDF or CSV, built on the device with the shared code
 * (packages/reports manvPersonList), so it works offline. The export is logged first (names of
 * patients leave the app), like printing a protocol.
 */
export function PersonListExport({ incident, service }: { incident: ManvIncident; service: Service }) {
  const data = useManvIncidentData(incident.id);
  const download = async (kind: 'pdf' | 'csv') => {
    if (!data) return;
    await recordAccessEvent({ actionType: 'manv_person_list_exported', serviceId: service.id }).catch(() => undefined);
    const reports = await import('@sanidok/reports');
    const input = {
      incidentName: incident.name, serviceName: service.name, startedAt: incident.startedAt, endedAt: incident.endedAt, patients: data.patients,
      triages: data.triages, generatedAt: new Date(),
    };
    const fileName = reports.manvPersonListFileName(incident.name, kind);
    if (kind === 'pdf') downloadFile(await reports.manvPersonListPdf(input), fileName, 'application/pdf');
    else downloadFile(reports.manvPersonListCsv(input), fileName, 'text/csv;charset=utf-8');
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">{t.title}</Title>
        <Group gap="sm" wrap="wrap">
          <Button leftSection={<IconFileTypePdf size={18} aria-hidden />} onClick={() => void download('pdf')} disabled={!data}>{t.pdf}</Button>
          <Button variant="light" leftSection={<IconFileSpreadsheet size={18} aria-hidden />} onClick={() => void download('csv')} disabled={!data}>{t.csv}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
