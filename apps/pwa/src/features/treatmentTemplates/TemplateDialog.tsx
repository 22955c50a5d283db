import { Alert, Stack, Textarea, TextInput } from '@mantine/core';
import type { MinorTreatmentTemplate, SelectedMaterial, TreatmentTemplateFormValues } from '@sanidok/schema';
import { treatmentTemplateFormSchema } from '@sanidok/schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CaptureModal } from '../../components/CaptureModal';
import { FormActions } from '../../components/FormActions';
import { useMaterials } from '../../data/hooks';
import { createTreatmentTemplate, updateTreatmentTemplate } from '../../data/repositories/treatmentTemplates';
import { treatmentTemplatesDe } from '../../i18n/treatmentTemplates.de';
import { describeError } from '../../lib/describeError';
import { notifySuccess } from '../../lib/notify';
import { zodForm } from '../../lib/zodForm';
import type { CatalogueMaterial } from '../../components/materialPicker/MaterialPicker';
import { MaterialPicker } from '../../components/materialPicker/MaterialPicker';
import { templateMaterials, templateSelection } from './applyTemplate';

const t = treatmentTemplatesDe;

interface TemplateDialogProps {
  organizationId: number;
  /** null: a new template; undefined: closed. */
  template: MinorTreatmentTemplate | null | undefined;
  onClose: () => void;
}

/**
 * Create or edit a treatment template: chip name, description text, preset materials from the
 * organisation's catalogue. Saved on the device and synced (works offline); a refusal shows in
 * the dialog at once.
 */
export function TemplateDialog({ organizationId, template, onClose }: TemplateDialogProps) {
  const catalogue = useMaterials(organizationId);
  return (
    <CaptureModal opened={template !== undefined} onClose={onClose} title={template ? t.dialog.editTitle : t.dialog.createTitle} size="lg" closeLabel={t.dialog.close}>
      {/* Mounted per opening (and per template), once the catalogue is read: the form starts from the template. */}
      {template !== undefined && catalogue !== undefined && (
        <TemplateForm key={template?.id ?? 'new'} organizationId={organizationId} template={template} catalogue={catalogue} onClose={onClose} />
      )}
    </CaptureModal>
  );
}

interface TemplateFormProps {
  organizationId: number;
  template: MinorTreatmentTemplate | null;
  catalogue: readonly CatalogueMaterial[];
  onClose: () => void;
}

function TemplateForm({ organizationId, template, catalogue, onClose }: TemplateFormProps) {
  const form = useForm<TreatmentTemplateFormValues>({
    resolver: zodForm(treatmentTemplateFormSchema),
    defaultValues: { name: template?.name ?? '', description: template?.description ?? '' },
  });
  const [selection, setSelection] = useState<SelectedMaterial[]>(() => (template ? templateSelection(template.materials, catalogue) : []));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = form.handleSubmit(async (values) => {
    setSaving(true);
    setError(null);
    try {
      const input = { ...values, materials: templateMaterials(selection) };
      if (template) await updateTreatmentTemplate(template.id, input);
      else await createTreatmentTemplate(organizationId, input);
      notifySuccess(t.toasts.saved, values.name.trim());
      onClose();
    } catch (failure) {
      setError(describeError(failure, t.toasts.unknownError));
      setSaving(false);
    }
  });

  const { errors } = form.formState;
  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t.dialog.name} description={t.dialog.nameHint} required data-autofocus maxLength={40} error={errors.name?.message} {...form.register('name')} />
        <Textarea label={t.dialog.description} description={t.dialog.descriptionHint} required rows={3} error={errors.description?.message} {...form.register('description')} />
        <MaterialPicker catalogue={catalogue} selection={selection} onChange={setSelection} />
        <FormActions secondaryLabel={t.dialog.cancel} onSecondary={onClose} saveLabel={t.dialog.save} savingLabel={t.dialog.saving} saving={saving} />
      </Stack>
    </form>
  );
}
