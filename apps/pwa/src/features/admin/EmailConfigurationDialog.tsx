import { errorMessage } from '../../api/client';
import { Button, Checkbox, Group, Modal, NumberInput, PasswordInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { EmailConfigurationInput, EmailConfigurationItem } from '@sanidok/schema';
import { defaultSmtpPort, emailConfigurationSchema, emailConnectionTestSchema, emailMessages, fieldMessages } from '@sanidok/schema';
import { useEffect } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Controller, useForm } from 'react-hook-form';
import { adminDe } from '../../i18n/de';
import { applyServerFieldErrors } from '../../api/fieldErrors';
import { notifySuccess } from '../../lib/notify';
import { useSaveEmailConfiguration, useTestEmailConnection } from './actions';
import { mailFailureText } from './notifyFailure';
import { zodForm } from '../../lib/zodForm';
import { DialogError, useDialogFailure } from '../shared/DialogError';

const t = adminDe.email;

interface FormValues {
  name: string;
  host: string;
  port: number | string;
  useTLS: boolean;
  username: string;
  password: string;
  fromEmail: string;
  fromName: string;
  isActive: boolean;
}

type Output = ReturnType<typeof emailConfigurationSchema.parse>;
// The form keeps the port as typed (NumberInput may give ''); the schema coerces and checks it.
const resolver = zodForm<typeof emailConfigurationSchema, FormValues>(emailConfigurationSchema);

/** docs/spec/accounts.md §3, §9: port 587 and TLS on by default. */
const emptyValues: FormValues = { name: '', host: '', port: defaultSmtpPort, useTLS: true, username: '', password: '', fromEmail: '', fromName: '', isActive: false };

function valuesOf(configuration: EmailConfigurationItem | null): FormValues {
  if (!configuration) return emptyValues;
  const { name, host, port, useTLS, username, fromEmail, isActive } = configuration;
  return { name, host, port, useTLS, username, password: '', fromEmail, fromName: configuration.fromName ?? '', isActive };
}

const hasRequiredError = (errors: Record<string, { message?: string } | undefined>) =>
  Object.values(errors).some((e) => e?.message === emailMessages.required);

interface EmailConfigurationDialogProps {
  opened: boolean;
  /** null: a new configuration. */
  configuration: EmailConfigurationItem | null;
  onClose: () => void;
}

/** SMTP configuration form: useTLS instead of secure; the password is write-only. */
export function EmailConfigurationDialog({ opened, configuration, onClose }: EmailConfigurationDialogProps) {
  const save = useSaveEmailConfiguration();
  const test = useTestEmailConnection();
  const form = useForm<FormValues, unknown, Output>({ resolver, defaultValues: valuesOf(configuration) });
  const { errors } = form.formState;
  const failure = useDialogFailure();

  useEffect(() => {
    if (opened) form.reset(valuesOf(configuration));
  }, [opened, configuration, form]);

  const close = () => {
    failure.clear();
    save.reset();
    test.reset();
    onClose();
  };

  const onInvalid = (invalid: FieldErrors<FormValues>) => {
    if (hasRequiredError(invalid)) failure.fail(adminDe.toasts.error, adminDe.toasts.requiredFields);
  };

  const onSubmit = form.handleSubmit((values) => {
    failure.clear();
    const input: Partial<EmailConfigurationInput> & { id?: number } = { ...values, ...(configuration && { id: configuration.id }) };
    save.mutate(input, {
      onSuccess: (saved) => {
        notifySuccess(adminDe.toasts.saved, adminDe.toasts.configurationSaved(saved.name));
        close();
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, ['name', 'host', 'port', 'username', 'password', 'fromEmail', 'fromName']);
        failure.fail(adminDe.toasts.error, errorMessage(error));
      },
    });
  }, onInvalid);

  const testConnection = () => {
    const values = form.getValues();
    const input = { ...values, ...(configuration && { id: configuration.id }) };
    const parsed = emailConnectionTestSchema.safeParse(input);
    if (!parsed.success) {
      const fields = fieldMessages(parsed.error);
      for (const [field, message] of Object.entries(fields)) if (field in values) form.setError(field as keyof FormValues, { type: 'validate', message });
      failure.fail(adminDe.toasts.error, Object.values(fields)[0] ?? adminDe.toasts.requiredFields);
      return;
    }
    test.mutate(input, {
      onSuccess: (result) => notifySuccess(adminDe.toasts.connectionOk, result.message),
      onError: (error) => failure.fail(adminDe.toasts.testFailed, mailFailureText(error)),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={configuration ? t.editConfiguration : t.newConfiguration} size="lg" closeButtonProps={{ 'aria-label': adminDe.common.close }}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <TextInput label={t.name} required error={errors.name?.message} data-autofocus {...form.register('name')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t.host} required error={errors.host?.message} style={{ gridColumn: 'span 2' }} {...form.register('host')} />
            <Controller
              control={form.control}
              name="port"
              render={({ field }) => (
                <NumberInput label={t.port} min={1} max={65535} allowDecimal={false} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.port?.message} />
              )}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="useTLS"
            render={({ field }) => (
              <Switch label={t.useTLS} description={t.useTLSHint} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t.username} required autoComplete="off" error={errors.username?.message} {...form.register('username')} />
            <PasswordInput
              label={t.password}
              autoComplete="new-password"
              placeholder={configuration?.hasPassword ? t.passwordKeep : undefined}
              description={configuration?.hasPassword ? t.passwordStored : undefined}
              error={errors.password?.message}
              {...form.register('password')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t.fromEmail} required type="email" error={errors.fromEmail?.message} {...form.register('fromEmail')} />
            <TextInput label={t.fromName} error={errors.fromName?.message} {...form.register('fromName')} />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => <Checkbox label={t.isActive} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
          />
          <DialogError failure={failure.failure} />
          <Group justify="space-between">
            <Button variant="light" onClick={testConnection} loading={test.isPending}>
              {t.testConnection}
            </Button>
            <Group>
              <Button variant="default" onClick={close} disabled={save.isPending}>
                {adminDe.common.cancel}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {adminDe.common.save}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
