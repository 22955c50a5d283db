import { Alert, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import type { FieldRevision } from '@sanidok/schema';
import { formatDateTime, patientDataLabels, protocolFieldLabels } from '@sanidok/schema';
import { conflictsDe } from '../../i18n/conflicts.de';
import { servicesDe } from '../../i18n/services.de';
import { useReplacedProtocolValues } from '../../data/protocolHooks';
import { useFieldRevisions } from './queries';

const t = conflictsDe;
const labelSets: Record<FieldRevision['entity'], Record<string, string>> = {
  service: servicesDe.form,
  protocol: protocolFieldLabels,
  patientData: patientDataLabels,
};
const dateFields = new Set(['service.startDate', 'service.endDate']);

function shown(revision: FieldRevision, value: string | null): string {
  if (value === null || value === '') return t.emptyValue;
  return dateFields.has(`${revision.entity}.${revision.field}`) ? formatDateTime(value) : value;
}

/** Where the replaced values come from: a service's from the server (no patient data), a protocol's from the device. */
export type RevisionsSource = { path: string } | { protocolId: string };

/**
 * A protocol's replaced values are its clinical part and patient data: pulled sealed to the device
 * with its history (data/recordRevisions.ts), read here offline too. A service's are read from the
 * server (`GET /api/services/{id}/revisions`).
 */
function useRevisions(source: RevisionsSource, opened: boolean): { isPending: boolean; isError: boolean; data: FieldRevision[] | undefined } {
  const server = useFieldRevisions('path' in source ? source.path : '', opened && 'path' in source);
  const device = useReplacedProtocolValues('protocolId' in source ? source.protocolId : undefined);
  if ('protocolId' in source) return { isPending: device === undefined, isError: false, data: device };
  return { isPending: server.isPending, isError: server.isError, data: server.data };
}

/** The values that concurrent edits replaced, newest first, with who replaced them and when. */
export function RevisionsDialog({ source, opened, onClose, sealedNote }: { source: RevisionsSource; opened: boolean; onClose: () => void; sealedNote?: boolean }) {
  const revisions = useRevisions(source, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={t.title} size="lg" closeButtonProps={{ 'aria-label': t.close }}>
      <Stack gap="sm">
        {revisions.isPending && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t.loading}</Text>
          </Group>
        )}
        {revisions.isError && <Alert color="yellow">{t.offline}</Alert>}
        {revisions.data?.length === 0 && <Text size="sm">{t.empty}</Text>}
        {revisions.data && revisions.data.length > 0 && (
          <Stack gap="xs" component="ul" aria-label={t.title} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {revisions.data.map((revision, index) => (
              <Paper key={`${revision.entity}.${revision.field}.${index}`} component="li" withBorder p="sm">
                <Text fw={600} size="sm">
                  {labelSets[revision.entity][revision.field] ?? revision.field}
                </Text>
                <Text size="sm">
                  {t.replaced}: {shown(revision, revision.replacedValue)}
                </Text>
                <Text size="sm">
                  {t.replacedBy}: {shown(revision, revision.newValue)}
                </Text>
                <Text size="xs" c="gray.7">
                  {t.changed(formatDateTime(revision.changedAt), revision.changedBy)}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
        {sealedNote && revisions.data !== undefined && <Text size="xs" c="gray.7">{t.sealedNote}</Text>}
      </Stack>
    </Modal>
  );
}
