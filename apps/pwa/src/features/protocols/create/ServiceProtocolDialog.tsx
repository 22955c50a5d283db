import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import type { Service, ServiceProtocolFormValues } from '@sanidok/schema';
import { serviceProtocolFormSchema } from '@sanidok/schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { protocolsDe } from '../../../i18n/protocols.de';
import { CancelInputConfirm, PatientIdentityFields, hasTypedInput } from './PatientInputs';
import { saveNewProtocol } from './saveNewProtocol';
import { CaptureModal } from '../../../components/CaptureModal';
import { zodForm } from '../../../lib/zodForm';
import { DialogError, useDialogFailure } from '../../shared/DialogError';
import { draftIds } from '../../../data/drafts/draftStore';
import { DraftRestoredNotice } from '../../shared/DraftRestoredNotice';
import { useFormDraft } from '../../shared/useFormDraft';

const t = protocolsDe.serviceTab;
type ServiceProtocolFormOutput = z.output<typeof serviceProtocolFormSchema>;
const resolver = zodForm(serviceProtocolFormSchema);
const emptyValues: ServiceProtocolFormValues = { firstName: '', lastName: '', dateOfBirth: '', gender: '', injuryDescription: '' };

interface ServiceProtocolDialogProps {
  service: Service;
  opened: boolean;
  onClose: () => void;
  /** A draft of an unsaved protocol came back (after a lock or a reload): the tab opens the dialog with it. */
  onDraftRestored?: () => void;
}

/**
 * 'Neues Patientenprotokoll' on the service detail (docs/spec/services.md §2: basic data now, details later): the
 * service is fixed, the injury description becomes the chief complaint. After saving the medic
 * continues on the protocol edit page.
 */
export function ServiceProtocolDialog({ service, opened, onClose, onDraftRestored }: ServiceProtocolDialogProps) {
  const navigate = useNavigate();
  const form = useForm<ServiceProtocolFormValues, unknown, ServiceProtocolFormOutput>({ resolver, defaultValues: emptyValues });
  const { errors } = form.formState;
  // docs/decisions.md "Drafts survive a lock".
  const draft = useFormDraft(form, { id: draftIds.newProtocol(service.id), typed: (values) => hasTypedInput(values), onRestored: onDraftRestored });
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const failure = useDialogFailure();

  const confirmCancel = () => {
    failure.clear();
    setConfirming(false);
    draft.clear();
    form.reset(emptyValues);
    onClose();
  };

  const askCancel = () => {
    if (saving) return;
    if (hasTypedInput(form.getValues())) setConfirming(true);
    else confirmCancel();
  };

  const submit = form.handleSubmit(async ({ injuryDescription, ...patient }) => {
    failure.clear();
    setSaving(true);
    const id = await saveNewProtocol({ serviceId: service.id, patientData: patient, chiefComplaint: injuryDescription ?? null }, failure.fail);
    setSaving(false);
    if (!id) return;
    draft.clear();
    form.reset(emptyValues);
    onClose();
    void navigate(`/patient-protocols/${id}`);
  });

  const c = protocolsDe.create;
  return (
    <Modal.Stack>
      <CaptureModal
        stackId="service-protocol"
        opened={opened}
        onClose={askCancel}
        title={t.dialogTitle}
        size="lg"
        closeLabel={c.close}
      >
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <DraftRestoredNotice at={draft.restoredAt} />
            <Text size="sm" c="gray.7">
              {t.dialogHint}
            </Text>
            <Text size="sm">
              {c.service}: <strong>{service.name}</strong>
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <PatientIdentityFields form={form} />
            </SimpleGrid>
            <Textarea
              label={t.injuryDescription}
              placeholder={t.injuryPlaceholder}
              rows={3}
              size="md"
              error={errors.injuryDescription?.message}
              {...form.register('injuryDescription')}
            />
            <DialogError failure={failure.failure} />
            <Group justify="flex-end">
              <Button variant="default" onClick={askCancel} disabled={saving}>
                {c.cancel}
              </Button>
              <Button type="submit" disabled={saving} miw={140}>
                {saving ? c.saving : c.save}
              </Button>
            </Group>
          </Stack>
        </form>
      </CaptureModal>
      <CancelInputConfirm opened={confirming} onBack={() => setConfirming(false)} onConfirm={confirmCancel} />
    </Modal.Stack>
  );
}
