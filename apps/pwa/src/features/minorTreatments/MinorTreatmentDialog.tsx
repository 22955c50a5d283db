import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { MinorTreatmentFormValues, MinorTreatmentTemplate, SelectedMaterial, Service } from '@sanidok/schema';
import { minorTreatmentFormSchema, serviceMinorTreatmentFormSchema } from '@sanidok/schema';
import type { SubmitEvent, KeyboardEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { draftIds } from '../../data/drafts/draftStore';
import { useFormDraft } from '../shared/useFormDraft';
import { DraftRestoredNotice } from '../shared/DraftRestoredNotice';
import { useMaterials } from '../../data/hooks';
import { createMinorTreatment } from '../../data/repositories/minorTreatments';
import { minorTreatmentsDe } from '../../i18n/minorTreatments.de';
import { notifySuccess } from '../../lib/notify';
import { MaterialPicker } from '../../components/materialPicker/MaterialPicker';
import { CaptureServiceSelect } from '../services/CaptureServiceSelect';
import { lastCaptureService, rememberCaptureService, useCaptureServices } from '../services/captureServices';
import { describeError } from '../../lib/describeError';
import { FormActions } from '../../components/FormActions';
import { CaptureModal } from '../../components/CaptureModal';
import { zodForm } from '../../lib/zodForm';
import { templateSelection } from '../treatmentTemplates/applyTemplate';
import { TemplateChips } from '../treatmentTemplates/TemplateChips';
import { DialogError, useDialogFailure } from '../shared/DialogError';

const t = minorTreatmentsDe.dialog;
/** After this long without the save finished, the button says 'Speichern...'. */
export const pendingLabelDelayMs = 120;
const toasts = minorTreatmentsDe.toasts;

interface MinorTreatmentDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Service detail variant: the service is fixed and that page's messages apply (docs/spec/services.md §5). */
  service?: Service;
  /** A draft of an earlier, unsaved entry was found (after a lock or a reload): the page opens the dialog with it. */
  onDraftRestored: () => void;
}

/** Only a name or a description counts as typed: the preselected service alone is no draft. */
const typedTreatment = (values: MinorTreatmentFormValues) => values.patientName.trim() !== '' || values.description.trim() !== '';

function defaultServiceId(services: readonly Service[] | undefined): string {
  if (!services || services.length === 0) return '';
  if (services.length === 1) return services[0]?.id ?? '';
  const last = lastCaptureService();
  return services.some((s) => s.id === last) ? (last ?? '') : '';
}

/**
 * 'Bagatellbehandlung erfassen' (docs/spec/services.md §2, §4, §5). Saving writes only to the device (treatment,
 * usage rows and outbox in one transaction) and never waits for the network; the sync engine
 * uploads afterwards. A failed save keeps every input. Built for speed: the cursor starts in the
 * name field, Enter saves (Shift + Enter for a new line in the description), large targets.
 */
