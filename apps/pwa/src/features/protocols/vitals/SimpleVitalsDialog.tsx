import { Alert, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { VitalParameterType } from '@sanidok/schema';
import { fieldMessages, simpleVitalsSchema, simpleVitalsToValues } from '@sanidok/schema';
import type { SubmitEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { recordSimpleVitals } from '../../../data/repositories/protocolRecords';
import { vitalsDe } from '../../../i18n/vitals.de';
import { notifySuccess } from '../../../lib/notify';
import { describeError } from '../../../lib/describeError';
import type { SimpleField, SimpleFieldRow } from './simpleVitalsFields';
import { emptySimpleVitals, orderedSimpleRows } from './simpleVitalsFields';
import { FormActions } from '../../../components/FormActions';
import { CaptureModal } from '../../../components/CaptureModal';
import { DialogError, useDialogFailure } from '../../shared/DialogError';
import { draftIds } from '../../../data/drafts/draftStore';
import { DraftRestoredNotice } from '../../shared/DraftRestoredNotice';
import { useValueDraft } from '../../shared/useValueDraft';

const t = vitalsDe.simple;
const toasts = vitalsDe.toasts;

export interface SimpleVitalsDialogProps {
  protocolId: string;
  opened: boolean;
  onClose: () => void;
  /** The parameters of the protocol's last measurement: offered first, in their order. */
  lastParameters?: readonly VitalParameterType[];
  /** A draft of an unsaved measurement came back (after a lock or a reload): the card opens the dialog with it. */
  onDraftRestored?: () => void;
}

/**
 * 'Vitalparameter erfassen' (docs/spec/services.md §2, §5, §8): every field optional, empty fields become null,
 * messages of simpleVitalsSchema at the fields. The values are stored as one measurement of the
 * shared model on the device (outbox row; offline-first). Resets after success or cancel; until
 * then the typed values are kept as a draft.
 */
export function SimpleVitalsDialog({ protocolId, opened, onClose, lastParameters = [], onDraftRestored }: SimpleVitalsDialogProps) {
  const { remembered, others } = orderedSimpleRows(lastParameters);
  const firstField = (remembered[0] ?? others[0])?.field;
  const [values, setValues] = useState(emptySimpleVitals);
  const [errors, setErrors] = useState<Partial<Record<SimpleField, string>>>({});
  const [noData, setNoData] = useState(false);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const failure = useDialogFailure();
  const formRef = useRef<HTMLFormElement>(null);
  // docs/decisions.md "Drafts survive a lock": typed values come back after a lock or a reload.
  const draft = useValueDraft(values, { id: draftIds.simpleVitals(protocolId), recordId: protocolId, restore: setValues, onRestored: onDraftRestored });

  // After a failed check the cursor goes to the first field with a message.
  useEffect(() => {
    if (Object.keys(errors).length > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const change = (field: SimpleField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    setNoData(false);
  };

  const reset = () => {
    draft.clear();
    failure.clear();
    setValues(emptySimpleVitals());
    setErrors({});
    setNoData(false);
  };

  const cancel = () => {
    if (savingRef.current) return;
    reset();
    onClose();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (savingRef.current) return;
    const parsed = simpleVitalsSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return;
    }
    setErrors({});
    if (simpleVitalsToValues(parsed.data).length === 0) {
      setNoData(true);
      return;
    }
    savingRef.current = true;
    setSaving(true);
    failure.clear();
    try {
      await recordSimpleVitals(protocolId, values);
      notifySuccess(toasts.simpleSaved, toasts.simpleSavedText);
      reset();
      onClose();
    } catch (error) {
      failure.fail(toasts.simpleFailedTitle, toasts.simpleFailed(describeError(error)));
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  // Numbers open the numeric keypad; the DOM order is the Tab order (numbers first, see orderedSimpleRows).
  const field = (row: SimpleFieldRow) =>
    row.kind === 'number' ? (
      <TextInput
        key={row.field}
        label={row.label}
        inputMode={row.decimal ? 'decimal' : 'numeric'}
        autoComplete="off"
        value={values[row.field]}
        onChange={(event) => change(row.field, event.currentTarget.value)}
        error={errors[row.field]}
        data-autofocus={row.field === firstField ? true : undefined}
      />
    ) : (
      <NativeSelect
        key={row.field}
        label={row.label}
        size="md"
        value={values[row.field]}
        onChange={(event) => change(row.field, event.currentTarget.value)}
        error={errors[row.field]}
        data={[{ value: '', label: t.notChosen }, ...row.options]}
      />
    );

  return (
    <CaptureModal
      opened={opened}
      onClose={cancel}
      title={t.title}
      size="lg"
      closeLabel={t.close}
    >
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <DraftRestoredNotice at={draft.restoredAt} />
          {remembered.length > 0 && (
            <Text fw={600} size="sm">
              {t.remembered}
            </Text>
          )}
          {remembered.length > 0 && <SimpleGrid cols={{ base: 1, sm: 2 }}>{remembered.map(field)}</SimpleGrid>}
          {remembered.length > 0 && (
            <Text fw={600} size="sm">
              {t.others}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{others.map(field)}</SimpleGrid>
          <Textarea label={t.notes} size="md" rows={3} value={values.notes} onChange={(event) => change('notes', event.currentTarget.value)} error={errors.notes} />
          {noData && (
            <Alert color="yellow" role="alert" title={toasts.noDataTitle}>
              {toasts.noData}
            </Alert>
          )}
          <DialogError failure={failure.failure} />
          <FormActions secondaryLabel={t.cancel} onSecondary={cancel} saveLabel={t.save} savingLabel={t.saving} saving={saving} />
        </Stack>
      </form>
    </CaptureModal>
  );
}
