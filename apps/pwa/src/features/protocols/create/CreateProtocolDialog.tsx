import { Alert, Fieldset, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { ProtocolClinicalField, ProtocolFormValues, SelectedMaterial, Service } from '@sanidok/schema';
import { patientDataLabels, protocolFieldLabels, protocolFormSchema, toCreateProtocolPayload } from '@sanidok/schema';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useMaterials } from '../../../data/hooks';
import type { NewProtocol } from '../../../data/repositories/protocols';
import { protocolsDe } from '../../../i18n/protocols.de';
import { minorTreatmentsDe } from '../../../i18n/minorTreatments.de';
import { MaterialPicker } from '../../../components/materialPicker/MaterialPicker';
import { CaptureServiceSelect } from '../../services/CaptureServiceSelect';
import { lastCaptureService, rememberCaptureService, useCaptureServices } from '../../services/captureServices';
import { CancelInputConfirm, PatientIdentityFields, hasTypedInput, InsuranceInput } from './PatientInputs';
import { saveNewProtocol } from './saveNewProtocol';
import { FormActions } from '../../../components/FormActions';
import { CaptureModal } from '../../../components/CaptureModal';
import { zodForm } from '../../../lib/zodForm';
import { DialogError, useDialogFailure } from '../../shared/DialogError';
import { draftIds } from '../../../data/drafts/draftStore';
import { DraftRestoredNotice } from '../../shared/DraftRestoredNotice';
import { useFormDraft } from '../../shared/useFormDraft';

const t = protocolsDe.create;
type ProtocolFormOutput = z.output<typeof protocolFormSchema>;
const resolver = zodForm(protocolFormSchema);

const emptyValues: ProtocolFormValues = {
  serviceId: '', firstName: '', lastName: '', dateOfBirth: '', gender: '', address: '', phone: '', insuranceInfo: '',
  initialAssessment: '', allergies: '', medications: '', pastHistory: '', chiefComplaint: '',
};

/** The clinical texts of the dialog, in the order of docs/spec/services.md §2. */
const clinicalFields = ['initialAssessment', 'allergies', 'medications', 'pastHistory', 'chiefComplaint'] as const satisfies readonly ProtocolClinicalField[];

/** The shared payload rule (packages/schema); its patient data is the object built from the form. */
function newProtocolOf(values: ProtocolFormOutput, selection: readonly SelectedMaterial[]): NewProtocol {
  const payload = toCreateProtocolPayload(values, selection);
  return { ...payload, patientData: payload.patientData as NewProtocol['patientData'] };
}

/** The only running service, or the one of the last save while it is still offered. */
function preselectedService(services: readonly Service[] | undefined): string {
  if (!services || services.length === 0) return '';
  if (services.length === 1) return services[0]?.id ?? '';
  const last = lastCaptureService();
  return services.some((s) => s.id === last) ? (last ?? '') : '';
}

interface CreateProtocolDialogProps {
  opened: boolean;
  onClose: () => void;
  /** After a successful save, with the new protocol's id (the page selects it). */
  onCreated: (id: string) => void;
  /** A draft of an unsaved protocol came back (after a lock or a reload): the page opens the dialog with it. */
  onDraftRestored?: () => void;
}

/**
 * 'Patientenprotokoll erstellen' (docs/spec/services.md §2, §5, §8). Saves only to the device and never waits for
 * the network. Cancel asks 'Eingabe abbrechen?' once something was entered; confirming resets form
 * and materials. A failed save keeps every input.
 */
export function CreateProtocolDialog({ opened, onClose, onCreated, onDraftRestored }: CreateProtocolDialogProps) {
  const captureServices = useCaptureServices();
  const form = useForm<ProtocolFormValues, unknown, ProtocolFormOutput>({ resolver, defaultValues: emptyValues });
  const { errors } = form.formState;
  // docs/decisions.md "Drafts survive a lock"; a preselected service alone is no input.
  const draft = useFormDraft(form, { id: draftIds.newProtocol(), typed: (values) => hasTypedInput(values), onRestored: onDraftRestored });
  const [selection, setSelection] = useState<SelectedMaterial[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);

  const serviceId = useWatch({ control: form.control, name: 'serviceId' });
  const chosen = captureServices?.find((s) => s.id === serviceId);
  const catalogue = useMaterials(chosen?.organizationId);
  const preselect = preselectedService(captureServices);

  useEffect(() => {
    if (opened && preselect && !form.getValues('serviceId')) form.setValue('serviceId', preselect);
  }, [opened, preselect, form]);

  const failure = useDialogFailure();
  const reset = () => {
    draft.clear();
    failure.clear();
    form.reset(emptyValues);
    setSelection([]);
  };

  const confirmCancel = () => {
    setConfirming(false);
    reset();
    onClose();
  };

  const askCancel = () => {
    if (saving) return;
    if (hasTypedInput(form.getValues(), selection.length)) setConfirming(true);
    else confirmCancel();
  };

  const submit = form.handleSubmit(async (values) => {
    failure.clear();
    setSaving(true);
    const id = await saveNewProtocol(newProtocolOf(values, selection), failure.fail);
    setSaving(false);
    if (!id) return;
    rememberCaptureService(values.serviceId);
    reset();
    onCreated(id);
  });

  const noServices = captureServices !== undefined && captureServices.length === 0;

  return (
    <Modal.Stack>
      <CaptureModal
        stackId="create-protocol"
        opened={opened && captureServices !== undefined}
        onClose={askCancel}
        title={t.title}
        size="xl"
        closeLabel={t.close}
        fullScreenBelow="48em"
      >
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <DraftRestoredNotice at={draft.restoredAt} />
            <CaptureServiceSelect
              control={form.control}
              services={captureServices}
              organizationId={chosen?.organizationId}
              onOrganizationChange={() => setSelection([])}
              label={t.service}
              placeholder={t.servicePlaceholder}
              error={errors.serviceId?.message}
              size="md"
            />
            {noServices && <Alert color="yellow">{t.noServices}</Alert>}

            <Fieldset legend={t.patientSection}>
              <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <PatientIdentityFields form={form} />
                <TextInput label={patientDataLabels.address} autoComplete="off" error={errors.address?.message} {...form.register('address')} />
                <TextInput label={patientDataLabels.phone} type="tel" autoComplete="off" error={errors.phone?.message} {...form.register('phone')} />
              </SimpleGrid>
              <Controller
                control={form.control}
                name="insuranceInfo"
                render={({ field }) => <InsuranceInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.insuranceInfo?.message} />}
              />
              </Stack>
            </Fieldset>

            {clinicalFields.map((name) => (
              <Textarea key={name} label={protocolFieldLabels[name]} rows={2} size="md" error={errors[name]?.message} {...form.register(name)} />
            ))}

            <Fieldset legend={t.materialsSection}>
              <MaterialPicker
                catalogue={catalogue}
                selection={selection}
                onChange={setSelection}
                unavailableHint={chosen ? undefined : minorTreatmentsDe.picker.chooseServiceFirst}
              />
            </Fieldset>

            <DialogError failure={failure.failure} />
            <FormActions secondaryLabel={t.cancel} onSecondary={askCancel} saveLabel={t.save} savingLabel={t.saving} saving={saving} />
          </Stack>
        </form>
      </CaptureModal>
      <CancelInputConfirm opened={confirming} onBack={() => setConfirming(false)} onConfirm={confirmCancel} />
    </Modal.Stack>
  );
}
