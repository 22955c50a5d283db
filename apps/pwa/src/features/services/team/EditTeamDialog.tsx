import { Alert, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import type { Service } from '@sanidok/schema';
import { useState } from 'react';
import { serviceTeamsDe as t } from '../../../i18n/serviceTeams.de';
import { notifySuccess } from '../../../lib/notify';
import { useMembers } from '../../organizations/queries';
import { useSetServiceTeam } from './actions';
import { describeError } from '../../../lib/describeError';

interface EditTeamDialogProps {
  service: Service;
  /** User ids on the team now (from the device). */
  current: readonly number[];
  onClose: () => void;
}

/**
 * 'Team bearbeiten' (owner, organisation admins): the organisation's members as checkboxes; saving
 * sends the whole team (PUT /api/services/{id}/team). Online only: the member list comes from the
 * server, and who may hold patient data is the server's decision.
 */
export function EditTeamDialog({ service, current, onClose }: EditTeamDialogProps) {
  const members = useMembers(service.organizationId);
  const [chosen, setChosen] = useState<string[]>(() => current.map(String));
  const [error, setError] = useState<string | null>(null);
  const save = useSetServiceTeam(service.id);

  const submit = () => {
    setError(null);
    save.mutate(
      { userIds: chosen.map(Number) },
      {
        onSuccess: () => {
          notifySuccess(t.saved, t.savedText);
          onClose();
        },
        onError: (failure) => setError(describeError(failure, t.onlineOnly)),
      },
    );
  };

  return (
    <Modal opened onClose={() => !save.isPending && onClose()} title={t.editTitle} size="lg" closeButtonProps={{ 'aria-label': t.cancel }}>
      <Stack gap="sm">
        <Text size="sm">{t.editIntro}</Text>
        {members.isPending && <Loader size="sm" aria-label={t.membersLoading} />}
        {members.isError && <Alert color="red">{describeError(members.error, t.onlineOnly)}</Alert>}
        {members.data && (
          <Checkbox.Group label={t.membersLabel} value={chosen} onChange={setChosen}>
            <ScrollArea.Autosize mah={360} type="auto">
              <Stack gap={0} py="xs">
                {members.data.map((m) => (
                  <Checkbox
                    key={m.user.id}
                    value={String(m.user.id)}
                    size="md"
                    py={10}
                    label={m.user.fullName ? `${m.user.fullName} (${m.user.username})` : m.user.username}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Checkbox.Group>
        )}
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose} disabled={save.isPending}>
            {t.cancel}
          </Button>
          <Button size="md" onClick={submit} loading={save.isPending} disabled={!members.data}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
