import type { PatientDataKey, ProtocolClinicalField } from '@sanidok/schema';
import { genders, isCalendarDate, isValidDateOfBirth, patientDataKeys, patientDataMessages, protocolClinicalFields, protocolMessages } from '@sanidok/schema';
import { z } from 'zod';
import type { ProtocolChanges, ProtocolView } from '../../../data/repositories/protocols';

/**
 * The edit page's form (spec 2 §2, §5): every patient data field and every clinical field as text.
 * The limits are those of the shared schemas (patientData.ts, protocols.ts), checked here so the
 * messages appear at the field instead of as a failed save.
 */

export type ProtocolEditValues = Record<PatientDataKey | ProtocolClinicalField, string>;

const pm = patientDataMessages;
const text = (max: number, message: string) => z.string().max(max, message);
const clinical = text(4000, protocolMessages.clinicalLong);
const helper = text(100, protocolMessages.helperLong);

const clinicalShape = {
  chiefComplaint: clinical,
  initialAssessment: clinical,
  allergies: clinical,
  medications: clinical,
  pastHistory: clinical,
  handlingInstructions: clinical,
  helper1: helper,
  helper2: helper,
};

const patientShape = {
  firstName: z.string().trim().min(1, pm.firstNameRequired).max(100, pm.nameLong),
  lastName: z.string().trim().min(1, pm.lastNameRequired).max(100, pm.nameLong),
  dateOfBirth: z
    .string()
    .refine((v) => v.trim() === '' || isCalendarDate(v.trim()), pm.dateOfBirthInvalid)
    .refine((v) => v.trim() === '' || !isCalendarDate(v.trim()) || isValidDateOfBirth(v.trim()), pm.dateOfBirthFuture),
  gender: z.string().refine((v) => v === '' || (genders as readonly string[]).includes(v), pm.genderInvalid),
  address: text(300, pm.addressLong),
  phone: text(50, pm.phoneLong),
  insuranceInfo: text(200, pm.insuranceLong),
  insuranceCardNumber: text(50, pm.cardNumberLong),
  location: text(300, pm.locationLong),
};

/** With patient data on the device the names are required; without, only the clinical part is edited. */
export const protocolEditSchema = z.object({ ...patientShape, ...clinicalShape });
const any = z.string();
export const clinicalEditSchema = z.object({
  ...clinicalShape,
  firstName: any, lastName: any, dateOfBirth: any, gender: any, address: any, phone: any, insuranceInfo: any, insuranceCardNumber: any, location: any,
});

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
