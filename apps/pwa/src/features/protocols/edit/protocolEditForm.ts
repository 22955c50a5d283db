import type { PatientDataKey, ProtocolClinicalField } from '@sanidok/schema';
import { patientDataFieldSchemas, patientDataKeys, protocolClinicalFieldSchemas, protocolClinicalFields } from '@sanidok/schema';
import { z } from 'zod';
import type { ProtocolChanges, ProtocolView } from '../../../data/repositories/protocols';

/**
 * The edit page's form (docs/spec/services.md §2, §5): every patient data field and every clinical field as text,
 * each checked by its field rule from the shared schemas (packages/schema patientData.ts,
 * protocols.ts), so the messages appear at the field instead of as a failed save.
 */

export type ProtocolEditValues = Record<PatientDataKey | ProtocolClinicalField, string>;

/** With patient data on the device the names are required; without, only the clinical part is edited. */
export const protocolEditSchema = z.object({ ...patientDataFieldSchemas, ...protocolClinicalFieldSchemas });
const unchecked = Object.fromEntries(patientDataKeys.map((key) => [key, z.string()])) as Record<PatientDataKey, z.ZodString>;
export const clinicalEditSchema = z.object({ ...unchecked, ...protocolClinicalFieldSchemas });

/** The form's values from what the device holds; absent values are empty fields. */
export function toEditValues(view: ProtocolView): ProtocolEditValues {
  const values = {} as ProtocolEditValues;
  for (const key of patientDataKeys) values[key] = view.patientData?.[key] ?? '';
  for (const field of protocolClinicalFields) values[field] = view.protocol[field] ?? '';
  return values;
}

/**
 * Everything the form shows goes to updateProtocol, which compares with the stored rows and
 * queues only what differs. Patient data is left out when the device holds none (nothing to edit).
 */
export function toProtocolChanges(values: ProtocolEditValues, withPatientData: boolean): ProtocolChanges {
  const changes: ProtocolChanges = {};
  for (const field of protocolClinicalFields) changes[field] = values[field];
  if (withPatientData) changes.patientData = Object.fromEntries(patientDataKeys.map((key) => [key, values[key]]));
  return changes;
}

/** The tab holding a field: an invalid save opens the tab of its first message. */
export type ProtocolEditTab = 'patient' | 'findings' | 'treatment' | 'material' | 'vitals';

export function tabOfField(field: string): ProtocolEditTab {
  if (field === 'helper1' || field === 'helper2') return 'treatment';
  return (patientDataKeys as readonly string[]).includes(field) ? 'patient' : 'findings';
}
