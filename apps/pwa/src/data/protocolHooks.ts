import type { FieldRevision, PatientData } from '@sanidok/schema';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalRecordRevision } from './db';
import { useDatabase } from './hooks';
import { protocolHistory, replacedProtocolValues } from './recordRevisions';
import type { LocalProtocol, ProtocolView } from './repositories/protocols';
import { getProtocolView, listProtocols, listServiceProtocols, patientDataOf } from './repositories/protocols';

/**
 * Live reads of patient protocols (see hooks.ts): `undefined` while loading, re-rendered on every
 * local write, pull and user switch.
 */

export function useProtocols(): LocalProtocol[] | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db ? listProtocols(db) : []), [db]);
}

export function useServiceProtocols(serviceId: string): LocalProtocol[] | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db ? listServiceProtocols(db, serviceId) : []), [db, serviceId]);
}

/** undefined while loading, null when the device holds no such protocol. */
export function useProtocolView(id: string | undefined): ProtocolView | null | undefined {
  const db = useDatabase();
  return useLiveQuery(async () => (db && id ? getProtocolView(db, id) : null), [db, id]);
}

/** Patient data of the listed protocols (names in lists), keyed by protocol id. */
export function usePatientDataOf(protocolIds: readonly string[]): Map<string, PatientData> | undefined {
  const db = useDatabase();
  const key = protocolIds.join(',');
  return useLiveQuery(() => (db ? patientDataOf(db, protocolIds) : new Map<string, PatientData>()), [db, key]);
}

/** A protocol's history as the device holds it (data/recordRevisions.ts); works offline. */
export function useProtocolHistory(protocolId: string): LocalRecordRevision[] | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db ? protocolHistory(db, protocolId) : []), [db, protocolId]);
}

/** The values concurrent edits replaced in a protocol, newest first (its conflict review); offline too. */
export function useReplacedProtocolValues(protocolId: string | undefined): FieldRevision[] | undefined {
  const db = useDatabase();
  return useLiveQuery(() => (db && protocolId ? replacedProtocolValues(db, protocolId) : []), [db, protocolId]);
}
