import { z } from './zodConfig';

/** The event report (Einsatzbericht): what its request may carry. */
export const eventReportRemarksMax = 2000;
export const eventReportMessages = {
  remarksTooLong: `Die Bemerkungen dürfen höchstens ${eventReportRemarksMax} Zeichen lang sein`,
  formatInvalid: 'Bitte wählen Sie PDF oder CSV.',
} as const;

export const eventReportFormats = ['pdf', 'csv'] as const;
export type EventReportFormat = (typeof eventReportFormats)[number];

/** POST /api/services/{id}/event-report: the format and the lead's free remarks (printed as written). */
export const eventReportRequestSchema = z.object({
  format: z.enum(eventReportFormats, { error: eventReportMessages.formatInvalid }).default('pdf'),
  remarks: z.string().trim().max(eventReportRemarksMax, eventReportMessages.remarksTooLong).optional(),
});
export type EventReportRequest = z.input<typeof eventReportRequestSchema>;
