import { Stack, Tabs, Textarea } from '@mantine/core';
import type { Dispatch, RefObject } from 'react';
import { useMemo, useState } from 'react';
import { recordVitals } from '../../../data/repositories/protocolRecords';
import { vitalsDe } from '../../../i18n/vitals.de';
import { notifySuccess } from '../../../lib/notify';
import { describeError } from '../../../lib/describeError';
import { ParameterToggle } from './ParameterToggle';
import { RichBasicTab } from './RichBasicTab';
import { RichExtendedTab } from './RichExtendedTab';
import type { RichFormActions, RichProblems, RichToggle, RichVitalsAction, RichVitalsState } from './richVitalsForm';
import { richStateToValues, richValueProblems, tabOf, toggleOfField } from './richVitalsForm';
import { FormActions } from '../../../components/FormActions';
import { DialogError, useDialogFailure } from '../../shared/DialogError';

const t = vitalsDe.rich;
const toasts = vitalsDe.toasts;

interface RichVitalsFormProps {
  protocolId: string;
  /** After a successful save (the form has reset itself). */
  onDone: () => void;
  /** Set while saving, so the dialog does not close in the middle of it. */
  savingRef: RefObject<boolean>;
  /** The values, held by the dialog so that its draft keeps them (./RichVitalsDialog.tsx). */
  state: RichVitalsState;
  dispatch: Dispatch<RichVitalsAction>;
}

/**
 * The content of 'Neue Vitalparameter-Messung' (docs/spec/services.md §2, §4, §5, §8): tabs Grundwerte, Erweitert,
 * Notizen; each parameter is enabled by its checkbox. Saving is a local write with its outbox row
 * (offline-first) and resets the form, as 'Zurücksetzen' does.
 */
export function RichVitalsForm({ protocolId, onDone, savingRef, state, dispatch }: RichVitalsFormProps) {
  const [errors, setErrors] = useState<RichProblems>({});
  const [tab, setTab] = useState<string | null>('basic');
  const [saving, setSaving] = useState(false);
  const failure = useDialogFailure();

  // Stable for the whole life of the form: parameter blocks re-render only when their values change.
  const actions = useMemo<RichFormActions>(() => {
    const clearError = (toggle: RichToggle) => setErrors((current) => (current[toggle] ? { ...current, [toggle]: undefined } : current));
    return {
      setEnabled: (toggle, enabled) => {
        clearError(toggle);
        dispatch({ type: 'enable', toggle, enabled });
      },
      setText: (field, text) => {
        clearError(toggleOfField(field));
        dispatch({ type: 'text', field, text });
      },
      setPain: (score) => {
        clearError('pain_scale');
        dispatch({ type: 'pain', score });
      },
      setSkin: (findings) => {
        clearError('skin_status');
        dispatch({ type: 'skin', findings });
      },
      setGcsTotal: (total) => {
        clearError('gcs');
        dispatch({ type: 'gcsTotal', total });
      },
    };
  }, [dispatch]);

  const reset = () => {
    failure.clear();
    dispatch({ type: 'reset' });
    setErrors({});
    setTab('basic');
  };

  const save = async () => {
    if (savingRef.current) return;
    failure.clear();
    const values = richStateToValues(state);
    if (values.length === 0) {
      failure.fail(toasts.noDataTitle, toasts.noData);
      return;
    }
    const problems = richValueProblems(values);
    const first = (Object.keys(problems) as RichToggle[])[0];
    if (first) {
      setErrors(problems);
      setTab(tabOf(first));
      failure.fail(toasts.richFailedTitle, problems[first] ?? toasts.richFailedFallback);
      return;
    }
    savingRef.current = true;
    setSaving(true);
    try {
      await recordVitals(protocolId, values);
      notifySuccess(toasts.richSaved, toasts.richSavedText);
      reset();
      onDone();
    } catch (error) {
      failure.fail(toasts.richFailedTitle, describeError(error, toasts.richFailedFallback));
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List grow aria-label={t.tabsLabel}>
            <Tabs.Tab value="basic">{t.tabs.basic}</Tabs.Tab>
            <Tabs.Tab value="extended">{t.tabs.extended}</Tabs.Tab>
            <Tabs.Tab value="notes">{t.tabs.notes}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="basic" pt="md">
            <RichBasicTab state={state} errors={errors} actions={actions} />
          </Tabs.Panel>
          <Tabs.Panel value="extended" pt="md">
            <RichExtendedTab state={state} errors={errors} actions={actions} />
          </Tabs.Panel>
          <Tabs.Panel value="notes" pt="md">
            <ParameterToggle label={t.notes} checked={state.enabled.notes} onChange={(on) => actions.setEnabled('notes', on)}>
              <Textarea
                label={t.notes}
                size="md"
                placeholder={t.notesPlaceholder}
                rows={5}
                value={state.text.notes}
                onChange={(event) => actions.setText('notes', event.currentTarget.value)}
                error={errors.notes}
              />
            </ParameterToggle>
          </Tabs.Panel>
        </Tabs>
        <DialogError failure={failure.failure} />
        <FormActions secondaryLabel={t.reset} onSecondary={reset} saveLabel={t.save} savingLabel={t.saving} saving={saving} sticky />
      </Stack>
    </form>
  );
}
