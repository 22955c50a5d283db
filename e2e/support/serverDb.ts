import Database from 'better-sqlite3';

/**
 * Reads the server's SQLite file directly, read-only, to count what really got stored (the API
 * would hide a duplicate row behind a join or a filter). Safe while the server runs (WAL) and
 * after it was killed.
 */
export function withDatabase<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

export interface StoredTreatments {
  /** Every stored treatment id of the service (one entry per row, duplicates included). */
  ids: string[];
  /** Usage rows made by those treatments, per treatment id. */
  usagePerTreatment: Map<string, number>;
  /** Mutations the server refused (quarantine) across all devices. */
  quarantined: number;
}

export function storedTreatments(file: string, serviceId: string): StoredTreatments {
  return withDatabase(file, (db) => {
    const ids = (db.prepare('select id from minor_treatments where service_id = ?').all(serviceId) as { id: string }[]).map((r) => r.id);
    const usage = db
      .prepare("select source_id as sourceId, count(*) as n from material_usage where service_id = ? and source = 'minor_treatment' group by source_id")
      .all(serviceId) as { sourceId: string; n: number }[];
    const quarantined = (db.prepare('select count(*) as n from sync_quarantine').get() as { n: number }).n;
    return { ids, usagePerTreatment: new Map(usage.map((u) => [u.sourceId, u.n])), quarantined };
  });
}

export interface StoredService {
  name: string;
  description: string | null;
  location: string;
  needsReview: number;
}

export interface StoredRevision {
  field: string;
  replacedValue: string | null;
  newValue: string | null;
  userId: number;
}

export function storedService(file: string, serviceId: string): { service: StoredService | undefined; revisions: StoredRevision[] } {
  return withDatabase(file, (db) => ({
    service: db.prepare('select name, description, location, needs_review as needsReview from services where id = ?').get(serviceId) as StoredService | undefined,
    revisions: db
      .prepare("select field, replaced_value as replacedValue, new_value as newValue, user_id as userId from field_revisions where entity = 'service' and entity_id = ? order by id")
      .all(serviceId) as StoredRevision[],
  }));
}

export interface StoredManvCase {
  /** Every tag of the service's incidents (duplicates included), its transport as stored JSON. */
  patients: { id: string; tagNumber: string; transportJson: string | null }[];
  /** Every triage row of the service (duplicates included). */
  triageIds: string[];
}

/** The MANV tags and triages the server holds for one service. */
export function storedManvCase(file: string, serviceId: string): StoredManvCase {
  return withDatabase(file, (db) => ({
    patients: db.prepare('select id, tag_number as tagNumber, transport_json as transportJson from manv_patients where service_id = ?').all(serviceId) as StoredManvCase['patients'],
    triageIds: (db.prepare('select id from manv_triages where service_id = ?').all(serviceId) as { id: string }[]).map((r) => r.id),
  }));
}
