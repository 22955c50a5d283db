import type { CreateServiceInput, Service, ServiceFormValues } from '@sanidok/schema';
import { berlinWallTimeToIso, isoToBerlinParts, serviceFormSchema, serviceMessages, z } from '@sanidok/schema';

/**
 * Form values of the create and edit dialogs: dates and times apart, as the medic types them in
 * German wall time (docs/spec/services.md §2), turned into ISO instants with berlinTime.ts on save.
 */

export type CreateFormValues = ServiceFormValues;

export const emptyCreateValues = (organizationId = ''): CreateFormValues => ({
  name: '',
  description: '',
  location: '',
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  organizationId,
});

const shape = serviceFormSchema.shape;

/** Both instants, or null when a field holds an impossible date. */
function instants(v: { startDate: string; startTime: string; endDate: string; endTime: string }) {
  const start = berlinWallTimeToIso(v.startDate, v.startTime);
  const end = berlinWallTimeToIso(v.endDate, v.endTime);
  return start && end ? { start: Date.parse(start), end: Date.parse(end) } : null;
}

/**
 * A date that is no calendar day (31.02.). An empty date or time is the required message of its
 * own field: a correct date once read 'Ungültiges Datum' while its time still lacked the minutes
 * (the time field gives '' until both are typed).
 */
function invalidDays(v: { startDate: string; startTime: string; endDate: string; endTime: string }): ('startDate' | 'endDate')[] {
  const wrong = (date: string, time: string) => date !== '' && time !== '' && !berlinWallTimeToIso(date, time);
  return [...(wrong(v.startDate, v.startTime) ? ['startDate' as const] : []), ...(wrong(v.endDate, v.endTime) ? ['endDate' as const] : [])];
}

/** Create: the shared schema, plus real calendar dates (no 31.02.). */
export const createFormSchema = serviceFormSchema.superRefine((v, ctx) => {
  for (const path of invalidDays(v)) ctx.addIssue({ code: 'custom', path: [path], message: serviceMessages.invalidDate });
});

/** Edit (docs/spec/services.md §5): no organisation; the end must not lie before the start. */
export const editFormSchema = z
  .object({
    name: shape.name,
    location: shape.location,
    description: shape.description,
    accessCode: shape.accessCode,
    startDate: shape.startDate,
    startTime: shape.startTime,
    endDate: shape.endDate,
    endTime: shape.endTime,
  })
  .superRefine((v, ctx) => {
    const both = instants(v);
    if (!both) {
      for (const path of invalidDays(v)) ctx.addIssue({ code: 'custom', path: [path], message: serviceMessages.invalidDate });
      return;
    }
    if (both.end < both.start) ctx.addIssue({ code: 'custom', path: ['endDate'], message: serviceMessages.endAfterStartEdit });
  });
export type EditFormValues = z.input<typeof editFormSchema>;

/** The create payload of the repository (ISO instants in UTC). */
export function toCreateInput(values: CreateFormValues): Omit<CreateServiceInput, 'id'> {
  return {
    name: values.name.trim(),
    description: values.description?.trim() || null,
    location: values.location.trim(),
    startDate: berlinWallTimeToIso(values.startDate, values.startTime) ?? '',
    endDate: berlinWallTimeToIso(values.endDate, values.endTime) ?? '',
    organizationId: Number(values.organizationId),
  };
}

export function toEditValues(service: Service): EditFormValues {
  const start = isoToBerlinParts(service.startDate);
  const end = isoToBerlinParts(service.endDate);
  return {
    name: service.name,
    location: service.location,
    description: service.description ?? '',
    accessCode: service.accessCode ?? '',
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
  };
}

export interface ServiceChanges {
  name?: string;
  location?: string;
  description?: string | null;
  accessCode?: string | null;
  startDate?: string;
  endDate?: string;
}

/**
 * Only the fields the user changed (field-wise sync, docs/sync-protocol.md): untouched dates are
 * never re-sent, so a re-conversion can never overwrite a colleague's change.
 */
export function changedFields(initial: EditFormValues, values: EditFormValues): ServiceChanges {
  const changes: ServiceChanges = {};
  if (values.name.trim() !== initial.name.trim()) changes.name = values.name.trim();
  if (values.location.trim() !== initial.location.trim()) changes.location = values.location.trim();
  if ((values.description ?? '').trim() !== (initial.description ?? '').trim()) changes.description = values.description?.trim() || null;
  if ((values.accessCode ?? '').trim() !== (initial.accessCode ?? '').trim()) changes.accessCode = values.accessCode?.trim() || null;
  if (values.startDate !== initial.startDate || values.startTime !== initial.startTime) {
    changes.startDate = berlinWallTimeToIso(values.startDate, values.startTime) ?? undefined;
  }
  if (values.endDate !== initial.endDate || values.endTime !== initial.endTime) {
    changes.endDate = berlinWallTimeToIso(values.endDate, values.endTime) ?? undefined;
  }
  return changes;
}
