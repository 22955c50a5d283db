import type { EventReportInput } from '@sanidok/reports';
import { eventReportDe as t } from '../../../i18n/eventReport.de';
import { downloadFile } from '../../../lib/download';

/**
 * Builds the event report from what `load` reads off the device and saves it; returns the file
 * name. The report code (jsPDF) is loaded on first use only; the service worker precaches its
 * chunk with the app.
 */
export async function buildEventReportFile(load: () => Promise<EventReportInput | null>, format: 'pdf' | 'csv'): Promise<string> {
  const input = await load();
  if (!input) throw new Error(t.notOnDevice);
  const { eventReportCsv, eventReportFileName, eventReportPdf, summarizeEvent } = await import('@sanidok/reports');
  const report = summarizeEvent(input);
  const fileName = eventReportFileName(input.service.name, format);
  if (format === 'pdf') downloadFile(await eventReportPdf(report), fileName, 'application/pdf');
  else downloadFile(eventReportCsv(report), fileName, 'text/csv;charset=utf-8');
  return fileName;
}
