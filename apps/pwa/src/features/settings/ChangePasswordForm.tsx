import { Button, Group, Stack, Text } from '@mantine/core';
import { changePasswordFormSchema } from '@sanidok/schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/client';
import { de } from '../../i18n/de';
import { applyServerFieldErrors } from '../../api/fieldErrors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useChangePassword } from './actions';
import { zodForm } from '../../lib/zodForm';
import { PasswordField } from '../../components/PasswordField';

const emptyValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Password change with a display and an edit mode (docs/spec/accounts.md §2, §4). */
export function ChangePasswordForm() {
  const [editing, setEditing] = useState(false);
  const changePassword = useChangePassword();
  const form = useForm({ resolver: zodForm(changePasswordFormSchema), defaultValues: emptyValues });
  const { errors } = form.formState;

  const close = () => {
    form.reset(emptyValues);
    setEditing(false);
  };

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          // The device data key is rewrapped under the new password: signing in and
          // unlocking on this tablet go on with the new one.
          void import('../../sync/deviceUnlock').then(({ rewrapForNewPassword }) => rewrapForNewPassword(newPassword));
          notifySuccess(de.toasts.saved, de.toasts.passwordChanged);
          close();
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, ['currentPassword', 'newPassword']);
          notifyError(de.toasts.passwordChangeFailed, errorMessage(error));
        },
      },
    ),
  );

  if (!editing) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text ff="monospace" aria-label={de.settings.passwordSection}>
          {de.settings.passwordHidden}
        </Text>
        <Text size="sm" c="dimmed">
          {de.settings.passwordDescription}
        </Text>
        <Button variant="light" onClick={() => setEditing(true)}>
          {de.settings.changePassword}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="md" maw={420}>
        <PasswordField
          label={de.settings.currentPassword}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <PasswordField
          choosing
          label={de.settings.newPassword}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <PasswordField
          label={de.settings.confirmPassword}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Group>
          <Button type="submit" loading={changePassword.isPending}>
            {de.common.save}
          </Button>
          <Button variant="default" onClick={close} disabled={changePassword.isPending}>
            {de.common.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
