import { Button, Group, Modal, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import type { OrganizationListItem } from '@sanidok/schema';
import { serviceStatus } from '@sanidok/schema';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { createService } from '../../data/repositories/services';
import { servicesDe } from '../../i18n/services.de';
import { notifySuccess } from '../../lib/notify';
import { PeriodFields } from './PeriodFields';
import type { ServiceTab } from './serviceGroups';
import { tabOf } from './serviceGroups';
import type { CreateFormValues } from './serviceForm';
import { createFormSchema, emptyCreateValues, toCreateInput } from './serviceForm';
import { zodForm } from '../../lib/zodForm';
import { DialogError, useDialogFailure } from '../shared/DialogError';
import { describeError } from '../../lib/describeError';

const t = servicesDe.form;

interface CreateServiceDialogProps {
  opened: boolean;
  /** Organisations where the user is owner or admin and that are not blocked. */
  organizations: readonly OrganizationListItem[];
  /** Preselected organisation (?orgId=…); ignored unless it is one of `organizations`. */
  initialOrganizationId?: number | undefined;
  onClose: () => void;
  /** The new service's id and the tab it is listed in. */
  onCreated: (id: string, tab: ServiceTab) => void;
}

/**
 * 'Sanitätsdienst erstellen' (docs/spec/services.md §2, §5). Saves to the device (Dexie + outbox) at once, online
 * or not; the sync engine uploads it. A failed save keeps every field as typed.
 */
export function CreateServiceDialog({ opened, organizations, initialOrganizationId, onClose, onCreated }: CreateServiceDialogProps) {
  const preselected = organizations.find((o) => o.id === initialOrganizationId) ?? (organizations.length === 1 ? organizations[0] : undefined);
  const defaults = emptyCreateValues(preselected ? String(preselected.id) : '');
  const form = useForm<CreateFormValues>({ resolver: zodForm(createFormSchema), defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;
  const failure = useDialogFailure();
  const preselectedId = defaults.organizationId;

  // Opening with another preselection (a new ?orgId=…) starts from that organisation.
  useEffect(() => {
    if (opened && preselectedId && !form.getValues('organizationId')) form.setValue('organizationId', preselectedId);
  }, [opened, preselectedId, form]);

  const close = () => {
    if (isSubmitting) return;
    failure.clear();
    form.reset(emptyCreateValues(preselectedId));
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    failure.clear();
    try {
      const input = toCreateInput(values);
      const id = await createService(input);
      notifySuccess(servicesDe.toasts.created, servicesDe.toasts.createdText(input.name));
      form.reset(emptyCreateValues(preselectedId));
      onCreated(id, tabOf(serviceStatus({ status: 'active', startDate: input.startDate, endDate: input.endDate })));
    } catch (error) {
      // The input stays (docs/spec/design.md §7); the dialog says why.
      failure.fail(servicesDe.toasts.error, servicesDe.toasts.createFailed(describeError(error)));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t.createTitle} size="lg" closeButtonProps={{ 'aria-label': t.close }}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <TextInput label={t.name} required error={errors.name?.message} data-autofocus {...form.register('name')} />
          <Textarea label={t.description} rows={3} error={errors.description?.message} {...form.register('description')} />
          <TextInput label={t.location} required error={errors.location?.message} {...form.register('location')} />
          <PeriodFields form={form} />
          <Controller
            control={form.control}
            name="organizationId"
            render={({ field }) => (
              <NativeSelect
                label={t.organization}
                required
                size="md"
                error={errors.organizationId?.message}
                data={[{ value: '', label: t.organizationPlaceholder }, ...organizations.map((o) => ({ value: String(o.id), label: o.name }))]}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
              />
            )}
          />
          <DialogError failure={failure.failure} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={isSubmitting}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t.createSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
