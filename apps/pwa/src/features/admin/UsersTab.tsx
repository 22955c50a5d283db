import { Button, Group, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AdminUser } from '@sanidok/schema';
import { useState } from 'react';
import { useCurrentUser } from '../../api/session';
import { adminDe, de } from '../../i18n/de';
import { notifySuccess } from '../../lib/notify';
import type { ActionRequest } from './ActionDialog';
import { ActionDialog } from './ActionDialog';
import { AdminSearch } from './AdminSearch';
import { formatDate } from './format';
import { useDeleteEntity, useSetBlocked } from './mutations';
import { notifyFailure } from './notifyFailure';
import { useAdminUsers } from './queries';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { StatusBadge } from './StatusBadge';

const t = adminDe.users;

/** 'Benutzer': search, reset password, block/unblock, delete (spec 1 §2). */
export function UsersTab() {
  const { user: me } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const users = useAdminUsers(debounced);
  const block = useSetBlocked('users');
  const remove = useDeleteEntity('users');
  const [action, setAction] = useState<ActionRequest | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);

  const askBlock = (user: AdminUser) => {
    const blocking = !user.isBlocked;
    setAction({
      title: blocking ? t.blockTitle : t.unblockTitle,
      text: blocking ? t.blockText(user.username) : t.unblockText(user.username),
      confirmLabel: blocking ? adminDe.common.block : adminDe.common.unblock,
      danger: blocking,
      withReason: blocking,
      onConfirm: ({ reason }) =>
        block.mutate(
          { id: user.id, isBlocked: blocking, reason: reason || null },
          {
            onSuccess: () => {
              setAction(null);
              notifySuccess(adminDe.toasts.saved, blocking ? adminDe.toasts.blockedText(user.username) : adminDe.toasts.unblockedText(user.username));
            },
            onError: (error) => notifyFailure(adminDe.toasts.error, error),
          },
        ),
    });
  };

  const askDelete = (user: AdminUser) =>
    setAction({
      title: t.deleteTitle,
      text: t.deleteText(user.username),
      confirmLabel: adminDe.common.delete,
      danger: true,
      warning: user.ownedOrganizations.length > 0 ? t.ownerHint(user.ownedOrganizations.map((n) => `„${n}“`).join(', ')) : undefined,
      onConfirm: () =>
        remove.mutate(
          { id: user.id },
          {
            onSuccess: () => {
              setAction(null);
              notifySuccess(adminDe.toasts.userDeleted, adminDe.toasts.userDeletedText(user.username));
            },
            onError: (error) => notifyFailure(adminDe.toasts.deleteUserFailed, error),
          },
        ),
    });

  const rows = users.data ?? [];
  return (
    <Stack gap="md">
      <AdminSearch label={adminDe.search.users} value={search} onChange={setSearch} />
      {users.isPending && <Loader size="sm" aria-label={de.app.loading} />}
      {users.isError && <Text c="red">{adminDe.loadFailed}</Text>}
      {users.isSuccess && rows.length === 0 && <Text c="dimmed">{adminDe.search.noResults}</Text>}
      {rows.length > 0 && (
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="xs" miw={900} aria-label={t.tableLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.username}</Table.Th>
                <Table.Th>{t.fullName}</Table.Th>
                <Table.Th>{t.email}</Table.Th>
                <Table.Th>{t.role}</Table.Th>
                <Table.Th>{adminDe.common.status}</Table.Th>
                <Table.Th>{t.registered}</Table.Th>
                <Table.Th>{adminDe.common.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => {
                const isMe = user.id === me?.id;
                return (
                  <Table.Tr key={user.id}>
                    <Table.Td fw={500}>
                      {user.username}
                      {isMe && ` (${t.you})`}
                    </Table.Td>
                    <Table.Td>{user.fullName || adminDe.common.none}</Table.Td>
                    <Table.Td>{user.email || adminDe.common.none}</Table.Td>
                    <Table.Td>
                      <StatusBadge color={user.isAdmin ? 'grape' : 'gray'}>
                        {user.isAdmin ? t.administrator : t.standardUser}
                      </StatusBadge>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge color={user.isBlocked ? 'red' : 'green'}>
                        {user.isBlocked ? adminDe.common.blocked : adminDe.common.unblocked}
                      </StatusBadge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(user.createdAt)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" aria-label={t.resetPasswordLabel(user.username)} onClick={() => setResetting(user)}>
                          {t.resetPassword}
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color={user.isBlocked ? 'green' : 'orange'}
                          disabled={isMe}
                          aria-label={user.isBlocked ? t.unblockLabel(user.username) : t.blockLabel(user.username)}
                          onClick={() => askBlock(user)}
                        >
                          {user.isBlocked ? adminDe.common.unblock : adminDe.common.block}
                        </Button>
                        <Button size="xs" variant="subtle" color="red" disabled={isMe} aria-label={t.deleteLabel(user.username)} onClick={() => askDelete(user)}>
                          {adminDe.common.delete}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <ActionDialog request={action} pending={block.isPending || remove.isPending} onCancel={() => setAction(null)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </Stack>
  );
}
