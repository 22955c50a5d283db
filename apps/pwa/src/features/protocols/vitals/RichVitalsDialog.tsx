import { Button, Group, Modal, Stack, Tabs, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { gcsTotal, skinStatusOptions } from '@sanidok/schema';
import { useRef, useState } from 'react';
import { recordVitals } from '../../../data/repositories/protocolRecords';
import { vitalsDe } from '../../../i18n/vitals.de';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { failureMessage } from '../../minor-treatments/failureMessage';
import { ParameterToggle } from './ParameterToggle';
import { RichBasicTab } from './RichBasicTab';
import { RichExtendedTab } from './RichExtendedTab';
import type { RichFormControls, RichTextField, RichToggle } from './richVitalsForm';
import { emptyRichVitals, richStateToValues, richValueProblems, tabOf } from './richVitalsForm';

const t = vitalsDe.rich;
const toasts = vitalsDe.toasts;

export interface RichVitalsDialogProps {
  protocolId: string;
  opened: boolean;
  onClose: () => void;
}

const gcsParts = new Set<RichTextField>(['gcs_eyes', 'gcs_verbal', 'gcs_motor']);
const toggleOfField = (field: RichTextField): RichToggle =>
  field === 'systolic' || field === 'diastolic' ? 'blood_pressure' : gcsParts.has(field) ? 'gcs' : field.startsWith('pupils') ? 'pupils' : (field as RichToggle);
const score = (text: string) => (text === '' ? null : Number(text));

/**
 * 'Neue Vitalparameter-Messung' (spec 2 §2, §4, §5, §8): tabs Grundwerte, Erweitert, Notizen; each
 * parameter is enabled by its checkbox. Saving is a local write with its outbox row (offline-first)
 * and resets the form; 'Zurücksetzen' and closing reset it too.
 */
export function RichVitalsDialog({ protocolId, opened, onClose }: RichVitalsDialogProps) {
  const [state, setState] = useState(emptyRichVitals);
  const [errors, setErrors] = useState<RichFormControls['errors']>({});
  const [tab, setTab] = useState<string | null>('basic');
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const fullScreen = useMediaQuery('(max-width: 36em)');

  const clearError = (toggle: RichToggle) => setErrors((current) => (current[toggle] ? { ...current, [toggle]: undefined } : current));

  const controls: RichFormControls = {
    state,
    errors,
    setEnabled: (toggle, enabled) => {
      clearError(toggle);
      setState((s) => ({ ...s, enabled: { ...s.enabled, [toggle]: enabled } }));
    },
    setText: (field, text) => {
      clearError(toggleOfField(field));
      // A changed GCS part makes the computed total stale: it has to be computed again.
      setState((s) => ({ ...s, text: { ...s.text, [field]: text }, gcsTotal: gcsParts.has(field) ? null : s.gcsTotal }));
    },
    setPain: (pain) => {
      clearError('pain_scale');
      setState((s) => ({ ...s, pain }));
    },
    setSkin: (skin) => {
      clearError('skin_status');
      setState((s) => ({ ...s, skin: skinStatusOptions.filter((o) => skin.includes(o)) }));
    },
    calculateGcs: () => {
      clearError('gcs');
      const total = gcsTotal(score(state.text.gcs_eyes), score(state.text.gcs_verbal), score(state.text.gcs_motor));
      setState((s) => ({ ...s, gcsTotal: total }));
      return total;
    },
  };

  const reset = () => {
    setState(emptyRichVitals());
    setErrors({});
    setTab('basic');
  };

  const close = () => {
    if (savingRef.current) return;
    reset();
    onClose();
  };

  const save = async () => {
    if (savingRef.current) return;
    const values = richStateToValues(state);
    if (values.length === 0) {
      notifyError(toasts.noDataTitle, toasts.noData);
      return;
    }
    const problems = richValueProblems(values);
    const first = (Object.keys(problems) as RichToggle[])[0];
    if (first) {
      setErrors(problems);
      setTab(tabOf(first));
      notifyError(toasts.richFailedTitle, problems[first] ?? toasts.richFailedFallback);
      return;
    }
    savingRef.current = true;
    setSaving(true);
    try {
      await recordVitals(protocolId, values);
      notifySuccess(toasts.richSaved, toasts.richSavedText);
      reset();
      onClose();
    } catch (error) {
      notifyError(toasts.richFailedTitle, failureMessage(error) || toasts.richFailedFallback);
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t.title}
      size="xl"
      fullScreen={fullScreen}
      // A stray tap beside the dialog must not throw away a measurement.
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t.close }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <Tabs value={tab} onChange={setTab}>
            <Tabs.List grow aria-label={t.tabsLabel}>
              <Tabs.Tab value="basic">{t.tabs.basic}</Tabs.Tab>
              <Tabs.Tab value="extended">{t.tabs.extended}</Tabs.Tab>
              <Tabs.Tab value="notes">{t.tabs.notes}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="basic" pt="md">
              <RichBasicTab controls={controls} />
            </Tabs.Panel>
            <Tabs.Panel value="extended" pt="md">
              <RichExtendedTab controls={controls} />
            </Tabs.Panel>
            <Tabs.Panel value="notes" pt="md">
              <ParameterToggle label={t.notes} checked={state.enabled.notes} onChange={(on) => controls.setEnabled('notes', on)}>
                <Textarea
                  label={t.notes}
                  placeholder={t.notesPlaceholder}
                  autosize
                  minRows={4}
                  disabled={!state.enabled.notes}
                  value={state.text.notes}
                  onChange={(event) => controls.setText('notes', event.currentTarget.value)}
                  error={errors.notes}
                />
              </ParameterToggle>
            </Tabs.Panel>
          </Tabs>
          <Group justify="flex-end">
            <Button variant="default" onClick={reset} disabled={saving}>
              {t.reset}
            </Button>
            <Button type="submit" disabled={saving} miw={140}>
              {saving ? t.saving : t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
