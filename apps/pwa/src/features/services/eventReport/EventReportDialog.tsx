import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import type { EventReportFormat, Service } from '@sanidok/schema';
import { eventReportMessages, eventReportRemarksMax } from '@sanidok/schema';
import { useState } from 'react';
import { CaptureModal } from '../../../components/CaptureModal';
import { useDatabase } from '../../../data/hooks';
import { loadEventReportInput } from '../../../data/repositories/eventReport';
import { eventReportDe as t } from '../../../i18n/eventReport.de';
import { describeError } from '../../../lib/describeError';
import { notifySuccess } from '../../../lib/notify';
import { buildEventReportFile } from './buildEventReport';

type Format = EventReportFormat;

/**
 * 'Einsatzbericht': remarks, then PDF or CSV, built on this device from its own
 * data (offline too) with the same code the server's export call uses. Errors stay in the dialog.
 */
export function EventReportDialog({ service, opened, onClose }: { service: Service; opened: boolean; onClose: () => void }) {
  const db = useDatabase();
  const [remarks, setRemarks] = useState('');
  const [busy, setBusy] = useState<Format | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tooLong = remarks.length > eventReportRemarksMax;

  const build = async (format: Format) => {
    if (tooLong || busy) return;
    setBusy(format);
    setError(null);
    try {
      if (!db) throw new Error(t.notOnDevice);
      const fileName = await buildEventReportFile(() => loadEventReportInput(db, service.id, remarks), format);
      notifySuccess(t.open, t.done(fileName));
    } catch (caught) {
      setError(describeError(caught, t.failed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <CaptureModal opened={opened} onClose={onClose} title={t.title} size="lg" closeLabel={t.close}>
      <Stack gap="md">
        <Text size="sm">{t.intro}</Text>
        <Text size="sm" c="dimmed">{t.privacy}</Text>
        <Textarea
          label={t.remarks}
          placeholder={t.remarksPlaceholder}
          rows={4}
          resize="vertical"
          size="md"
          value={remarks}
          onChange={(event) => setRemarks(event.currentTarget.value)}
          error={tooLong ? eventReportMessages.remarksTooLong : undefined}
        />
        {error && (
          <Alert color="red" variant="light" role="alert" title={t.failed}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" size="md" leftSection={<IconFileTypeCsv size={18} aria-hidden />} loading={busy === 'csv'} disabled={tooLong || busy === 'pdf'} onClick={() => void build('csv')}>
            {t.csv}
          </Button>
          <Button size="md" leftSection={<IconFileTypePdf size={18} aria-hidden />} loading={busy === 'pdf'} disabled={tooLong || busy === 'csv'} onClick={() => void build('pdf')}>
            {t.pdf}
          </Button>
        </Group>
      </Stack>
    </CaptureModal>
  );
}
