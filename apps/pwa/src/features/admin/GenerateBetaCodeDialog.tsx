import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { betaCodeGenerateSchema, fieldMessages } from '@sanidok/schema';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { adminDe } from '../../i18n/de';
import { notifySuccess } from '../../lib/notify';
import { useGenerateBetaCode } from './actions';
import { GermanDateInput } from '../../components/dates/GermanDateInput';
import { DialogError, useDialogFailure } from '../shared/DialogError';

const t = adminDe.beta;

/** The chosen day's end in the browser's time zone: "valid until" includes that day. */
export function endOfDay(date: string): string | null {
  if (!date) return null;
  const end = new Date(`${date}T23:59:59.999`);
  return Number.isNaN(end.getTime()) ? 'ungültig' : end.toISOString();
}

const empty = { description: '', maxUses: 1 as number | string, expiresOn: '' };

/** 'Beta-Code generieren' (docs/spec/accounts.md §5): maxUses at least 1 (default 1), description and expiry optional. */
export function GenerateBetaCodeDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const generate = useGenerateBetaCode();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const failure = useDialogFailure();

  const close = () => {
    failure.clear();
    setValues(empty);
    setErrors({});
    generate.reset();
    onClose();
  };

  const submit = (event: React.SubmitEvent) => {
    event.preventDefault();
    const payload = { description: values.description, maxUses: values.maxUses === '' ? undefined : values.maxUses, expiresAt: endOfDay(values.expiresOn) };
    const parsed = betaCodeGenerateSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return;
    }
    setErrors({});
    failure.clear();
    generate.mutate(payload, {
      onSuccess: (code) => {
        notifySuccess(adminDe.toasts.betaCodeGenerated, adminDe.toasts.betaCodeGeneratedText(code.code));
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        failure.fail(adminDe.toasts.betaCodeFailed, errorMessage(error));
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t.generateTitle} closeButtonProps={{ 'aria-label': adminDe.common.close }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t.description}
            placeholder={t.descriptionPlaceholder}
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
            error={errors.description}
            maxLength={200}
            data-autofocus
          />
          <NumberInput
            label={t.maxUses}
            required
            min={1}
            allowDecimal={false}
            value={values.maxUses}
            onChange={(value) => setValues({ ...values, maxUses: value })}
            error={errors.maxUses}
          />
          <GermanDateInput
            label={t.expiresAt}
            description={t.expiresHint}
            value={values.expiresOn}
            onChange={(expiresOn) => setValues({ ...values, expiresOn })}
            error={errors.expiresAt}
          />
          <DialogError failure={failure.failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={generate.isPending}>
              {adminDe.common.cancel}
            </Button>
            <Button type="submit" loading={generate.isPending}>
              {t.generateSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
