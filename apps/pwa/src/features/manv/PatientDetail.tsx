import { Alert, Button, Divider, Group, List, Modal, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ManvIncident, ManvPatient, ManvPatientState, ManvTriage, TransportMeans, TransportPosition, TransportPriority } from '@sanidok/schema';
import { formatDateTime, isoToBerlinParts, latestBerlinInstantAt, manvAlgorithmLabels, manvPhaseLabels, manvQualificationLabels, transportMeans, transportMeansLabels, transportPositionLabels, transportPriorities, transportPriorityLabels } from '@sanidok/schema';
import { useMemo, useState } from 'react';
import { draftIds } from '../../data/drafts/draftStore';
import { DraftRestoredNotice } from '../shared/DraftRestoredNotice';
import { useValueDraft } from '../shared/useValueDraft';
import { Link } from 'react-router-dom';
import { GermanTimeInput } from '../../components/dates/GermanTimeInput';
import { recordManvTransport, recordManvTriage, updateManvPatient } from '../../data/repositories/manv';
import { createProtocol } from '../../data/repositories/protocols';
import { manvDe } from '../../i18n/manv.de';
import { describeError } from '../../lib/describeError';
import { notifyError, notifySuccess } from '../../lib/notify';
import { CategoryBadge } from './CategoryBadge';
import type { PersonDraft } from './PersonFields';
import { PersonFields, personInput } from './PersonFields';
import type { TriageDraft } from './TriageChoiceFields';
import { TriageChoiceFields, chosenCategory, emptyAnswers } from './TriageChoiceFields';

const t = manvDe.detail;
type State = ManvPatientState<ManvPatient, ManvTriage>;

async function attempt(work: () => Promise<unknown>, success: string): Promise<boolean> {
  try {
    await work();
    notifySuccess(success, '');
    return true;
  } catch (error) {
    notifyError(manvDe.toasts.error, describeError(error, manvDe.toasts.unknownError));
    return false;
  }
}

