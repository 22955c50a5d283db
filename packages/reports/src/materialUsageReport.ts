import { formatDateTime } from '@sanidok/schema';
import { createPdf, pdfTable } from './pdfFont';
import { reportFileName } from './fileName';

export interface MaterialUsageReportInput {
  serviceName: string;
  organizationName?: string;
  location?: string;
  startDate: string;
  endDate: string;
  rows: readonly { name: string; unit?: string; count: number; lastUsed: string }[];
  generatedAt: Date;
}

export const materialReportTexts = {
  title: 'Materialverbrauch',
  service: 'Sanitätsdienst',
  organization: 'Organisation',
  location: 'Ort',
  period: 'Zeitraum',
  generated: 'Erstellt am',
  columns: ['Material', 'Einheit', 'Anzahl', 'Zuletzt verwendet'],
  empty: 'Keine verbrauchten Materialien',
  total: 'Summe',
} as const;

/**
 * The Materialverbrauch PDF (docs/spec/services.md §2): one implementation for the server's export call and for
 * the PWA, which builds it offline from local data. The font is the embedded Noto Sans (src/pdfFont).
 */
export async function materialUsageReport(input: MaterialUsageReportInput): Promise<Uint8Array> {
  const t = materialReportTexts;
  const doc = await createPdf({ unit: 'mm', format: 'a4' });
  doc.setProperties({ title: `${t.title} – ${input.serviceName}`, creator: 'SaniDok' });
  doc.setFontSize(18);
  doc.text(t.title, 14, 20);
  doc.setFontSize(11);
  const lines = [
    `${t.service}: ${input.serviceName}`,
    ...(input.organizationName ? [`${t.organization}: ${input.organizationName}`] : []),
    ...(input.location ? [`${t.location}: ${input.location}`] : []),
    `${t.period}: ${formatDateTime(input.startDate)} – ${formatDateTime(input.endDate)}`,
  ];
  lines.forEach((line, i) => doc.text(line, 14, 30 + i * 6));
  const tableTop = 30 + lines.length * 6 + 4;
  const total = input.rows.reduce((sum, row) => sum + row.count, 0);
  pdfTable(doc, {
    startY: tableTop,
    head: [[...t.columns]],
    body: input.rows.length
      ? input.rows.map((row) => [row.name, row.unit ?? '', String(row.count), formatDateTime(row.lastUsed)])
      : [[t.empty, '', '', '']],
    foot: input.rows.length ? [[t.total, '', String(total), '']] : undefined,
    styles: { fontSize: 10 },
    headStyles: { fillColor: [0, 133, 66] },
    footStyles: { fillColor: [230, 230, 230], textColor: 20 },
  });
  const pageHeight = doc.internal.pageSize.getHeight();
  doc.setFontSize(9);
  doc.text(`${t.generated} ${formatDateTime(input.generatedAt)}`, 14, pageHeight - 10);
  return new Uint8Array(doc.output('arraybuffer'));
}

export const materialReportFileName = (serviceName: string): string => reportFileName('Materialverbrauch', serviceName, 'pdf');
