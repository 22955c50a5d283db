import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { registerFormSchema, toRegisterPayload } from '@sanidok/schema';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { useBetaMode, useRegister } from '../../api/session';
import { de } from '../../i18n/de';
import { applyServerFieldErrors } from '../../api/fieldErrors';
import { notifyError } from '../../lib/notify';
import { zodForm } from '../../lib/zodForm';
import { PasswordField } from '../../components/PasswordField';
import { useLockStore } from '../../sync/lockStore';

function TermsLabel() {
  // Links open in a new tab so the half-filled form is not lost.
  return (
    <Text component="span" size="sm">
      {de.auth.termsPrefix}
      <Anchor component={Link} to="/nutzungsbedingungen" target="_blank" rel="noopener">
        {de.auth.termsLink}
      </Anchor>
      {de.auth.termsMiddle}
      <Anchor component={Link} to="/datenschutz" target="_blank" rel="noopener">
        {de.auth.privacyLink}
      </Anchor>
      {de.auth.termsSuffix}
    </Text>
  );
}

export function RegisterForm() {
  const registration = useRegister();
  const betaMode = useBetaMode();
  const form = useForm({
    resolver: zodForm(registerFormSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '', terms: false, betaCode: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    // toRegisterPayload drops confirmPassword and terms: they never leave the device.
    registration.mutate(toRegisterPayload(values), {
      // The new account's device data is encrypted from the first record on.
      onSuccess: (user) => {
        // Before the signed-in layout renders: it shows a spinner, not the lock screen, meanwhile.
        useLockStore.setState({ status: 'unlocking', error: null, viaSignIn: true });
        void import('../../sync/deviceUnlock').then(({ unlockSignedInDevice }) =>
          unlockSignedInDevice({ id: user.id, name: user.fullName || user.username }, values.password, { signIn: true }),
        );
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, ['username', 'email', 'password', 'betaCode']);
        notifyError(de.toasts.registerFailed, errorMessage(error));
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
        <TextInput
          label={de.auth.email}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordField
          choosing
          label={de.auth.password}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          label={de.auth.confirmPassword}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        {betaMode && (
          <TextInput
            label={de.auth.betaCode}
            placeholder={de.auth.betaCodePlaceholder}
            description={de.auth.betaCodeHint}
            required
            autoCapitalize="characters"
            spellCheck={false}
            error={errors.betaCode?.message}
            {...form.register('betaCode')}
          />
        )}
        <Checkbox label={<TermsLabel />} error={errors.terms?.message} {...form.register('terms')} />
        <Button type="submit" fullWidth loading={registration.isPending}>
          {de.auth.registerSubmit}
        </Button>
      </Stack>
    </form>
  );
}
