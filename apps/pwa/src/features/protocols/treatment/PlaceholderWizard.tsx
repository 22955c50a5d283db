import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TreatmentTemplate } from '@sanidok/schema';
import { currentWizardStep, fillTemplate, startWizard, wizardProgress, wizardReducer, wizardResult } from '@sanidok/schema';
import { useReducer, useState } from 'react';
import { treatmentDe } from '../../../i18n/treatment.de';
import { WizardStep } from './WizardStep';
import { CaptureModal } from '../../../components/CaptureModal';

const t = treatmentDe.wizard;

interface PlaceholderWizardProps {
  /** The sentence being completed; null when the wizard is closed. */
  template: TreatmentTemplate | null;
  /** Stores the entry; true when saved (the wizard then closes), false keeps it open. */
  onAdd: (text: string) => Promise<boolean>;
  onCancel: () => void;
  /** The stored line for a text: time and performer as they are now. */
  previewLine: (text: string) => string;
}

/**
 * The parameter wizard (docs/spec/services.md §4) in a modal: one step per placeholder in fixed order, 'Zurück',
 * a preview once all are filled, then 'Hinzufügen'. A sentence without placeholders opens at the
 * preview, so every catalogue pick is confirmed once before it becomes an unchangeable entry.
 */
export function PlaceholderWizard({ template, onAdd, onCancel, previewLine }: PlaceholderWizardProps) {
  return (
    <CaptureModal
      opened={template !== null}
      onClose={onCancel}
      title={t.title}
      size="lg"
      closeLabel={t.close}
    >
      {template && <WizardBody key={template.id} template={template} onAdd={onAdd} onCancel={onCancel} previewLine={previewLine} />}
    </CaptureModal>
  );
}

function WizardBody({ template, onAdd, onCancel, previewLine }: PlaceholderWizardProps & { template: TreatmentTemplate }) {
  const [state, dispatch] = useReducer(wizardReducer, template, startWizard);
  const [saving, setSaving] = useState(false);
  const step = currentWizardStep(state);
  const result = wizardResult(state);
  const progress = wizardProgress(state);
  const hasSteps = template.placeholders.length > 0;

  const add = async () => {
    if (result === null || saving) return;
    setSaving(true);
    const added = await onAdd(result);
    // On success the parent closes the wizard and this body unmounts.
    if (!added) setSaving(false);
  };

  return (
    <Stack gap="md">
      {hasSteps && step && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t.progress(progress.step, progress.of)}
        </Text>
      )}
      {step ? (
        <>
          <Text style={{ overflowWrap: 'anywhere' }}>{fillTemplate(template.text, state.values)}</Text>
          <WizardStep step={step} chosen={state.values[step.key]} draft={state.draft} error={state.error} dispatch={dispatch} stepIndex={state.step} />
        </>
      ) : (
        <Stack gap="xs">
          <Text fw={600}>{t.preview}</Text>
          <Text size="sm" c="dimmed">
            {t.previewHint}
          </Text>
          <Paper withBorder p="md" role="status" aria-label={t.preview}>
            <Text style={{ overflowWrap: 'anywhere' }}>{previewLine(result ?? '')}</Text>
          </Paper>
        </Stack>
      )}
      <Group justify="space-between">
        {hasSteps ? (
          <Button variant="default" size="md" onClick={() => dispatch({ type: 'back' })} disabled={state.step === 0 || saving}>
            {t.back}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button variant="default" size="md" onClick={onCancel} disabled={saving}>
            {t.cancel}
          </Button>
          {step?.kind === 'text' && (
            <Button type="submit" form="treatment-wizard-text" size="md">
              {t.next}
            </Button>
          )}
          {step?.kind === 'options' && state.values[step.key] && (
            <Button size="md" onClick={() => dispatch({ type: 'next' })}>
              {t.next}
            </Button>
          )}
          {!step && (
            <Button size="md" onClick={() => void add()} loading={saving}>
              {t.add}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
