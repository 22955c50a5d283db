import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { MemberListItem, OrganizationListItem } from '@sanidok/schema';
import { IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../api/session';
import { de } from '../../i18n/de';
import { sessionsDe } from '../../i18n/sessions.de';
import { formatDate } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import type { ConfirmRequest } from '../../components/ConfirmDialog';
import { ConfirmDialog, withError } from '../../components/ConfirmDialog';
import { InviteMemberDialog } from './InviteMemberDialog';
import { MemberDevicesDialog } from './MemberDevicesDialog';
import { useRemoveMember } from './actions';
import { canInvite, canLeave, canRemove, canReportLostDevice, memberName, roleColor } from './permissions';
import { organizationKeys, useMembers } from './queries';
import { describeError } from '../../lib/describeError';

const t = de.organizations;

interface MembersTabProps {
  organization: OrganizationListItem;
  /** Called after leaving: the organisation is no longer the user's to select. */
  onLeft: () => void;
}

/** 'Mitglieder': names, role badges, invite (owner/admin), a member's devices and remove (owner/admin), 'Austreten'. */
export function MembersTab({ organization, onLeft }: MembersTabProps) {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const members = useMembers(organization.id);
  const remove = useRemoveMember();
  const [inviting, setInviting] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [devicesOf, setDevicesOf] = useState<MemberListItem | null>(null);
  const myId = user?.id ?? -1;

  const removeMember = (member: MemberListItem, leaving: boolean) =>
    remove.mutate(
      { organizationId: organization.id, userId: member.user.id },
      {
        onSuccess: () => {
          setConfirm(null);
          notifySuccess(
            de.organizationToasts.removed,
            leaving ? de.organizationToasts.leftText(organization.name) : de.organizationToasts.removedText(memberName(member)),
          );
          if (leaving) {
            queryClient.removeQueries({ queryKey: organizationKeys.members(organization.id) });
            onLeft();
          }
        },
        onError: (error) => setConfirm((current) => withError(current, describeError(error, de.errors.generic))),
      },
    );

  const askRemove = (member: MemberListItem) =>
    setConfirm({
      title: t.removeTitle,
      text: t.removeText(memberName(member), organization.name),
      confirmLabel: t.remove,
      onConfirm: () => removeMember(member, false),
    });

  const askLeave = (member: MemberListItem) =>
    setConfirm({
      title: t.leaveTitle,
      text: t.leaveText(organization.name),
      confirmLabel: t.leave,
      onConfirm: () => removeMember(member, true),
    });

  return (
    <Stack gap="md">
      {canInvite(organization.role) && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setInviting(true)}
            disabled={organization.isBlocked}
          >
            {t.addMember}
          </Button>
        </Group>
      )}
      {members.isPending && <Loader size="sm" aria-label={de.app.loading} />}
      {members.isError && <Text c="red">{describeError(members.error, de.errors.generic)}</Text>}
      {members.data?.length === 0 && <Text c="dimmed">{t.noMembers}</Text>}
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.tabMembers}>
        {members.data?.map((member) => (
          <Group
            key={member.id}
            component="li"
            justify="space-between"
            wrap="wrap"
            py="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <div>
              <Text fw={500}>
                {memberName(member)}
                {member.user.id === myId && ` (${t.you})`}
              </Text>
              <Text size="sm" c="dimmed">
                {member.user.username} · {t.memberSince} {formatDate(member.memberSince)}
              </Text>
            </div>
            <Group gap="sm">
              <Badge color={roleColor[member.role]} variant="light">
                {t.roles[member.role]}
              </Badge>
              {canReportLostDevice(organization.role) && member.user.id !== myId && (
                <Button variant="default" aria-label={sessionsDe.memberTitle(memberName(member))} onClick={() => setDevicesOf(member)}>
                  {sessionsDe.memberDevices}
                </Button>
              )}
              {canRemove(organization.role, member, myId) && (
                <Button
                  variant="subtle"
                  color="red"
                  aria-label={t.removeLabel(memberName(member))}
                  onClick={() => askRemove(member)}
                >
                  {t.remove}
                </Button>
              )}
              {canLeave(member, myId) && (
                <Button variant="light" color="red" onClick={() => askLeave(member)}>
                  {t.leave}
                </Button>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
      <InviteMemberDialog opened={inviting} organizationId={organization.id} onClose={() => setInviting(false)} />
      <ConfirmDialog request={confirm} pending={remove.isPending} onCancel={() => setConfirm(null)} />
      <MemberDevicesDialog organizationId={organization.id} member={devicesOf} onClose={() => setDevicesOf(null)} />
    </Stack>
  );
}
