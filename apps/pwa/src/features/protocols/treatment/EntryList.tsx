import { Badge, Box, Group, Stack, Text, Title } from '@mantine/core';
import type { TreatmentEntry } from '@sanidok/schema';
import { formatTreatmentEntry } from '@sanidok/schema';
import { usePendingIds } from '../../../data/hooks';
import { treatmentDe } from '../../../i18n/treatment.de';
import { EnteredInErrorNote, struckThrough } from '../history/EnteredInErrorNote';
import { MarkInErrorButton } from '../history/MarkInErrorButton';

const t = treatmentDe.entries;

interface EntryListProps {
  /** In the order they were made. */
  entries: readonly TreatmentEntry[];
  /** The protocol is open: a wrong entry can be marked "irrtümlich" (never deleted). */
  markable?: boolean;
}

/**
 * The protocol's treatment lines '[HH:MM] text (performer)', marking those not yet on the server;
 * a line marked "irrtümlich" stays, struck through, with its reason.
 */
export function EntryList({ entries, markable = false }: EntryListProps) {
  const pending = usePendingIds();
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="baseline">
        <Title order={3} size="h4">
          {t.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t.count(entries.length)}
        </Text>
      </Group>
      {entries.length === 0 ? (
        <Text c="dimmed">{t.empty}</Text>
      ) : (
        <Box component="ol" aria-label={t.listLabel} m={0} p={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => (
            <Box component="li" key={entry.id} py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
              <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
                <div>
                  <Text data-entry-line style={{ overflowWrap: 'anywhere', ...(entry.enteredInError ? struckThrough : undefined) }}>
                    {formatTreatmentEntry(entry)}
                  </Text>
                  {entry.enteredInError && <EnteredInErrorNote mark={entry.enteredInError} />}
                </div>
                <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                  {pending.has(entry.id) && (
                    <Badge color="yellow" variant="light" title={t.pendingHint}>
                      {t.pending}
                    </Badge>
                  )}
                  {markable && !entry.enteredInError && <MarkInErrorButton kind="treatmentEntry" id={entry.id} what={formatTreatmentEntry(entry)} />}
                </Group>
              </Group>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
