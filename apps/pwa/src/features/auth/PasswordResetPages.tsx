import { Alert, Anchor, Button, Center, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ConfirmPasswordResetFormValues } from '@sanidok/schema';
import { confirmPasswordResetFormSchema, requestPasswordResetSchema } from '@sanidok/schema';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { PasswordField } from '../../components/PasswordField';
import { applyServerFieldErrors } from '../../api/fieldErrors';
import { de } from '../../i18n/de';
import { notifyError } from '../../lib/notify';
import { zodForm } from '../../lib/zodForm';
import { confirmPasswordReset, requestPasswordReset } from './actions';

const t = de.passwordReset;

/** The frame of the sign-in page, for the pages a link in an e-mail opens (reset, address confirmation). */
export function ResetFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Stack w="100%" maw={480} gap="md">
        <Anchor component={Link} to="/auth" size="sm">
          <Group gap={4} mih={44}>
            <IconArrowLeft size={16} aria-hidden />
            {t.toLogin}
          </Group>
        </Anchor>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Title order={1} fz="h2" mb="md">
            {title}
          </Title>
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}

/** /passwort-vergessen: asks for the address; the answer is the same for every address. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({ resolver: zodForm(requestPasswordResetSchema), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      setSent((await requestPasswordReset(values)).message);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['email']);
      notifyError(t.requestFailed, errorMessage(error));
    }
  });
  return (
    <ResetFrame title={t.forgotTitle}>
      {sent ? (
        <Alert color="green" title={t.sentTitle}>
          {sent}
        </Alert>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="md">
            <Text size="sm">{t.forgotText}</Text>
            <TextInput label={de.auth.email} type="email" autoComplete="email" error={form.formState.errors.email?.message} {...form.register('email')} />
            <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
              {t.forgotSubmit}
            </Button>
          </Stack>
        </form>
      )}
    </ResetFrame>
  );
}

/** /passwort-zuruecksetzen?token=…: the link from the mail; a new password, then sign in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<ConfirmPasswordResetFormValues>({
    resolver: zodForm(confirmPasswordResetFormSchema),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    try {
      setDone((await confirmPasswordReset({ token, newPassword })).message);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['newPassword', 'token']);
      notifyError(t.failed, errorMessage(error));
    }
  });
  if (!token) {
    return (
      <ResetFrame title={t.resetTitle}>
        <Stack gap="md">
          <Alert color="orange">{t.missingToken}</Alert>
          <Button component={Link} to="/passwort-vergessen" variant="light">
            {t.requestNew}
          </Button>
        </Stack>
      </ResetFrame>
    );
  }
  return (
    <ResetFrame title={t.resetTitle}>
      {done ? (
        <Stack gap="md">
          <Alert color="green">{done}</Alert>
          <Button component={Link} to="/auth">
            {t.toLogin}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="md">
            {errors.token?.message && (
              <Alert color="red">
                {errors.token.message}{' '}
                <Anchor component={Link} to="/passwort-vergessen">
                  {t.requestNew}
                </Anchor>
              </Alert>
            )}
            <PasswordField choosing label={t.newPassword} error={errors.newPassword?.message} {...form.register('newPassword')} />
            <PasswordField label={de.auth.confirmPassword} autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
            <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
              {t.resetSubmit}
            </Button>
          </Stack>
        </form>
      )}
    </ResetFrame>
  );
}
