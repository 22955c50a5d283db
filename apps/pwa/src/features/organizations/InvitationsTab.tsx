import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { InvitationListItem } from '@sanidok/schema';
import type { UseQueryResult } from '@tanstack/react-query';
import { de } from '../../i18n/de';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useRespondInvitation } from './actions';
import { roleColor } from './permissions';
import { describeError } from '../../lib/describeError';

const t = de.organizations;

interface InvitationsTabProps {
  invitations: UseQueryResult<InvitationListItem[]>;
  /** After accepting: show the new organisation. */
  onAccepted: (organizationId: number) => void;
}

/** 'Einladungen': pending invitations addressed to the user, each to accept or decline. */
export function InvitationsTab({ invitations, onAccepted }: InvitationsTabProps) {
  const respond = useRespondInvitation();

  const answer = (invitation: InvitationListItem, response: 'accepted' | 'declined') =>
    respond.mutate(
      { invitationId: invitation.id, response },
      {
        onSuccess: () => {
          notifySuccess(
            de.organizationToasts.responded,
            response === 'accepted'
              ? de.organizationToasts.acceptedText(invitation.organization.name)
              : de.organizationToasts.declinedText,
          );
          if (response === 'accepted') onAccepted(invitation.organization.id);
        },
        onError: (error) => notifyError(de.organizationToasts.error, describeError(error, de.organizationToasts.respondFailed)),
      },
    );

  if (invitations.isPending) return <Loader size="sm" aria-label={de.app.loading} />;
  if (invitations.isError) return <Text c="red">{describeError(invitations.error, de.errors.generic)}</Text>;
  if (invitations.data.length === 0) return <Text c="dimmed">{t.noInvitations}</Text>;

  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.tabInvitations}>
      {invitations.data.map((invitation) => {
        const busy = respond.isPending && respond.variables.invitationId === invitation.id;
        return (
          <Paper key={invitation.id} withBorder p="md" component="li" aria-label={invitation.organization.name}>
            <Group justify="space-between" wrap="wrap" gap="md">
              <div>
                <Group gap="xs">
                  <Text fw={600}>{invitation.organization.name}</Text>
                  <Badge color={roleColor[invitation.role]} variant="light" size="sm">
                    {t.roles[invitation.role]}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {t.invitedBy(invitation.inviter.username ?? t.unknownInviter)} · {t.invitedAt}{' '}
                  {formatDateTime(invitation.createdAt)}
                </Text>
              </div>
              <Group gap="sm">
                <Button variant="default" onClick={() => answer(invitation, 'declined')} disabled={busy}>
                  {t.decline}
                </Button>
                <Button onClick={() => answer(invitation, 'accepted')} loading={busy}>
                  {t.accept}
                </Button>
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
