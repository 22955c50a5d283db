import { errorMessage } from '../../api/client';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import type { AdminResetPasswordInput, AdminUser } from '@sanidok/schema';
import { adminResetPasswordSchema } from '@sanidok/schema';
import { useForm } from 'react-hook-form';
import { adminDe } from '../../i18n/de';
import { applyServerFieldErrors } from '../../api/fieldErrors';
import { notifySuccess } from '../../lib/notify';
import { useResetPassword } from './actions';

import { zodForm } from '../../lib/zodForm';
import { DialogError, useDialogFailure } from '../shared/DialogError';

const t = adminDe.users;

/** 'Passwort zurücksetzen': at least 6 characters (docs/spec/accounts.md §5), the user's sessions end. */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const reset = useResetPassword();
  const form = useForm<AdminResetPasswordInput>({ resolver: zodForm(adminResetPasswordSchema), defaultValues: { newPassword: '' } });
  const failure = useDialogFailure();

  const close = () => {
    failure.clear();
    form.reset({ newPassword: '' });
    reset.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(({ newPassword }) => {
    failure.clear();
    if (!user) return;
    reset.mutate(
      { userId: user.id, newPassword },
      {
        onSuccess: () => {
          notifySuccess(adminDe.toasts.saved, adminDe.toasts.passwordReset(user.username));
          close();
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, ['newPassword']);
          failure.fail(adminDe.toasts.resetPasswordFailed, errorMessage(error));
        },
      },
    );
  });

  return (
    <Modal opened={user !== null} onClose={close} title={user ? t.resetTitle(user.username) : ''} closeButtonProps={{ 'aria-label': adminDe.common.close }}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t.newPassword}
            required
            autoComplete="new-password"
            error={form.formState.errors.newPassword?.message}
            data-autofocus
            {...form.register('newPassword')}
          />
          <Text size="sm" c="dimmed">
            {t.resetHint}
          </Text>
          <DialogError failure={failure.failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={reset.isPending}>
              {adminDe.common.cancel}
            </Button>
            <Button type="submit" loading={reset.isPending}>
              {t.resetSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
