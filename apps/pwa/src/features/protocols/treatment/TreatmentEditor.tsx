import { Alert, Grid, Paper, Stack, Tabs } from '@mantine/core';
import type { TreatmentTemplate } from '@sanidok/schema';
import { formatTreatmentEntry } from '@sanidok/schema';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { ProtocolView } from '../../../data/repositories/protocols';
import { addTreatmentEntry } from '../../../data/repositories/protocolRecords';
import { treatmentDe } from '../../../i18n/treatment.de';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { describeError } from '../../../lib/describeError';
import { CatalogueBrowser } from './CatalogueBrowser';
import { CustomEntry } from './CustomEntry';
import { EntryAuthorFields } from './EntryAuthorFields';
import { EntryList } from './EntryList';
import { PlaceholderWizard } from './PlaceholderWizard';
import { QuickMeasures } from './QuickMeasures';
import { TreatmentSearch } from './TreatmentSearch';
import { useEntryDraft } from './useEntryDraft';

const t = treatmentDe;

export interface TreatmentEditorProps {
  view: ProtocolView;
  editable: boolean;
}

/**
 * The treatment documentation editor of the Behandlung tab (docs/spec/services.md §2, §4): the protocol's
 * entries, and quick measures, catalogue, search, parameter wizard and custom entries to add more.
 * Every add is written to the device at once (with its outbox row), not on 'Speichern': if the
 * tablet dies a minute later, the measure is still documented.
 */
export function TreatmentEditor({ view, editable }: TreatmentEditorProps) {
  const open = editable && view.protocol.status === 'active';
  const list = <EntryList entries={view.entries} markable={open} />;
  if (!open) {
    return (
      <Stack gap="md">
        {view.protocol.status !== 'active' && <Alert color="gray">{t.entries.readOnly}</Alert>}
        {list}
      </Stack>
    );
  }
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <TreatmentCapture view={view} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Paper withBorder p="md">
          {list}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

function TreatmentCapture({ view }: { view: ProtocolView }) {
  const protocolId = view.protocol.id;
  const draft = useEntryDraft();
  // The sections get stable callbacks that read the latest time and performer, so typing in
  // the time or name field does not re-render 21 buttons and the catalogue on every key.
  const checkRef = useRef(draft.check);
  useLayoutEffect(() => {
    checkRef.current = draft.check;
  });
  const [wizardTemplate, setWizardTemplate] = useState<TreatmentTemplate | null>(null);
  /** Writes run one after another, so quick taps are stored in the order they were made. */
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const add = useCallback(
    (text: string): Promise<boolean> => {
      // Time and performer as they are at the tap, even if the write waits for an earlier one.
      const author = checkRef.current();
      if (!author) return Promise.resolve(false);
      const write = queue.current.then(async () => {
        try {
          await addTreatmentEntry(protocolId, { ...author, text });
          notifySuccess(t.toasts.added, formatTreatmentEntry({ ...author, text }));
          return true;
        } catch (error) {
          notifyError(t.toasts.failed, describeError(error, t.toasts.failedFallback));
          return false;
        }
      });
      queue.current = write;
      return write;
    },
    [protocolId],
  );

  // The performer is checked before the wizard opens, so its answers are never given in vain.
  const pick = useCallback((template: TreatmentTemplate) => {
    if (checkRef.current()) setWizardTemplate(template);
  }, []);

  const addFromWizard = useCallback(
    async (text: string) => {
      const added = await add(text);
      if (added) setWizardTemplate(null);
      return added;
    },
    [add],
  );

  const closeWizard = useCallback(() => setWizardTemplate(null), []);

  return (
    <Stack gap="md">
      <EntryAuthorFields draft={draft} helper1={view.protocol.helper1} helper2={view.protocol.helper2} />
      <TreatmentSearch onPick={pick} />
      <Tabs defaultValue="quick">
        <Tabs.List aria-label={t.sections.label} grow>
          <Tabs.Tab value="quick">{t.sections.quick}</Tabs.Tab>
          <Tabs.Tab value="catalogue">{t.sections.catalogue}</Tabs.Tab>
          <Tabs.Tab value="custom">{t.sections.custom}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="quick" pt="md">
          <QuickMeasures onAdd={add} />
        </Tabs.Panel>
        <Tabs.Panel value="catalogue" pt="md">
          <CatalogueBrowser onPick={pick} />
        </Tabs.Panel>
        <Tabs.Panel value="custom" pt="md">
          <CustomEntry protocolId={view.protocol.id} onAdd={add} />
        </Tabs.Panel>
      </Tabs>
      <PlaceholderWizard template={wizardTemplate} onAdd={addFromWizard} onCancel={closeWizard} previewLine={draft.previewLine} />
    </Stack>
  );
}
