import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import type { Service } from '@sanidok/schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { updateService } from '../../data/repositories/services';
import { servicesDe } from '../../i18n/services.de';
import { notifySuccess } from '../../lib/notify';
import { PeriodFields } from './PeriodFields';
import type { EditFormValues } from './serviceForm';
import { changedFields, editFormSchema, toEditValues } from './serviceForm';
import { zodForm } from '../../lib/zodForm';
import { DialogError, useDialogFailure } from '../shared/DialogError';
import { describeError } from '../../lib/describeError';

const t = servicesDe.form;

interface EditServiceDialogProps {
  service: Service;
  onClose: () => void;
}

/**
 * 'Bearbeiten' (docs/spec/services.md §2, §5): name, location, description, access code and dates. Mounted only
 * while open, so it starts from the service as it is now; only changed fields are sent.
 */
export function EditServiceDialog({ service, onClose }: EditServiceDialogProps) {
  // The values the user started from: a pull while the dialog is open must not turn a colleague's
  // change into "changed by me".
  const [initial] = useState(() => toEditValues(service));
  const form = useForm<EditFormValues>({ resolver: zodForm(editFormSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const failure = useDialogFailure();

  const close = () => {
    if (!isSubmitting) onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    failure.clear();
    try {
      const changes = changedFields(initial, values);
      if (Object.keys(changes).length > 0) await updateService(service.id, changes);
      notifySuccess(servicesDe.toasts.saved, servicesDe.toasts.savedText(values.name.trim()));
      onClose();
    } catch (error) {
      failure.fail(servicesDe.toasts.saveFailed, describeError(error));
    }
  });

  return (
    <Modal opened onClose={close} title={t.editTitle} size="lg" closeButtonProps={{ 'aria-label': t.close }}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <TextInput label={t.name} required error={errors.name?.message} data-autofocus {...form.register('name')} />
          <TextInput label={t.location} required error={errors.location?.message} {...form.register('location')} />
          <Textarea label={t.description} rows={3} error={errors.description?.message} {...form.register('description')} />
          <TextInput
            label={t.accessCode}
            description={t.accessCodeHint}
            autoComplete="off"
            error={errors.accessCode?.message}
            {...form.register('accessCode')}
          />
          <PeriodFields form={form} />
          <DialogError failure={failure.failure} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={isSubmitting}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
