import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { Material } from '@sanidok/schema';
import { centsToEuroText, euroTextToCents, materialPriceFormSchema } from '@sanidok/schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../api/fieldErrors';
import { de } from '../../i18n/de';
import { notifySuccess } from '../../lib/notify';
import { zodForm } from '../../lib/zodForm';
import { useSetMaterialPrice } from './actions';
import { describeError } from '../../lib/describeError';

const t = de.organizations;

/** 'Preis ändern': the owner sets or clears a material's unit price; an error stays in the dialog. */
export function MaterialPriceDialog({ material, onClose }: { material: Material; onClose: () => void }) {
  const setPrice = useSetMaterialPrice();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: zodForm(materialPriceFormSchema), defaultValues: { unitPrice: centsToEuroText(material.unitPriceCents) } });
  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    setPrice.mutate(
      { material, unitPriceCents: euroTextToCents(values.unitPrice) ?? null },
      {
        onSuccess: () => {
          notifySuccess(de.organizationToasts.priceSaved, de.organizationToasts.priceSavedText(material.name));
          onClose();
        },
        onError: (failure) => {
          applyServerFieldErrors(failure, form.setError, ['unitPrice']);
          setError(describeError(failure, de.errors.generic));
        },
      },
    );
  });
  return (
    <Modal opened onClose={onClose} title={t.editPriceTitle(material.name)} closeButtonProps={{ 'aria-label': de.organizationKey.close }}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t.materialPrice}
            description={t.materialPriceHint}
            inputMode="decimal"
            placeholder="1,20"
            data-autofocus
            error={form.formState.errors.unitPrice?.message ?? error}
            {...form.register('unitPrice')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={setPrice.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={setPrice.isPending}>
              {de.common.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
