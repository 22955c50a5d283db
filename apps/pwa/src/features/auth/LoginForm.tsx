import { Anchor, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { loginSchema } from '@sanidok/schema';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { useLogin } from '../../api/session';
import { de } from '../../i18n/de';
import { applyServerFieldErrors } from '../../api/fieldErrors';
import { notifyError } from '../../lib/notify';
import { zodForm } from '../../lib/zodForm';
import { PasswordField } from '../../components/PasswordField';
import { useLockStore } from '../../sync/lockStore';

export function LoginForm() {
  const login = useLogin();
  const form = useForm({
    resolver: zodForm(loginSchema),
    defaultValues: { username: '', password: '', rememberMe: false },
  });
  const { errors } = form.formState;

  // A failed attempt keeps every input (docs/spec/design.md §7); only the toast and field marks change.
  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      // Signing in unlocks the device data with the password just typed (issue 16).
      onSuccess: (user) => {
        // Before the signed-in layout renders: it shows a spinner, not the lock screen, meanwhile.
        useLockStore.setState({ status: 'unlocking', error: null, viaSignIn: true });
        void import('../../sync/deviceUnlock').then(({ unlockSignedInDevice }) =>
          unlockSignedInDevice({ id: user.id, name: user.fullName || user.username }, values.password, { signIn: true }),
        );
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, ['username', 'password']);
        notifyError(de.toasts.loginFailed, errorMessage(error));
      },
    }),
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="md">
        <TextInput
          label={de.auth.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...form.register('username')}
        />
        <PasswordField
          label={de.auth.password}
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Group justify="space-between" wrap="wrap">
          <Checkbox label={de.auth.rememberMe} {...form.register('rememberMe')} />
          <Anchor component={Link} to="/passwort-vergessen" size="sm" mih={44} display="inline-flex" style={{ alignItems: 'center' }}>
            {de.auth.forgotPassword}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={login.isPending}>
          {de.auth.loginSubmit}
        </Button>
      </Stack>
    </form>
  );
}
