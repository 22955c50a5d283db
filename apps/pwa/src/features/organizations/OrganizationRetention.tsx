import { Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import type { OrganizationListItem } from '@sanidok/schema';
import { legalMinimumRetentionYears, maxRetentionYears, organizationRetentionSchema } from '@sanidok/schema';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { retentionDe } from '../../i18n/retention.de';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSetRetention } from './actions';
import { canSetRetention, canViewProcessingRecord } from './permissions';
import { useProcessingRecordDownload } from './queries';
import { RetentionDeletions } from './RetentionDeletions';

/**
 * Retention and the DPO's documents (docs/deletion.md): the owner sets how long sealed records are
 * kept (checked with the shared schema before it is sent, so the refusal below the legal minimum
 * reads as the server's); owner and admins download the record of processing activities. Online only.
 */
export function OrganizationRetention({ organization }: { organization: OrganizationListItem }) {
  const editable = canSetRetention(organization.role) && !organization.isBlocked;
  const [years, setYears] = useState<number | string>(organization.retentionYears);
  const [error, setError] = useState<string | null>(null);
  const save = useSetRetention(organization.id);
  const download = useProcessingRecordDownload(organization.id);
  if (!canViewProcessingRecord(organization.role)) return null;

  const submit = () => {
    const parsed = organizationRetentionSchema.safeParse({ retentionYears: typeof years === 'number' ? years : Number.NaN });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    save.mutate(parsed.data.retentionYears, {
      onSuccess: (updated) => notifySuccess(retentionDe.saved, retentionDe.savedText(updated.retentionYears)),
      onError: (failure) => notifyError(retentionDe.failed, errorMessage(failure)),
    });
  };

  return (
    <Stack gap="sm" component="section" aria-label={retentionDe.title}>
      <Title order={3} fz="h4">{retentionDe.title}</Title>
      {editable ? (
        <NumberInput
          label={retentionDe.period}
          description={retentionDe.periodText}
          value={years}
          onChange={(value) => { setYears(value); setError(null); }}
          min={legalMinimumRetentionYears}
          max={maxRetentionYears}
          allowDecimal={false}
          hideControls
          clampBehavior="none"
          error={error}
          maw={420}
        />
      ) : (
        <Text size="sm">{retentionDe.current(organization.retentionYears)}</Text>
      )}
      <Group gap="sm">
        {editable && <Button onClick={submit} loading={save.isPending}>{retentionDe.save}</Button>}
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={download.isPending}
          onClick={() => download.mutate(undefined, { onError: (failure) => notifyError(retentionDe.processingRecordFailed, errorMessage(failure)) })}
        >
          {retentionDe.processingRecord}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" maw={520}>{retentionDe.processingRecordText}</Text>
      <RetentionDeletions organizationId={organization.id} />
    </Stack>
  );
}
