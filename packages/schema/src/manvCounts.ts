import type { ManvCategory, ManvPatient, ManvPhase, ManvTriage } from './manv';
import { manvCategories, manvPhases } from './manv';

/**
 * The one place that decides a MANV patient's state from its append-only triage events, and the
 * counts the incident page, the board and the event report show. Pure: the
 * device passes its Dexie rows, the server its table rows.
 */

type PatientFields = Pick<ManvPatient, 'id' | 'tagNumber' | 'duplicateOf' | 'transport'>;
type TriageFields = Pick<ManvTriage, 'id' | 'patientId' | 'category' | 'phase' | 'triagedAt'>;

/** Events in the order they happened; the id breaks ties, so every device orders alike. */
export function compareTriages(a: Pick<ManvTriage, 'id' | 'triagedAt'>, b: Pick<ManvTriage, 'id' | 'triagedAt'>): number {
  const byTime = Date.parse(a.triagedAt) - Date.parse(b.triagedAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A triage recorded after the patient left: kept, and flagged for the lead to look at. */
export function isTriageAfterTransport(triage: Pick<ManvTriage, 'triagedAt'>, patient: Pick<ManvPatient, 'transport'>): boolean {
  return patient.transport !== null && Date.parse(triage.triagedAt) > Date.parse(patient.transport.departedAt);
}

export interface ManvPatientState<P extends PatientFields = PatientFields, T extends TriageFields = TriageFields> {
  patient: P;
  /** Its own events and those of rows merged into it (duplicateOf), oldest first. */
  history: T[];
  /** The latest event; null = registered, not yet triaged. */
  current: T | null;
  /** Events after the transport's departure. */
  lateTriages: T[];
  /** Another active row carries the same tag number in this incident. */
  tagConflict: boolean;
}

/**
 * One state per active patient (rows merged into another are folded into it). `patients` and
 * `triages` of one incident.
 */
export function manvPatientStates<P extends PatientFields, T extends TriageFields>(patients: readonly P[], triages: readonly T[]): ManvPatientState<P, T>[] {
  const byId = new Map(patients.map((p) => [p.id, p]));
  // A merge chain (a → b → c) ends at its active row; a broken link keeps the row on its own.
  const activeId = (id: string): string => {
    const seen = new Set<string>();
    let current = id;
    for (;;) {
      const next = byId.get(current)?.duplicateOf;
      if (!next || !byId.has(next) || seen.has(next)) return current;
      seen.add(current);
      current = next;
    }
  };
  const events = new Map<string, T[]>();
  for (const triage of triages) {
    if (!byId.has(triage.patientId)) continue;
    const owner = activeId(triage.patientId);
    const list = events.get(owner);
    if (list) list.push(triage);
    else events.set(owner, [triage]);
  }
  const active = patients.filter((p) => activeId(p.id) === p.id);
  const tagUse = new Map<string, number>();
  for (const p of active) tagUse.set(p.tagNumber, (tagUse.get(p.tagNumber) ?? 0) + 1);
  return active.map((patient) => {
    const history = (events.get(patient.id) ?? []).sort(compareTriages);
    return {
      patient,
      history,
      current: history.at(-1) ?? null,
      lateTriages: history.filter((t) => isTriageAfterTransport(t, patient)),
      tagConflict: (tagUse.get(patient.tagNumber) ?? 0) > 1,
    };
  });
}

export interface ManvCategoryCount {
  /** Patients whose current category this is. */
  total: number;
  /** …of them by the phase of that current event. */
  byPhase: Record<ManvPhase, number>;
  /** …of them transported. */
  transported: number;
}

export interface ManvCounts {
  /** Active patients (tags), merged duplicates counted once. */
  patients: number;
  untriaged: number;
  transported: number;
  byCategory: Record<ManvCategory, ManvCategoryCount>;
  /** Triage events per phase (every event, history included). */
  eventsByPhase: Record<ManvPhase, number>;
  /** Tag numbers carried by more than one active row. */
  tagConflicts: number;
  /** Patients with a triage after their transport. */
  lateTriagePatients: number;
}

const zeroPhases = (): Record<ManvPhase, number> => Object.fromEntries(manvPhases.map((p) => [p, 0])) as Record<ManvPhase, number>;

/** Counts per category and phase of one incident (board, incident page, event report). */
export function countManv(patients: readonly PatientFields[], triages: readonly TriageFields[]): ManvCounts {
  const byCategory = Object.fromEntries(manvCategories.map((c) => [c, { total: 0, byPhase: zeroPhases(), transported: 0 }])) as Record<ManvCategory, ManvCategoryCount>;
  const counts: ManvCounts = { patients: 0, untriaged: 0, transported: 0, byCategory, eventsByPhase: zeroPhases(), tagConflicts: 0, lateTriagePatients: 0 };
  const conflicted = new Set<string>();
  for (const state of manvPatientStates(patients, triages)) {
    counts.patients += 1;
    if (state.patient.transport) counts.transported += 1;
    if (state.tagConflict) conflicted.add(state.patient.tagNumber);
    if (state.lateTriages.length > 0) counts.lateTriagePatients += 1;
    for (const event of state.history) counts.eventsByPhase[event.phase] += 1;
    if (!state.current) {
      counts.untriaged += 1;
      continue;
    }
    const slot = byCategory[state.current.category];
    slot.total += 1;
    slot.byPhase[state.current.phase] += 1;
    if (state.patient.transport) slot.transported += 1;
  }
  counts.tagConflicts = conflicted.size;
  return counts;
}