/** Rows sharing this tag number: "same person" merges this row into the other one. */
function ConflictPanel({ state, others }: { state: State; others: readonly ManvPatient[] }) {
  const [number, setNumber] = useState('');
  return (
    <Alert color="red" title={t.conflictTitle} data-testid="manv-conflict">
      <Stack gap="xs">
        <Text size="sm">{t.conflictText(state.patient.tagNumber)}</Text>
        {others.map((other) => (
          <Button key={other.id} variant="light" color="red" onClick={() => void attempt(() => updateManvPatient(state.patient.id, { duplicateOf: other.id }), t.merged)}>
            {t.mergeInto(other.tagNumber, formatDateTime(other.createdAt))}
          </Button>
        ))}
        <Group align="flex-end" wrap="wrap">
          <TextInput label={t.renumber} value={number} onChange={(e) => setNumber(e.currentTarget.value)} />
          <Button disabled={!number.trim()} onClick={() => void attempt(() => updateManvPatient(state.patient.id, { tagNumber: number }), t.renumbered)}>{t.renumberSubmit}</Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function TransportForm({ patient }: { patient: ManvPatient }) {
  const current = patient.transport;
  const [priority, setPriority] = useState<TransportPriority>(current?.priority ?? 'high');
  const [means, setMeans] = useState<TransportMeans>(current?.means ?? 'rtw');
  const [position, setPosition] = useState<TransportPosition>(current?.position ?? 'lying');
  const [destination, setDestination] = useState(current?.destination ?? '');
  // Recorded as it happens or after the fact: the field starts at now (or the saved departure).
  const [departure, setDeparture] = useState(() => isoToBerlinParts(current?.departedAt ?? new Date().toISOString()).time);
  const departedAt = () => latestBerlinInstantAt(departure, new Date());
  // docs/decisions.md "Drafts survive a lock": what is typed here comes back until it is saved.
  const form = useMemo(() => ({ priority, means, position, destination, departure }), [priority, means, position, destination, departure]);
  const kept = useValueDraft(form, {
    id: draftIds.manvTag(patient.id, 'transport'), recordId: patient.id,
    restore: (values) => {
      setPriority(values.priority);
      setMeans(values.means);
      setPosition(values.position);
      setDestination(values.destination);
      setDeparture(values.departure);
    },
  });
  return (
    <Stack gap="xs" data-testid="manv-transport">
      <Title order={4} size="h5">{t.transport}</Title>
      <DraftRestoredNotice at={kept.restoredAt} onDiscard={kept.discard} />
      {current && <Text size="sm">{`${transportMeansLabels[current.means]} → ${current.destination}, ${transportPositionLabels[current.position]}, ${t.departedAt} ${formatDateTime(current.departedAt)}`}</Text>}
      <Group grow wrap="wrap" align="flex-end">
        <Select label={t.priority} data={transportPriorities.map((v) => ({ value: v, label: transportPriorityLabels[v] }))} value={priority} onChange={(v) => v && setPriority(v)} allowDeselect={false} />
        <Select label={t.means} data={transportMeans.map((v) => ({ value: v, label: transportMeansLabels[v] }))} value={means} onChange={(v) => v && setMeans(v)} allowDeselect={false} />
      </Group>
      <TextInput label={t.destination} value={destination} onChange={(e) => setDestination(e.currentTarget.value)} />
      <SegmentedControl aria-label={t.position} value={position} onChange={(v) => setPosition(v)} data={(['lying', 'sitting'] as const).map((v) => ({ value: v, label: transportPositionLabels[v] }))} />
      <GermanTimeInput label={t.departedAt} description={t.departedAtHint} value={departure} onChange={setDeparture} />
      <Button
        disabled={!destination.trim() || departedAt() === null}
        onClick={() => void attempt(() => recordManvTransport(patient.id, { priority, means, position, destination, departedAt: departedAt() ?? '' }), t.transportSaved).then((ok) => ok && kept.clear())}
      >
        {t.saveTransport}
      </Button>
    </Stack>
  );
}

/** Name and details learned later (from the person, the hospital): the person-information list needs them. */
function PersonForm({ patient }: { patient: ManvPatient }) {
  const [person, setPerson] = useState<PersonDraft>({ name: patient.name ?? '', sex: patient.sex, estimatedAge: patient.estimatedAge, diagnosis: patient.diagnosis ?? '' });
  const kept = useValueDraft(person, { id: draftIds.manvTag(patient.id, 'person'), recordId: patient.id, restore: setPerson });
  return (
    <Stack gap="xs" data-testid="manv-person">
      <Title order={4} size="h5">{manvDe.capture.person}</Title>
      <DraftRestoredNotice at={kept.restoredAt} onDiscard={kept.discard} />
      <PersonFields person={person} onChange={setPerson} />
      <Button variant="light" onClick={() => void attempt(() => updateManvPatient(patient.id, { person: personInput(person) }), t.personSaved).then((ok) => ok && kept.clear())}>{t.savePerson}</Button>
    </Stack>
  );
}

interface Props {
  incident: ManvIncident;
  state: State;
  sameTag: readonly ManvPatient[];
  onClose: () => void;
}

/** One tag: history, re-triage, transport, conflict resolution, the step to a full protocol. */
export function PatientDetail({ incident, state, sameTag, onClose }: Props) {
  const { patient, history } = state;
  const [draft, setDraft] = useState<TriageDraft>({ algorithm: 'none', qualification: 'physician', answers: [], override: null });
  const category = chosenCategory(draft);
  const kept = useValueDraft(draft, { id: draftIds.manvTag(patient.id, 'retriage'), recordId: patient.id, restore: setDraft });
  const toProtocol = async () => {
    const protocolId = await createProtocol({
      serviceId: patient.serviceId,
      patientData: { lastName: patient.name ?? undefined, gender: patient.sex ?? undefined },
      chiefComplaint: `MANV „${incident.name}“, Anhängekarte ${patient.tagNumber}${patient.diagnosis ? `: ${patient.diagnosis}` : ''}`,
    });
    await updateManvPatient(patient.id, { protocolId });
  };
  return (
    <Modal opened onClose={onClose} title={t.title(patient.tagNumber)} size="lg">
      <Stack gap="md">
        {state.tagConflict && <ConflictPanel state={state} others={sameTag.filter((p) => p.id !== patient.id)} />}
        {state.lateTriages.length > 0 && <Alert color="orange">{t.lateWarning}</Alert>}
        <Stack gap="xs">
          <Title order={4} size="h5">{t.history}</Title>
          <List spacing={4} listStyleType="none" data-testid="manv-history">
            {history.map((event) => (
              <List.Item key={event.id}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm">{formatDateTime(event.triagedAt)}</Text>
                  <CategoryBadge category={event.category} size="sm" />
                  <Text size="sm">{t.historyEntry(manvPhaseLabels[event.phase], manvAlgorithmLabels[event.algorithm], event.triagedByName ?? t.unknownWho, manvQualificationLabels[event.qualification])}</Text>
                </Group>
              </List.Item>
            ))}
          </List>
        </Stack>
        <Divider />
        <Title order={4} size="h5">{t.retriage}</Title>
        <DraftRestoredNotice at={kept.restoredAt} onDiscard={kept.discard} />
        <TriageChoiceFields draft={draft} onChange={setDraft} blueEnabled={incident.blueEnabled} />
        <Button
          disabled={category === null}
          onClick={() => category && void attempt(() => recordManvTriage(patient.id, { category, algorithm: draft.algorithm, qualification: draft.qualification }), t.retriage).then((ok) => {
            if (!ok) return;
            kept.clear();
            setDraft(emptyAnswers(draft));
          })}
        >
          {manvDe.capture.save}
        </Button>
        <Divider />
        <PersonForm patient={patient} />
        <Divider />
        <TransportForm patient={patient} />
        <Divider />
        {patient.protocolId ? (
          <Button component={Link} to={`/patient-protocols/${patient.protocolId}`} variant="light">{t.protocolOpen}</Button>
        ) : (
          <Button variant="light" onClick={() => void attempt(toProtocol, t.protocolCreated)}>{t.protocol}</Button>
        )}
        <Button variant="default" onClick={onClose}>{t.close}</Button>
      </Stack>
    </Modal>
  );
}
