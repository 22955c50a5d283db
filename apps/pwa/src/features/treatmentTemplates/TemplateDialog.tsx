import { Alert, Stack, Textarea, TextInput } from '@mantine/core';
import type { SelectedMaterial, TreatmentTemplateFormValues } from '@sanidok/schema';
import { treatmentTemplateFormSchema } from '@sanidok/schema';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CaptureModal } from '../../components/CaptureModal';
import { FormActions } from '../../components/FormActions';
import type { LocalTreatmentTemplate } from '../../data/db';
import { useMaterials } from '../../data/hooks';
import { createTreatmentTemplate, updateTreatmentTemplate } from '../../data/repositories/treatmentTemplates';
import { treatmentTemplatesDe } from '../../i18n/treatmentTemplates.de';
import { failureMessage } from '../../lib/failureMessage';
import { notifySuccess } from '../../lib/notify';
import { zodForm } from '../../lib/zodForm';
import { MaterialPicker } from '../materials/MaterialPicker';
import { templateMaterials, templateSelection } from './applyTemplate';

const t = treatmentTemplatesDe;

interface TemplateDialogProps {
  organizationId: number;
  /** null: a new template; undefined: closed. */
  template: LocalTreatmentTemplate | null | undefined;
  onClose: () => void;
}

/**
 * Create or edit a treatment template: chip name, description text, preset materials from the
 * organisation's catalogue. Saved on the device and synced (works offline); a refusal shows in
 * the dialog at once.
 */
export function TemplateDialog({ organizationId, template, onClose }: TemplateDialogProps) {
  const catalogue = useMaterials(organizationId);
  const form = useForm<TreatmentTemplateFormValues>({ resolver: zodForm(treatmentTemplateFormSchema), defaultValues: { name: '', description: '' } });
  const [selection, setSelection] = useState<SelectedMaterial[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const opened = template !== undefined;

  // Fill the form each time the dialog opens (catalogue first: the selection shows names and units).
  useEffect(() => {
    if (!opened || catalogue === undefined) return;
    form.reset({ name: template?.name ?? '', description: template?.description ?? '' });
    setSelection(template ? templateSelection(template.materials, catalogue) : []);
    setError(null);
  }, [opened, template, catalogue, form]);

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
      setError(failureMessage(failure) || t.toasts.unknownError);
    } finally {
      setSaving(false);
    }
  });

  const { errors } = form.formState;
  return (
    <CaptureModal opened={opened} onClose={() => !saving && onClose()} title={template ? t.dialog.editTitle : t.dialog.createTitle} size="lg" closeLabel={t.dialog.close}>
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
    </CaptureModal>
  );
}
