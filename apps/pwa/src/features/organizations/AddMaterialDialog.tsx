import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { euroTextToCents, materialDialogSchema } from '@sanidok/schema';
import { useForm } from 'react-hook-form';
import { de } from '../../i18n/de';
import { applyServerFieldErrors } from '../../api/fieldErrors';
import { notifySuccess } from '../../lib/notify';
import { useAddMaterial } from './actions';
import { zodForm } from '../../lib/zodForm';
import { DialogError, useDialogFailure } from '../shared/DialogError';
import { describeError } from '../../lib/describeError';

const t = de.organizations;
const emptyValues = { name: '', unit: '', unitPrice: '' };

interface AddMaterialDialogProps {
  opened: boolean;
  organizationId: number | null;
  onClose: () => void;
}

/** 'Material hinzufügen': name and unit of a catalogue entry (docs/spec/services.md §5, shared schema), optionally its price. */
export function AddMaterialDialog({ opened, organizationId, onClose }: AddMaterialDialogProps) {
  const addMaterial = useAddMaterial();
  const form = useForm({ resolver: zodForm(materialDialogSchema), defaultValues: emptyValues });
  const { errors } = form.formState;
  const failure = useDialogFailure();

  const close = () => {
    failure.clear();
    form.reset(emptyValues);
    addMaterial.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit((values) => {
    failure.clear();
    if (organizationId === null) {
      failure.fail(de.organizationToasts.error, de.organizationToasts.noOrganization);
      return;
    }
    addMaterial.mutate(
      { name: values.name, unit: values.unit, unitPriceCents: euroTextToCents(values.unitPrice) ?? null, organizationId },
      {
        onSuccess: (material) => {
          notifySuccess(de.organizationToasts.materialAdded, de.organizationToasts.materialAddedText(material.name));
          close();
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, ['name', 'unit']);
          failure.fail(de.organizationToasts.error, describeError(error, de.errors.generic));
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title={t.addMaterial} closeButtonProps={{ 'aria-label': de.organizationKey.close }}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <TextInput label={t.materialName} required error={errors.name?.message} data-autofocus {...form.register('name')} />
          <TextInput
            label={t.materialUnit}
            required
            placeholder={t.materialUnitPlaceholder}
            error={errors.unit?.message}
            {...form.register('unit')}
          />
          <TextInput
            label={t.materialPrice}
            description={t.materialPriceHint}
            inputMode="decimal"
            placeholder="1,20"
            error={errors.unitPrice?.message}
            {...form.register('unitPrice')}
          />
          <DialogError failure={failure.failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={addMaterial.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={addMaterial.isPending}>
              {t.addMaterial}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
