import { Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime, isProtocolOpen } from '@sanidok/schema';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useProtocolHistory } from '../../../data/protocolHooks';
import { conflictsDe } from '../../../i18n/conflicts.de';
import { historyDe } from '../../../i18n/history.de';
import { revisionLabel, revisionValue } from './historyLabels';

const t = historyDe.history;

/**
 * Every change of an open protocol, oldest first: what, old → new, when, who, from which device.
 * Read from the device only, offline too: the server's merge of all devices' edits comes sealed to
 * this device in the pull, and this device's edits not yet sent follow it, marked as such
 * (docs/decisions.md "The record history travels sealed to the device").
 */
function HistoryList({ protocolId }: { protocolId: string }) {
  const history = useProtocolHistory(protocolId);
  if (history === undefined) {
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">{t.loading}</Text>
      </Group>
    );
  }
  if (history.length === 0) return <Text size="sm">{t.empty}</Text>;
  return (
    <Stack component="ol" gap="xs" aria-label={t.listLabel} p={0} m={0} style={{ listStyle: 'none' }}>
      {history.map((revision) => (
        <Paper key={revision.id} component="li" withBorder p="sm">
          <Text fw={600} size="sm">
            {revisionLabel(revision)}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t.change(revisionValue(revision, revision.oldValue), revisionValue(revision, revision.newValue))}
          </Text>
          <Text size="xs" c="gray.7">
            {revision.pending ? t.pendingBy(formatDateTime(revision.changedAt), revision.changedBy) : t.by(formatDateTime(revision.changedAt), revision.changedBy, revision.deviceId)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

/** The sidebar's "Änderungsverlauf" button and its dialog; a discharged protocol points to the archive. */
export function HistoryButton({ protocolId, status, fullWidth = true }: { protocolId: string; status: string; fullWidth?: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" mih={44} fullWidth={fullWidth} leftSection={<IconHistory size={18} aria-hidden />} onClick={() => setOpened(true)}>
        {t.open}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t.title} size="lg" closeButtonProps={{ 'aria-label': conflictsDe.close }}>
        {opened && (isProtocolOpen(status) ? <HistoryList protocolId={protocolId} /> : <Text size="sm">{t.sealed}</Text>)}
      </Modal>
    </>
  );
}
