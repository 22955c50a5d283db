import type { RecordableAccessAction, SimpleVitalsInput, TreatmentPerformer, VitalValueData } from '@sanidok/schema';
import { simpleVitalsSchema, simpleVitalsToValues, syncMutations } from '@sanidok/schema';
import { activeDatabase } from '../db';
import { writeMutation } from '../outbox';
import { uuidv7 } from '../uuid';
import { recordAccessEvent } from './accessEvents';
import { requireOpenProtocol } from './protocols';
import { LocalWriteError } from './services';

/**
 * Measurements, treatment entries and access events of a protocol: insert-only records, each a
 * local write with its outbox row (offline they keep the time they were made).
 */

/** Records one measurement (rich form values, or converted simple form); returns its id. */
export async function recordVitals(protocolId: string, values: readonly VitalValueData[], recordedAt = new Date().toISOString()): Promise<string> {
  const db = activeDatabase();
  if (values.length === 0) throw new LocalWriteError('noVitalValues');
  const args = syncMutations['vitals.record'].schema.parse({ id: uuidv7(), protocolId, recordedAt, values });
  await writeMutation(db, 'vitals.record', async (tx) => {
    await requireOpenProtocol(tx, protocolId);
    return args;
  });
  return args.id;
}

/** The simple dialog 'Vitalparameter erfassen': its fields become the one model's values. */
export function recordSimpleVitals(protocolId: string, input: Partial<SimpleVitalsInput>): Promise<string> {
  return recordVitals(protocolId, simpleVitalsToValues(simpleVitalsSchema.parse(input)));
}

export interface NewTreatmentEntry {
  time: string;
  text: string;
  performer: TreatmentPerformer;
  performerName?: string | null;
}

/** Appends one '[HH:MM] text (performer)' line to a protocol; returns its id. */
export async function addTreatmentEntry(protocolId: string, entry: NewTreatmentEntry): Promise<string> {
  const db = activeDatabase();
  const args = syncMutations['treatmentEntry.add'].schema.parse({ ...entry, id: uuidv7(), protocolId, createdAt: new Date().toISOString() });
  await writeMutation(db, 'treatmentEntry.add', async (tx) => {
    await requireOpenProtocol(tx, protocolId);
    return args;
  });
  return args.id;
}

/** Records that the protocol was opened or printed (see ./accessEvents.ts). */
export function recordProtocolAccess(protocolId: string, actionType: RecordableAccessAction): Promise<void> {
  return recordAccessEvent({ actionType, protocolId });
}
