import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { Service } from '@sanidok/schema';
import { listedPatientName } from './treatmentName';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useServiceMinorTreatments } from '../../data/captureHooks';
import { usePendingIds } from '../../data/hooks';
import { de } from '../../i18n/de';
import { minorTreatmentsDe } from '../../i18n/minorTreatments.de';
import { formatDateTime } from '../../lib/format';
import { usePatientCapture } from '../services/captureServices';
import { AwaitsRegistrationNotice } from '../lock/AwaitsRegistrationNotice';
import { NotOnTeamNotice } from '../services/team/NotOnTeamNotice';
import { MinorTreatmentDialog } from './MinorTreatmentDialog';
import { PendingBadge } from '../../components/PendingBadge';
import { EnteredInErrorNote, struckThrough } from '../protocols/history/EnteredInErrorNote';
import { MarkInErrorButton } from '../protocols/history/MarkInErrorButton';
import { EmptyTreatments } from './MinorTreatmentsTable';

const t = minorTreatmentsDe.serviceTab;

/**
 * Tab 'Bagatellen' of the service detail (docs/spec/services.md §2): each Bagatelle with the masked patient
 * name, description, time and materials, newest first; 'Neue Behandlung' opens the dialog's
 * service-detail variant while the service accepts entries.
 */
export function ServiceMinorTreatmentsTab({ service }: { service: Service }) {
  const treatments = useServiceMinorTreatments(service.id);
  const pending = usePendingIds();
  const capture = usePatientCapture(service);
  const writable = capture === 'write';
  const [opened, setOpened] = useState(false);
  const reopen = useCallback(() => setOpened(true), []);

  return (
    <Stack gap="md">
      <AwaitsRegistrationNotice />
      <Group justify="flex-end">
        {capture === 'notOnTeam' && <NotOnTeamNotice service={service} compact />}
        {capture !== 'notOnTeam' && capture !== undefined && (writable ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setOpened(true)}>
            {minorTreatmentsDe.page.newTreatment}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t.readOnly}
          </Text>
        ))}
      </Group>
      {treatments === undefined && <Loader size="sm" aria-label={de.app.loading} />}
      {treatments?.length === 0 && <EmptyTreatments />}
      {treatments && treatments.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.listLabel}>
          {treatments.map((row) => (
            <Paper component="li" withBorder p="sm" key={row.id} aria-label={listedPatientName(row.patientName)}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Group gap="xs">
                  <Text fw={600}>{listedPatientName(row.patientName)}</Text>
                  {pending.has(row.id) && <PendingBadge />}
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(row.createdAt)}
                  </Text>
                  {/* A wrong treatment is marked "irrtümlich", never deleted (docs/decisions.md "Every change kept (§ 630f BGB)"). */}
                  {writable && !row.enteredInError && <MarkInErrorButton kind="minorTreatment" id={row.id} what={listedPatientName(row.patientName)} />}
                </Group>
              </Group>
              {row.enteredInError && <EnteredInErrorNote mark={row.enteredInError} />}
              <Text style={{ whiteSpace: 'pre-wrap', ...(row.enteredInError ? struckThrough : undefined) }}>{row.description}</Text>
              <Text size="sm" c="dimmed">
                {t.materials}:{' '}
                {row.materials.length === 0 ? t.noMaterials : row.materials.map((m) => t.materialLine(m.name, m.quantity)).join(', ')}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      <MinorTreatmentDialog opened={opened} onClose={() => setOpened(false)} service={service} onDraftRestored={reopen} />
    </Stack>
  );
}
