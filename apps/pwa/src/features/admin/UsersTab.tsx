import { Button, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AdminUser } from '@sanidok/schema';
import { useState } from 'react';
import { useCurrentUser } from '../../api/session';
import { adminDe } from '../../i18n/de';
import { notifySuccess } from '../../lib/notify';
import type { ActionRequest } from './ActionDialog';
import { ActionDialog } from './ActionDialog';
import { AdminSearch } from './AdminSearch';
import type { AdminColumn } from './AdminTable';
import { AdminTable, BlockDeleteButtons } from './AdminTable';
import { formatDate } from './format';
import { useDeleteEntity } from './actions';
import { notifyFailure } from './notifyFailure';
import { useAdminUsers } from './queries';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { StatusBadge } from './StatusBadge';
import { useBlockAction } from './useBlockAction';

const t = adminDe.users;

/** 'Benutzer': search, reset password, block/unblock, delete (docs/spec/accounts.md §2). */
export function UsersTab() {
  const { user: me } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const users = useAdminUsers(debounced);
  const remove = useDeleteEntity('users');
  const [action, setAction] = useState<ActionRequest | null>(null);
  const { askBlock, blockPending } = useBlockAction('users', t, setAction);
  const [resetting, setResetting] = useState<AdminUser | null>(null);

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

  const columns: readonly AdminColumn<AdminUser>[] = [
    { header: t.username, cell: (u) => (u.id === me?.id ? `${u.username} (${t.you})` : u.username), strong: true },
    { header: t.fullName, cell: (u) => u.fullName || adminDe.common.none },
    { header: t.email, cell: (u) => u.email || adminDe.common.none },
    { header: t.role, cell: (u) => <StatusBadge color={u.isAdmin ? 'grape' : 'gray'}>{u.isAdmin ? t.administrator : t.standardUser}</StatusBadge> },
    {
      header: adminDe.common.status,
      cell: (u) => <StatusBadge color={u.isBlocked ? 'red' : 'green'}>{u.isBlocked ? adminDe.common.blocked : adminDe.common.unblocked}</StatusBadge>,
    },
    { header: t.registered, cell: (u) => formatDate(u.createdAt), nowrap: true },
  ];

  return (
    <Stack gap="md">
      <AdminSearch label={adminDe.search.users} value={search} onChange={setSearch} />
      <AdminTable
        query={users}
        label={t.tableLabel}
        minWidth={900}
        columns={columns}
        rowKey={(u) => u.id}
        actions={(u) => (
          <>
            <Button size="xs" variant="light" aria-label={t.resetPasswordLabel(u.username)} onClick={() => setResetting(u)}>
              {t.resetPassword}
            </Button>
            <BlockDeleteButtons name={u.username} blocked={u.isBlocked} labels={t} disabled={u.id === me?.id} onBlock={() => askBlock({ id: u.id, name: u.username, isBlocked: u.isBlocked })} onDelete={() => askDelete(u)} />
          </>
        )}
      />
      <ActionDialog request={action} pending={blockPending || remove.isPending} onCancel={() => setAction(null)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </Stack>
  );
}