export function MinorTreatmentDialog({ opened, onClose, service, onDraftRestored }: MinorTreatmentDialogProps) {
  const fixed = service !== undefined;
  const captureServices = useCaptureServices();
  const emptyValues: MinorTreatmentFormValues = { serviceId: service?.id ?? '', patientName: '', description: '' };
  const form = useForm<MinorTreatmentFormValues>({
    resolver: zodForm(fixed ? serviceMinorTreatmentFormSchema : minorTreatmentFormSchema),
    defaultValues: emptyValues,
  });
  const { errors } = form.formState;
  // docs/decisions.md "Drafts survive a lock": a half-typed Bagatelle comes back after a lock or a reload.
  const draft = useFormDraft(form, { id: draftIds.minorTreatment(service?.id), typed: typedTreatment, onRestored: onDraftRestored });
  const failure = useDialogFailure();
  const [selection, setSelection] = useState<SelectedMaterial[]>([]);
  const [notice, setNotice] = useState(false);
  /** The template last tapped: a template without materials needs no 'Fortfahren'. */
  const [template, setTemplate] = useState<MinorTreatmentTemplate | null>(null);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);

  const serviceId = useWatch({ control: form.control, name: 'serviceId' });
  const chosen = service ?? captureServices?.find((s) => s.id === serviceId);
  const catalogue = useMaterials(chosen?.organizationId);
  const preselect = fixed ? service.id : defaultServiceId(captureServices);

  // Preselect when the dialog opens (or the services arrive) and nothing is chosen yet.
  useEffect(() => {
    if (opened && !fixed && preselect && !form.getValues('serviceId')) form.setValue('serviceId', preselect);
  }, [opened, fixed, preselect, form]);

  useEffect(() => {
    if (notice) continueRef.current?.focus();
  }, [notice]);

  const reset = () => {
    draft.clear();
    failure.clear();
    form.reset(emptyValues);
    setSelection([]);
    setNotice(false);
    setTemplate(null);
  };

  const applyTemplate = (picked: MinorTreatmentTemplate) => {
    form.setValue('description', picked.description, { shouldValidate: form.formState.isSubmitted });
    setSelection(templateSelection(picked.materials, catalogue));
    setTemplate(picked);
    setNotice(false);
  };

  const cancel = () => {
    if (savingRef.current) return;
    reset();
    onClose();
  };

  const save = async (values: MinorTreatmentFormValues) => {
    if (savingRef.current) return;
    failure.clear();
    savingRef.current = true;
    // 'Speichern...' appears only if the save takes noticeably long: a local save takes a few
    // milliseconds, and rendering the label earlier would only compete with it for the thread.
    const showPending = window.setTimeout(() => setSaving(true), pendingLabelDelayMs);
    try {
      await createMinorTreatment({ ...values, materials: selection.map(({ id, quantity }) => ({ id, quantity })) });
      rememberCaptureService(values.serviceId);
      notifySuccess(toasts.created, toasts.createdText);
      draft.clear();
      reset();
      onClose();
    } catch (error) {
      const message = describeError(error, '');
      failure.fail(toasts.error, message ? toasts.createFailed(message) : fixed ? toasts.serverFallback : toasts.createFailed(describeError(null)));
    } finally {
      window.clearTimeout(showPending);
      savingRef.current = false;
      setSaving(false);
    }
  };

  const schema = fixed ? serviceMinorTreatmentFormSchema : minorTreatmentFormSchema;
  /**
   * The hot path checks the values with the schema directly and saves: going through
   * handleSubmit would re-render the dialog (isSubmitting) in the middle of the save. Only
   * invalid input takes handleSubmit, which shows the messages and focuses the first field.
   */
  const submit = (checkMaterials: boolean) => {
    const values = form.getValues();
    if (!schema.safeParse(values).success) {
      void form.handleSubmit(() => undefined)();
      return;
    }
    // docs/spec/services.md §2: without materials the user confirms once ('Fortfahren'); a
    // template saved without materials already says so (docs/decisions.md "Treatment templates").
    const templateWithoutMaterials = template !== null && template.materials.length === 0 && template.description === values.description;
    if (checkMaterials && selection.length === 0 && !templateWithoutMaterials) {
      setNotice(true);
      return;
    }
    void save(values);
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(true);
  };

  const onDescriptionKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    formRef.current?.requestSubmit();
  };

  const noServices = !fixed && captureServices !== undefined && captureServices.length === 0;

  return (
    <CaptureModal
      // Opened once the services are read, so the cursor lands in the right field at once.
      opened={opened && (fixed || captureServices !== undefined)}
      onClose={cancel}
      title={t.title}
      size="lg"
      closeLabel={t.close}
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {fixed ? (
            <Text size="sm">
              {t.service}: <strong>{service.name}</strong>
            </Text>
          ) : (
            <CaptureServiceSelect
              control={form.control}
              services={captureServices}
              organizationId={chosen?.organizationId}
              onOrganizationChange={() => {
                setSelection([]);
                setTemplate(null);
              }}
              label={t.service}
              placeholder={t.servicePlaceholder}
              error={errors.serviceId?.message}
              autoFocus={!preselect}
            />
          )}
          {noServices && <Alert color="yellow">{t.noServices}</Alert>}
          <DraftRestoredNotice at={draft.restoredAt} />
          <TemplateChips organizationId={chosen?.organizationId} activeId={template?.id ?? null} onPick={applyTemplate} />
          <TextInput
            label={t.patientName}
            description={t.patientNameHelp}
            required
            autoComplete="off"
            autoCapitalize="words"
            error={errors.patientName?.message}
            data-autofocus={fixed || preselect ? true : undefined}
            {...form.register('patientName')}
          />
          <Textarea
            label={t.description}
            placeholder={t.descriptionPlaceholder}
            description={t.descriptionHint}
            required
            rows={3}
            error={errors.description?.message}
            {...form.register('description')}
            onKeyDown={onDescriptionKeyDown}
          />
          <MaterialPicker
            catalogue={catalogue}
            selection={selection}
            onChange={setSelection}
            unavailableHint={chosen ? undefined : minorTreatmentsDe.picker.chooseServiceFirst}
          />
          {notice && selection.length === 0 && (
            <Alert color="yellow" role="alert">
              <Stack gap="sm">
                <Text size="sm">{t.noMaterialsNotice}</Text>
                <Group justify="flex-end">
                  <Button ref={continueRef} onClick={() => submit(false)} disabled={saving}>
                    {t.continue}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <DialogError failure={failure.failure} />
          <FormActions secondaryLabel={t.cancel} onSecondary={cancel} saveLabel={t.save} savingLabel={t.saving} saving={saving} />
        </Stack>
      </form>
    </CaptureModal>
  );
}
