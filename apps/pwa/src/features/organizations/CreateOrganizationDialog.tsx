import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { organizationFormSchema } from '@sanidok/schema';
import { useForm } from 'react-hook-form';
import { de } from '../../i18n/de';
import { applyServerFieldErrors } from '../../api/fieldErrors';
import { notifySuccess } from '../../lib/notify';
import type { CreatedOrganization } from './createOrganization';
import { useCreateOrganization } from './createOrganization';
import { zodForm } from '../../lib/zodForm';
import { DialogError, useDialogFailure } from '../shared/DialogError';
import { describeError } from '../../lib/describeError';

const t = de.organizations;
const emptyValues = { name: '', description: '' };

interface CreateOrganizationDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Receives the new organisation and its key; the caller shows the key dialog once. */
  onCreated: (created: CreatedOrganization) => void;
}

/** 'Organisation erstellen' (docs/spec/accounts.md §2, §5): name ≥ 3, description optional. */
export function CreateOrganizationDialog({ opened, onClose, onCreated }: CreateOrganizationDialogProps) {
  const { create, pending } = useCreateOrganization();
  const form = useForm({ resolver: zodForm(organizationFormSchema), defaultValues: emptyValues });
  const { errors } = form.formState;
  const failure = useDialogFailure();

  const close = () => {
    if (pending) return;
    failure.clear();
    form.reset(emptyValues);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    failure.clear();
    try {
      const created = await create({ name: values.name, description: values.description });
      notifySuccess(de.organizationToasts.created, de.organizationToasts.createdText(created.organization.name));
      form.reset(emptyValues);
      onCreated(created);
    } catch (error) {
      // A failed save keeps the input (docs/spec/design.md §7).
      applyServerFieldErrors(error, form.setError, ['name', 'description']);
      failure.fail(de.organizationToasts.error, describeError(error, de.errors.generic));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t.create} closeButtonProps={{ 'aria-label': de.organizationKey.close }}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <TextInput label={t.name} required error={errors.name?.message} data-autofocus {...form.register('name')} />
          <Textarea label={t.description} rows={3} error={errors.description?.message} {...form.register('description')} />
          <Text size="sm" c="dimmed">
            {t.createHint}
          </Text>
          <DialogError failure={failure.failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={pending}>
              {t.createSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
