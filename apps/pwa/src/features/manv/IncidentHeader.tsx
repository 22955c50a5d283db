import type { ManvIncident } from '@sanidok/schema';
import { Badge, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { formatDateTime } from '@sanidok/schema';
import { updateManvIncident } from '../../data/repositories/manv';
import { manvDe } from '../../i18n/manv.de';
import { describeError } from '../../lib/describeError';
import { notifyError, notifySuccess } from '../../lib/notify';

const t = manvDe.incident;

interface IncidentChange {
  id: string;
  fields: Parameters<typeof updateManvIncident>[1];
}

async function change(changes: IncidentChange, success?: string): Promise<void> {
  try {
    await updateManvIncident(changes.id, changes.fields);
    if (success) notifySuccess(success, '');
  } catch (error) {
    notifyError(manvDe.toasts.error, describeError(error, manvDe.toasts.unknownError));
  }
}

/** Name, times, SK IV switch and end/reopen (the lead's controls; others see the state). */
export function IncidentHeader({ incident, canLead }: { incident: ManvIncident; canLead: boolean }) {
  const ended = incident.endedAt !== null;
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={2}>
        <Title order={2} size="h3" data-testid="manv-incident-name">{incident.name}</Title>
        <Group gap="xs">
          <Text size="sm">{t.since(formatDateTime(incident.startedAt))}</Text>
          {incident.endedAt && <Badge color="gray">{t.ended(formatDateTime(incident.endedAt))}</Badge>}
          {incident.blueEnabled && <Badge color="blue" variant="light">{t.blueOn}</Badge>}
        </Group>
      </Stack>
      {canLead && (
        <Group gap="sm" wrap="wrap">
          <Switch
            label={t.blueToggle}
            checked={incident.blueEnabled}
            onChange={(e) => void change({ id: incident.id, fields: { blueEnabled: e.currentTarget.checked } })}
            size="md"
          />
          {ended ? (
            <Button variant="light" onClick={() => void change({ id: incident.id, fields: { endedAt: null } })}>{t.reopen}</Button>
          ) : (
            <Button
              color="red"
              variant="light"
              onClick={() => window.confirm(t.endConfirm) && void change({ id: incident.id, fields: { endedAt: new Date().toISOString() } }, manvDe.toasts.ended)}
            >
              {t.end}
            </Button>
          )}
        </Group>
      )}
    </Group>
  );
}
