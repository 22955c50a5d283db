import type { DeviceSealedEntity, SyncChange } from '@sanidok/schema';
import { deviceSealedFields } from '@sanidok/schema';

/**
 * Patient fields (identity and clinical part) as the pull delivers them (docs/security.md "Patient data needs the
 * unlocked device"): sealed by the server to this device's registered key, in the envelope the
 * device itself writes while locked (`l1~<page key sealed to the device>~<d1 envelope>`, bound to
 * the device table and row id). The device stores it as it came, locked or not: it becomes the
 * row's `enc`, and the encryption layer (data/crypto/rowCipher.ts) opens it with the device's
 * secret key like any row sealed while locked, or adds the row's other secret fields as a patch
 * (locked) or merges them under the data key (unlocked). Nothing here needs a key.
 */
export function storableData(change: SyncChange): unknown {
  if (change.op !== 'upsert') return undefined;
  if (change.sealed === undefined || !Object.hasOwn(deviceSealedFields, change.entity)) return change.data;
  // The sealed fields come null in the clear data: left in, they would overwrite the envelope's values.
  const sealedFields: readonly string[] = deviceSealedFields[change.entity as DeviceSealedEntity].fields;
  const data: Record<string, unknown> = Object.fromEntries(Object.entries(change.data).filter(([field]) => !sealedFields.includes(field)));
  data.enc = change.sealed;
  // The purge's index of named minor treatments: the envelope may hold a name (it holds the description
  // too, so it comes also without one); an unnamed row in the index costs the purge one no-op change.
  if (change.entity === 'minorTreatment') data.named = 1;
  return data;
}
