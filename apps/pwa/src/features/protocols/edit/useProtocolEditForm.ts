import type { SelectedMaterial } from '@sanidok/schema';
import { isProtocolOpen } from '@sanidok/schema';
import { draftIds } from '../../../data/drafts/draftStore';
import { useFormDraft } from '../../shared/useFormDraft';
import { draftsDe } from '../../../i18n/drafts.de';
import { useEffect, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import { zodForm } from '../../../lib/zodForm';
import type { ProtocolView } from '../../../data/repositories/protocols';
import { updateProtocol } from '../../../data/repositories/protocols';
import { protocolEditDe } from '../../../i18n/protocolEdit.de';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { describeError } from '../../../lib/describeError';
import type { ProtocolEditTab, ProtocolEditValues } from './protocolEditForm';
import { clinicalEditSchema, protocolEditSchema, tabOfField, toEditValues, toProtocolChanges } from './protocolEditForm';

const toasts = protocolEditDe.toasts;
const tabOrder: ProtocolEditTab[] = ['patient', 'findings', 'treatment'];

interface ProtocolEditFormOptions {
  view: ProtocolView;
  /** Materials picked on the Material tab and not saved yet: 'Speichern' takes them along. */
  materials: readonly SelectedMaterial[];
  onMaterialsSaved: () => void;
  /** An invalid save opens the tab with the first message. */
  onInvalid: (tab: ProtocolEditTab) => void;
}

/**
 * The edit page's form state and its one save (docs/spec/services.md §2; one 'Speichern' per page, the
 * header's, for every tab including the materials picked on the Material tab): every change goes through one
 * updateProtocol call, which writes locally and queues only the changed fields. A failed save
 * keeps every input. Values that change underneath (a pull, another tab) replace only fields the
 * medic has not touched.
 */
export function useProtocolEditForm({ view, materials, onMaterialsSaved, onInvalid }: ProtocolEditFormOptions) {
  const withPatientData = view.patientData !== null;
  const stored = toEditValues(view);
  const form = useForm<ProtocolEditValues>({
    resolver: zodForm<typeof protocolEditSchema | typeof clinicalEditSchema, ProtocolEditValues>(withPatientData ? protocolEditSchema : clinicalEditSchema),
    defaultValues: stored,
  });
  // What is typed survives a lock, a reload or a crash until it is saved (docs/decisions.md "Drafts survive a lock").
  const draft = useFormDraft(form, {
    id: draftIds.protocol(view.protocol.id), recordId: view.protocol.id,
    closed: !isProtocolOpen(view.protocol.status), closedNotice: draftsDe.droppedClosed,
  });
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);

  const storedKey = JSON.stringify(stored);
  useEffect(() => {
    form.reset(JSON.parse(storedKey) as ProtocolEditValues, { keepDirtyValues: true, keepErrors: true });
  }, [form, storedKey]);

  const { isDirty } = form.formState;

  const save = async (values: ProtocolEditValues) => {
    if (savingRef.current) return;
    savingRef.current = true;
    setSaving(true);
    const onlyMaterials = materials.length > 0 && !form.formState.isDirty;
    try {
      const changed = await updateProtocol(view.protocol.id, {
        ...toProtocolChanges(values, withPatientData, view.protocol.incidentTime),
        ...(materials.length ? { materials: materials.map(({ id, quantity }) => ({ id, quantity })) } : {}),
      });
      form.reset(values);
      draft.clear();
      if (materials.length) onMaterialsSaved();
      // Only picked materials: the spec's own toast for them (docs/spec/services.md §7).
      if (onlyMaterials) notifySuccess(toasts.materialsSaved, toasts.materialsSavedText);
      else if (changed) notifySuccess(toasts.saved, toasts.savedText);
      else notifySuccess(toasts.nothingChanged, toasts.nothingChangedText);
    } catch (error) {
      notifyError(onlyMaterials ? toasts.materialsFailed : toasts.saveFailed, describeError(error));
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  const invalid = (errors: FieldErrors<ProtocolEditValues>) => {
    const tabs = Object.keys(errors).map(tabOfField);
    const first = tabOrder.find((tab) => tabs.includes(tab));
    if (first) onInvalid(first);
    notifyError(toasts.saveFailed, toasts.invalid);
  };

  const submit = () => form.handleSubmit(save, invalid)();
  return { form, isDirty, saving, submit, withPatientData, draft };
}
