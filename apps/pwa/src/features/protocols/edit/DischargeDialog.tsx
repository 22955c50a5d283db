import { Alert, Button, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { dischargeFormSchema, dischargeOutcomeLabels, dischargeOutcomes } from '@sanidok/schema';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodForm } from '../../../lib/zodForm';
import type { z } from 'zod';
import { dischargeProtocol } from '../../../data/repositories/protocols';
import { protocolEditDe } from '../../../i18n/protocolEdit.de';
import { notifySuccess } from '../../../lib/notify';
import { describeError } from '../../../lib/describeError';
import { CaptureModal } from '../../../components/CaptureModal';
import { stickyFooter } from '../../../components/FormActions';
import { DialogError, useDialogFailure } from '../../shared/DialogError';
import { draftIds } from '../../../data/drafts/draftStore';
import { DraftRestoredNotice } from '../../shared/DraftRestoredNotice';
import { useFormDraft } from '../../shared/useFormDraft';

const t = protocolEditDe.discharge;
const toasts = protocolEditDe.toasts;

/** The dialog's fields as typed; the schema turns them into DischargeFormValues. */
interface DischargeFields {
  dischargeStatus: string;
  dischargeOutcome: string;
  dischargeDestination: string;
  handoverTo: string;
  dischargeComment: string;
}

type DischargeValues = z.output<typeof dischargeFormSchema>;
/**
 * The shared discharge rules (docs/spec/services.md §5) over the typed text: the form holds '' until a condition
 * is chosen, which the schema's input type does not admit, though it answers it with its message.
 */
const dischargeResolver = zodForm<typeof dischargeFormSchema, DischargeFields>(dischargeFormSchema);

const emptyValues: DischargeFields = { dischargeStatus: '', dischargeOutcome: '', dischargeDestination: '', handoverTo: '', dischargeComment: '' };

interface DischargeDialogProps {
  protocolId: string;
  opened: boolean;
  onClose: () => void;
  /** The page has unsaved edits: they would not be part of the sealed patient data. */
  unsavedChanges: boolean;
  /** A draft of an unsaved discharge came back (after a lock or a reload): the page opens the dialog with it. */
  onDraftRestored?: () => void;
  /** Discharged meanwhile: the page drops the drafts of the protocol (./ProtocolEditPage.tsx), this one restores none. */
  closed?: boolean;
}

/**
 * 'Patient entlassen' (docs/spec/services.md §2, §5): condition, destination, handover and an optional comment.
 * The discharge is a local write: the patient data is sealed on this device to the organisation's
 * public key, so it works without network and the plaintext never travels again.
 */
export function DischargeDialog({ protocolId, opened, onClose, unsavedChanges, onDraftRestored, closed = false }: DischargeDialogProps) {
  const form = useForm<DischargeFields, unknown, DischargeValues>({ resolver: dischargeResolver, defaultValues: emptyValues });
  const { errors } = form.formState;
  // docs/decisions.md "Drafts survive a lock": a half-typed discharge (or refusal) comes back.
  const draft = useFormDraft(form, { id: draftIds.discharge(protocolId), recordId: protocolId, closed, onRestored: onDraftRestored });
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const failure = useDialogFailure();

  const close = () => {
    if (savingRef.current) return;
    failure.clear();
    draft.clear();
    form.reset(emptyValues);
    onClose();
  };

  const discharge = async (values: DischargeValues) => {
    if (savingRef.current) return;
    failure.clear();
    savingRef.current = true;
    setSaving(true);
    try {
      await dischargeProtocol(protocolId, values);
      notifySuccess(toasts.discharged, toasts.dischargedText);
      draft.clear();
      form.reset(emptyValues);
      onClose();
    } catch (error) {
      failure.fail(toasts.dischargeFailed, describeError(error));
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  return (
    <CaptureModal
      opened={opened}
      onClose={close}
      title={t.title}
      size="lg"
      closeLabel={t.close}
    >
      <form onSubmit={(event) => void form.handleSubmit(discharge)(event)} noValidate>
        <Stack gap="md">
          <DraftRestoredNotice at={draft.restoredAt} />
          <Controller
            control={form.control}
            name="dischargeStatus"
            render={({ field }) => (
              <Radio.Group
                label={t.condition}
                required
                value={field.value || null}
                onChange={field.onChange}
                error={errors.dischargeStatus?.message}
                name={field.name}
              >
                <Group gap="xl" mt="xs">
                  <Radio value="stabil" label={t.stable} size="md" ref={field.ref} />
                  <Radio value="instabil" label={t.unstable} size="md" />
                </Group>
              </Radio.Group>
            )}
          />
          <Controller
            control={form.control}
            name="dischargeOutcome"
            render={({ field }) => (
              <Radio.Group
                label={t.outcome}
                required
                value={field.value || null}
                onChange={field.onChange}
                error={errors.dischargeOutcome?.message}
                name={field.name}
              >
                <Stack gap="sm" mt="xs">
                  {dischargeOutcomes.map((outcome, index) => (
                    <Radio key={outcome} value={outcome} label={dischargeOutcomeLabels[outcome]} size="md" ref={index === 0 ? field.ref : undefined} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
          <TextInput
            label={t.destination}
            placeholder={t.destinationPlaceholder}
            required
            size="md"
            autoComplete="off"
            error={errors.dischargeDestination?.message}
            {...form.register('dischargeDestination')}
          />
          <TextInput
            label={t.handoverTo}
            placeholder={t.handoverToPlaceholder}
            required
            size="md"
            autoComplete="off"
            error={errors.handoverTo?.message}
            {...form.register('handoverTo')}
          />
          <Textarea
            label={t.comment}
            placeholder={t.commentPlaceholder}
            rows={2}
            resize="vertical"
            size="md"
            error={errors.dischargeComment?.message}
            {...form.register('dischargeComment')}
          />
          {unsavedChanges && (
            <Alert color="yellow" variant="light" role="alert">
              {t.unsavedWarning}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {t.sealingHint}
          </Text>
          <DialogError failure={failure.failure} />
          <Group justify="flex-end" py="xs" style={stickyFooter}>
            <Button variant="default" size="md" mih={44} onClick={close} disabled={saving}>
              {t.cancel}
            </Button>
            <Button type="submit" color="red" size="md" mih={44} disabled={saving} miw={140}>
              {saving ? t.submitting : t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </CaptureModal>
  );
}
