import { Alert, Button, Grid, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { SelectedMaterial } from '@sanidok/schema';
import { isProtocolOpen, patientDisplayName, protocolLabel } from '@sanidok/schema';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { ConflictNotice } from '../../conflicts/ConflictNotice';
import type { ProtocolView } from '../../../data/repositories/protocols';
import { markProtocolReviewed } from '../../../data/repositories/protocols';
import { draftPrefixes } from '../../../data/drafts/draftStore';
import { useDraftWaitingAtStart } from '../../shared/useValueDraft';
import { DraftRestoredNotice } from '../../shared/DraftRestoredNotice';
import { protocolEditDe } from '../../../i18n/protocolEdit.de';
import { VitalsTimeline } from '../vitals/VitalsTimeline';
import { DischargeDialog } from './DischargeDialog';
import { FindingsTab } from './FindingsTab';
import { MaterialTab } from './MaterialTab';
import { PatientTab } from './PatientTab';
import type { ProtocolEditTab } from './protocolEditForm';
import { ProtocolActions, ProtocolSidebar, ProtocolStatusBadge } from './ProtocolSidebar';
import { TreatmentTab } from './TreatmentTab';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import { useProtocolEditForm } from './useProtocolEditForm';

const t = protocolEditDe;
const editTabs: readonly ProtocolEditTab[] = ['patient', 'findings', 'treatment', 'material', 'vitals'];
const none: readonly string[] = [];
const thisProtocol = (id: string): readonly string[] => [id];
const isEditTab = (value: string | null): value is ProtocolEditTab => editTabs.some((tab) => tab === value);

/** Notices above the tabs: closed protocol, where the patient data went, concurrent edits. */
function ProtocolNotices({ view, open }: { view: ProtocolView; open: boolean }) {
  return (
    <>
      {!open && (
        <Alert color="teal" variant="light" icon={<IconLock aria-hidden />} title={t.notices.dischargedTitle} role="status">
          <Stack gap={4}>
            <Text size="sm">{t.notices.dischargedText}</Text>
            <Text size="sm">{view.patientData ? t.notices.archivePending : t.notices.archived}</Text>
          </Stack>
        </Alert>
      )}
      {view.protocol.needsReview && (
        <ConflictNotice
          title={t.notices.concurrentTitle}
          text={t.notices.concurrentText}
          reviewLabel={t.notices.reviewed}
          reviewFailedTitle={t.notices.reviewFailed}
          revisions={{ protocolId: view.protocol.id }}
          sealed={!open}
          // A closed protocol takes no edits: its notice stays as a record.
          onReviewed={open ? () => markProtocolReviewed(view.protocol.id) : undefined}
        />
      )}
    </>
  );
}

/** The edit page of one protocol, once it is read and its opening was logged (docs/spec/services.md §2). */
export function ProtocolEditView({ view }: { view: ProtocolView }) {
  const { protocol } = view;
  const open = isProtocolOpen(protocol.status);
  const readOnly = !open;
  const [tab, setTab] = useState<ProtocolEditTab>('patient');
  const [discharging, setDischarging] = useState(false);
  const [materials, setMaterials] = useState<SelectedMaterial[]>([]);
  const editor = useProtocolEditForm({ view, materials, onMaterialsSaved: () => setMaterials([]), onInvalid: setTab });
  const unsaved = open && (editor.isDirty || materials.length > 0);
  const patientName = patientDisplayName(view.patientData);
  // A measurement kept as a draft lives in the vitals tab's dialog: that tab opens, the dialog restores it.
  const openVitals = useCallback(() => setTab('vitals'), []);
  useDraftWaitingAtStart(draftPrefixes.richVitals, open ? thisProtocol(protocol.id) : none, openVitals);
  const reopenDischarge = useCallback(() => setDischarging(true), []);

  return (
    <>
      <UnsavedChangesGuard when={unsaved} onLeave={editor.draft.clear} />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{protocolLabel(protocol.serviceProtocolNumber)}</Title>
          {patientName && <Text size="lg">{patientName}</Text>}
          <Group gap="xs">
            <ProtocolStatusBadge status={protocol.status} />
          </Group>
        </Stack>
        {open && (
          <Button size="md" onClick={() => void editor.submit()} leftSection={<IconDeviceFloppy size={20} aria-hidden />} disabled={editor.saving} miw={140}>
            {editor.saving ? t.page.saving : t.page.save}
          </Button>
        )}
      </Group>
      <ProtocolActions view={view} onDischarge={() => setDischarging(true)} />
      {/* The overview (current values, protocol info) beside the tabs only from 1200 px; below, after
          them: on a tablet (768–1280 px, with the navigation beside it) the tabs are what is worked in,
          and they start above the fold. */}
      <Grid gap="lg" mt="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {/* No <form> around the tabs: the treatment editor and the vitals dialogs have forms of
              their own, and their submit events would bubble (through portals) into this one. */}
          <Stack gap="md">
            <ProtocolNotices view={view} open={open} />
            <DraftRestoredNotice at={editor.draft.restoredAt} onDiscard={editor.draft.discard} />
            {/* Only the open tab is rendered: the catalogue and the charts are large, and the form's
                values live in react-hook-form, not in the inputs, so nothing typed is lost. */}
            <Tabs value={tab} onChange={(value) => isEditTab(value) && setTab(value)} keepMounted={false}>
              <Tabs.List aria-label={t.tabs.label}>
                <Tabs.Tab value="patient">{t.tabs.patient}</Tabs.Tab>
                <Tabs.Tab value="findings">{t.tabs.findings}</Tabs.Tab>
                <Tabs.Tab value="treatment">{t.tabs.treatment}</Tabs.Tab>
                <Tabs.Tab value="material">{t.tabs.material}</Tabs.Tab>
                <Tabs.Tab value="vitals">{t.tabs.vitals}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="patient" pt="md">
                <PatientTab form={editor.form} readOnly={readOnly} hasPatientData={editor.withPatientData} discharged={!open} />
              </Tabs.Panel>
              <Tabs.Panel value="findings" pt="md">
                <FindingsTab form={editor.form} readOnly={readOnly} />
              </Tabs.Panel>
              <Tabs.Panel value="treatment" pt="md">
                <TreatmentTab form={editor.form} view={view} readOnly={readOnly} />
              </Tabs.Panel>
              <Tabs.Panel value="material" pt="md">
                <MaterialTab protocol={protocol} readOnly={readOnly} selection={materials} onSelectionChange={(update) => setMaterials(update)} />
              </Tabs.Panel>
              <Tabs.Panel value="vitals" pt="md">
                <VitalsTimeline view={view} editable={open} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <ProtocolSidebar view={view} />
        </Grid.Col>
      </Grid>
      <DischargeDialog protocolId={protocol.id} opened={discharging && open} onClose={() => setDischarging(false)} unsavedChanges={unsaved} onDraftRestored={reopenDischarge} closed={!open} />
    </>
  );
}
