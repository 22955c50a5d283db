import type { PatientDataKey, ProtocolClinicalField } from '@sanidok/schema';
import { berlinWallTimeToIso, incidentTimeIssue, isoToBerlinParts, patientDataFieldSchemas, patientDataKeys, protocolClinicalFields, protocolClinicalFieldSchemas, protocolMessages } from '@sanidok/schema';
import { z } from 'zod';
import type { ProtocolChanges, ProtocolView } from '../../../data/repositories/protocols';

/**
 * The edit page's form (docs/spec/services.md §2, §5): every patient data field and every clinical field as text,
 * each checked by its field rule from the shared schemas (packages/schema patientData.ts,
 * protocols.ts), so the messages appear at the field instead of as a failed save. The incident
 * time is typed as German wall time ('yyyy-MM-ddTHH:mm', a native date-time input) and saved as
 * the instant (features/services/berlinTime.ts).
 */

export type ProtocolEditValues = Record<PatientDataKey | ProtocolClinicalField, string>;

/** Typed wall time → ISO instant; '' stays '' (cleared), an impossible date is null. */
export function incidentTimeToIso(typed: string): string | null {
  if (typed === '') return '';
  const [date = '', time = ''] = typed.split('T');
  return berlinWallTimeToIso(date, time);
}

/** ISO instant → the input's wall time; '' when none. */
export function incidentTimeToInput(iso: string | null | undefined): string {
  const { date, time } = isoToBerlinParts(iso);
  return date ? `${date}T${time}` : '';
}

/** The shared rule (no date before 2000, none in the future) on the typed wall time. */
const withIncidentTimeRule = <S extends z.ZodObject>(schema: S) =>
  schema.superRefine((values, ctx) => {
    const typed = (values as { incidentTime?: unknown }).incidentTime;
    if (typeof typed !== 'string' || typed === '') return;
    const iso = incidentTimeToIso(typed);
    const issue = iso === null ? protocolMessages.incidentTimeInvalid : incidentTimeIssue(Date.parse(iso));
    if (issue) ctx.addIssue({ code: 'custom', path: ['incidentTime'], message: issue });
  });

/** With patient data on the device the names are required; without, only the clinical part is edited. */
export const protocolEditSchema = withIncidentTimeRule(z.object({ ...patientDataFieldSchemas, ...protocolClinicalFieldSchemas }));
const unchecked = Object.fromEntries(patientDataKeys.map((key) => [key, z.string()])) as Record<PatientDataKey, z.ZodString>;
export const clinicalEditSchema = withIncidentTimeRule(z.object({ ...unchecked, ...protocolClinicalFieldSchemas }));

/** The form's values from what the device holds; absent values are empty fields. */
export function toEditValues(view: ProtocolView): ProtocolEditValues {
  const values = {} as ProtocolEditValues;
  for (const key of patientDataKeys) values[key] = view.patientData?.[key] ?? '';
  for (const field of protocolClinicalFields) values[field] = view.protocol[field] ?? '';
  values.incidentTime = incidentTimeToInput(view.protocol.incidentTime);
  return values;
}

/**
 * Everything the form shows goes to updateProtocol, which compares with the stored rows and
 * queues only what differs. Patient data is left out when the device holds none (nothing to edit).
 */
export function toProtocolChanges(values: ProtocolEditValues, withPatientData: boolean, storedIncidentTime: string | null = null): ProtocolChanges {
  const changes: ProtocolChanges = {};
  for (const field of protocolClinicalFields) changes[field] = values[field];
  // The input shows minutes: an untouched field keeps the stored instant (seconds and all), so nothing is queued.
  const untouched = values.incidentTime === incidentTimeToInput(storedIncidentTime);
  changes.incidentTime = untouched ? storedIncidentTime : (incidentTimeToIso(values.incidentTime) ?? undefined);
  if (withPatientData) changes.patientData = Object.fromEntries(patientDataKeys.map((key) => [key, values[key]]));
  return changes;
}

/** The tab holding a field: an invalid save opens the tab of its first message. */
export type ProtocolEditTab = 'patient' | 'findings' | 'treatment' | 'material' | 'vitals';

export function tabOfField(field: string): ProtocolEditTab {
  if (field === 'helper1' || field === 'helper2') return 'treatment';
  return (patientDataKeys as readonly string[]).includes(field) ? 'patient' : 'findings';
}
