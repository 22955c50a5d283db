import { Anchor, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { loginSchema } from '@sanidok/schema';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { useLogin } from '../../api/session';
import { de } from '../../i18n/de';
import { twoFactorDe } from '../../i18n/twoFactor.de';
import { applyServerFieldErrors } from '../../api/fieldErrors';
import { notifyError } from '../../lib/notify';
import { zodForm } from '../../lib/zodForm';
import { PasswordField } from '../../components/PasswordField';
import { useLockStore } from '../../sync/lockStore';

export function LoginForm() {
  const login = useLogin();
  // Two-factor accounts: the server answers TOTP_REQUIRED after the right password; the form then asks for the code.
  const [needsCode, setNeedsCode] = useState(false);
  const form = useForm({
    resolver: zodForm(loginSchema),
    defaultValues: { username: '', password: '', rememberMe: false, totpCode: '' },
  });
  const { errors } = form.formState;

  // A failed attempt keeps every input (docs/spec/design.md §7); only the toast and field marks change.
  const onSubmit = form.handleSubmit(({ totpCode, ...values }) =>
    login.mutate(needsCode ? { ...values, totpCode } : values, {
      // Signing in unlocks the device data with the password just typed.
      onSuccess: (user) => {
        // Before the signed-in layout renders: it shows a spinner, not the lock screen, meanwhile.
        useLockStore.setState({ status: 'unlocking', error: null, viaSignIn: true });
        void import('../../sync/deviceUnlock').then(({ unlockSignedInDevice }) =>
          unlockSignedInDevice({ id: user.id, name: user.fullName || user.username }, values.password, { signIn: true }),
        );
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'TOTP_REQUIRED') {
          setNeedsCode(true);
          return;
        }
        if (error instanceof ApiError && error.code === 'TOTP_INVALID') {
          form.setError('totpCode', { message: errorMessage(error) });
          return;
        }
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
        {needsCode && (
          <TextInput
            label={twoFactorDe.loginCode}
            description={twoFactorDe.loginCodeHint}
            autoComplete="one-time-code"
            inputMode="numeric"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={12}
            data-autofocus
            autoFocus
            error={errors.totpCode?.message}
            {...form.register('totpCode')}
          />
        )}
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
