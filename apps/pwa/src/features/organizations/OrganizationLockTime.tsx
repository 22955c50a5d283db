import { Group, Loader, NativeSelect } from '@mantine/core';
import type { OrganizationListItem } from '@sanidok/schema';
import { maxLockAfterMinutes, organizationReply } from '@sanidok/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, errorMessage } from '../../api/client';
import { lockDe } from '../../i18n/lock.de';
import { notifyError, notifySuccess } from '../../lib/notify';
import { organizationKeys } from './queries';
import { lockTimeChoices } from '../lock/lockTime';

/**
 * The owner's device lock time for the organisation: the longest inactivity
 * before members' devices lock. Online only; devices receive it with their next pull.
 */
export function OrganizationLockTime({ organization }: { organization: OrganizationListItem }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (lockAfterMinutes: number) =>
      apiSend('PUT', `/api/organizations/${organization.id}/lock-time`, { lockAfterMinutes }, organizationReply),
    onSuccess: (updated) => notifySuccess(lockDe.organizationLockSaved, lockDe.organizationLockSavedText(updated.lockAfterMinutes)),
    onError: (failure) => notifyError(lockDe.organizationLockFailed, errorMessage(failure)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKeys.list }),
  });
  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <NativeSelect
        label={lockDe.organizationLock}
        description={lockDe.organizationLockText}
        value={String(save.isPending ? save.variables : organization.lockAfterMinutes)}
        data={lockTimeChoices(maxLockAfterMinutes).map((m) => ({ value: String(m), label: lockDe.lockAfterOption(m) }))}
        disabled={save.isPending}
        onChange={(e) => save.mutate(Number(e.currentTarget.value))}
        maw={420}
      />
      {save.isPending && <Loader size="sm" aria-label={lockDe.organizationLockSaving} />}
    </Group>
  );
}
