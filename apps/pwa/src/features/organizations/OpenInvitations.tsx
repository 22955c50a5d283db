import { Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { OpenInvitationItem, OrganizationListItem } from '@sanidok/schema';
import { useState } from 'react';
import type { ConfirmRequest } from '../../components/ConfirmDialog';
import { ConfirmDialog, withError } from '../../components/ConfirmDialog';
import { de } from '../../i18n/de';
import { invitationsDe } from '../../i18n/invitations.de';
import { formatDate, formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useManageInvitation } from './actions';
import { describeError } from '../../lib/describeError';
import { roleColor } from './permissions';
import { useOpenInvitations } from './queries';

const t = invitationsDe;

/**
 * 'Offene Einladungen' below the members (owner and admins): who was invited, the role, by whom,
 * when sent and until when valid, to send again or withdraw. Whether an account holds a name or
 * address is not shown: the server does not say (docs/security.md).
 */
export function OpenInvitations({ organization }: { organization: OrganizationListItem }) {
  const open = useOpenInvitations(organization.id, true);
  const manage = useManageInvitation();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const resend = (invitation: OpenInvitationItem) =>
    manage.mutate(
      { organizationId: organization.id, invitationId: invitation.id, action: 'resend' },
      {
        onSuccess: (reply) => notifySuccess(reply.message, invitation.invitee),
        onError: (error) => notifyError(de.organizationToasts.error, describeError(error, de.errors.generic)),
      },
    );

  const askRevoke = (invitation: OpenInvitationItem) =>
    setConfirm({
      title: t.revokeTitle,
      text: t.revokeText(invitation.invitee),
      confirmLabel: t.revoke,
      onConfirm: () =>
        manage.mutate(
          { organizationId: organization.id, invitationId: invitation.id, action: 'revoke' },
          {
            onSuccess: (reply) => {
              setConfirm(null);
              notifySuccess(reply.message, invitation.invitee);
            },
            onError: (error) => setConfirm((current) => withError(current, describeError(error, de.errors.generic))),
          },
        ),
    });

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t.openTitle}
      </Title>
      {open.isPending && <Loader size="sm" aria-label={de.app.loading} />}
      {open.isError && <Text c="red">{describeError(open.error, de.errors.generic)}</Text>}
      {open.data?.length === 0 && <Text c="dimmed">{t.noneOpen}</Text>}
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.openTitle}>
        {open.data?.map((invitation) => {
          const busy = manage.isPending && manage.variables.invitationId === invitation.id;
          return (
            <Group
              key={invitation.id}
              component="li"
              aria-label={invitation.invitee}
              justify="space-between"
              wrap="wrap"
              py="sm"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Group gap="xs">
                  <Text fw={500}>{invitation.invitee}</Text>
                  <Badge color={roleColor[invitation.role]} variant="light" size="sm">
                    {de.organizations.roles[invitation.role]}
                  </Badge>
                  {invitation.kind === 'email' && (
                    <Badge color="gray" variant="outline" size="sm">
                      {t.email}
                    </Badge>
                  )}
                  {invitation.expired && (
                    <Badge color="red" variant="light" size="sm">
                      {t.expired}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {t.sentAt(formatDateTime(invitation.lastSentAt), invitation.invitedBy)} ·{' '}
                  {invitation.expired ? t.expiredAt(formatDate(invitation.expiresAt)) : t.validUntil(formatDate(invitation.expiresAt))}
                </Text>
              </div>
              <Group gap="sm">
                <Button variant="default" aria-label={t.resendLabel(invitation.invitee)} onClick={() => resend(invitation)} loading={busy} disabled={organization.isBlocked}>
                  {t.resend}
                </Button>
                <Button variant="subtle" color="red" aria-label={t.revokeLabel(invitation.invitee)} onClick={() => askRevoke(invitation)} disabled={busy}>
                  {t.revoke}
                </Button>
              </Group>
            </Group>
          );
        })}
      </Stack>
      <ConfirmDialog request={confirm} pending={manage.isPending} onCancel={() => setConfirm(null)} />
    </Stack>
  );
}
