import { errorMessage } from '../../api/client';
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { EmailTemplateItem } from '@sanidok/schema';
import { emailTemplateSchema } from '@sanidok/schema';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { adminDe } from '../../i18n/de';
import { applyServerFieldErrors } from '../../api/fieldErrors';
import { notifySuccess } from '../../lib/notify';
import { useSaveEmailTemplate } from './actions';

import { zodForm } from '../../lib/zodForm';
import { DialogError, useDialogFailure } from '../shared/DialogError';

const t = adminDe.email;

interface FormValues {
  name: string;
  subject: string;
  htmlBody: string;
  textBody: string;
  isActive: boolean;
}
type Output = ReturnType<typeof emailTemplateSchema.parse>;
const resolver = zodForm<typeof emailTemplateSchema, FormValues>(emailTemplateSchema);

const valuesOf = (template: EmailTemplateItem | null): FormValues =>
  template
    ? { name: template.name, subject: template.subject, htmlBody: template.htmlBody, textBody: template.textBody, isActive: template.isActive }
    : { name: '', subject: '', htmlBody: '', textBody: '', isActive: true };

/** Template form (docs/spec/accounts.md §5: name and subject required); placeholders {{name}}, escaped in HTML. */
export function EmailTemplateDialog({ opened, template, onClose }: { opened: boolean; template: EmailTemplateItem | null; onClose: () => void }) {
  const save = useSaveEmailTemplate();
  const form = useForm<FormValues, unknown, Output>({ resolver, defaultValues: valuesOf(template) });
  const { errors } = form.formState;
  const failure = useDialogFailure();

  useEffect(() => {
    if (opened) form.reset(valuesOf(template));
  }, [opened, template, form]);

  const close = () => {
    failure.clear();
    save.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit((values) => {
    failure.clear();
    // Variables are derived by the server from the placeholders used.
    const { variables: _derived, ...input } = values;
    save.mutate(
      { ...input, ...(template && { id: template.id }) },
      {
        onSuccess: (saved) => {
          notifySuccess(adminDe.toasts.saved, adminDe.toasts.templateSaved(saved.name));
          close();
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, ['name', 'subject', 'htmlBody', 'textBody']);
          failure.fail(adminDe.toasts.error, errorMessage(error));
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title={template ? t.editTemplate : t.newTemplate} size="xl" closeButtonProps={{ 'aria-label': adminDe.common.close }}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <TextInput label={t.templateName} description={t.templateNameHint} required error={errors.name?.message} data-autofocus {...form.register('name')} />
          <TextInput label={t.subject} required error={errors.subject?.message} {...form.register('subject')} />
          <Textarea label={t.htmlBody} rows={10} ff="monospace" error={errors.htmlBody?.message} {...form.register('htmlBody')} />
          <Textarea label={t.textBody} rows={6} error={errors.textBody?.message} {...form.register('textBody')} />
          <Text size="sm" c="dimmed">
            {t.variablesHint}
          </Text>
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => <Checkbox label={t.templateActive} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
          />
          <DialogError failure={failure.failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              {adminDe.common.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {adminDe.common.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
