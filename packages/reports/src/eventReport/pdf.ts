import { formatDateTime } from '@sanidok/schema';
import type { jsPDF } from 'jspdf';
import { createPdf, pdfTable } from '../pdfFont';
import type { CountRow, EventReport } from './summary';
import { eventReportTexts as t, formatHours } from './texts';

const margin = 14;
const green: [number, number, number] = [0, 133, 66];

/**
 * The event report as PDF: the same summary as the CSV, with the patients over
 * time as a bar chart. One implementation for the device (offline) and the server's export call.
 */
export async function eventReportPdf(report: EventReport): Promise<Uint8Array> {
  const doc = await createPdf({ unit: 'mm', format: 'a4' });
  doc.setProperties({ title: `${t.title} – ${report.service.name}`, creator: 'SaniDok' });
  let y = header(doc, report);
  const s = t.sections;
  const table = (title: string, head: string[], body: (string | number)[][], empty?: string) => {
    y = sectionTitle(doc, title, y);
    pdfTable(doc, {
      startY: y,
      head: [head],
      body: body.length ? body.map((row) => row.map(String)) : [[empty ?? '', ...head.slice(1).map(() => '')]],
      styles: { fontSize: 9 },
      headStyles: { fillColor: green },
      margin: { left: margin, right: margin },
    });
    y = lastTableEnd(doc) + 6;
  };
  const counts = (rows: readonly CountRow[]) => rows.map((row) => [row.label, row.count]);

  table(s.team, [t.columns.member, t.columns.hours], report.team.map((m) => [m.username, formatHours(m.hours)]), t.empty.team);
  const total = report.minorTreatmentCount + report.protocolCount;
  table(s.counts, [t.columns.label, t.columns.count], [
    [t.counts.minorTreatments, report.minorTreatmentCount],
    [t.counts.protocols, report.protocolCount],
    [t.counts.total, total],
    [t.counts.open, report.openProtocolCount],
  ]);
  if (total === 0) y = note(doc, t.empty.patients, y);
  table(s.outcomes, [t.columns.label, t.columns.count], counts(report.outcomes));
  if (report.ambulanceDestinations.length) table(s.destinations, [t.columns.label, t.columns.count], counts(report.ambulanceDestinations));
  if (report.naca.length) table(s.naca, [t.columns.label, t.columns.count], counts(report.naca));
  if (report.diagnosisGroups.length) table(s.diagnosisGroups, [t.columns.label, t.columns.count], counts(report.diagnosisGroups));
  y = chart(doc, report, y);
  if (report.minorTreatmentKinds.length) table(s.minorKinds, [t.columns.label, t.columns.count], counts(report.minorTreatmentKinds));
  table(s.measureCategories, [t.columns.label, t.columns.count], counts(report.measureCategories), t.empty.measures);
  if (report.topMeasures.length) table(s.topMeasures, [t.columns.label, t.columns.count], counts(report.topMeasures));
  table(s.materials, [t.columns.label, t.columns.count, t.columns.unit], report.materials.map((m) => [m.name, m.count, m.unit ?? '']), t.empty.materials);
  for (const incident of report.manv?.incidents ?? []) {
    const period = `${formatDateTime(incident.startedAt)} – ${incident.endedAt ? formatDateTime(incident.endedAt) : t.manv.running}`;
    table(`${s.manv}: ${incident.name} (${period})`, [t.columns.label, t.columns.count], [
      [t.manv.patients, incident.patients], [t.manv.transported, incident.transported], ...counts(incident.byCategory),
    ]);
  }
  y = sectionTitle(doc, s.remarks, y);
  y = note(doc, report.remarks || t.empty.remarks, y);
  footer(doc, report);
  return new Uint8Array(doc.output('arraybuffer'));
}

function header(doc: jsPDF, report: EventReport): number {
  const service = report.service;
  doc.setFontSize(18);
  doc.text(`${t.title}: ${service.name}`, margin, 20, { maxWidth: 180 });
  doc.setFontSize(10);
  const lines = [
    ...(service.organizationName ? [`${t.organization}: ${service.organizationName}`] : []),
    `${t.location}: ${service.location}`,
    `${t.period}: ${formatDateTime(service.startDate)} – ${formatDateTime(service.endDate)}`,
    t.noPatientDataNote,
  ];
  lines.forEach((line, i) => doc.text(line, margin, 30 + i * 5));
  return 30 + lines.length * 5 + 4;
}

function sectionTitle(doc: jsPDF, title: string, y: number): number {
  const top = ensureSpace(doc, y, 20);
  doc.setFontSize(12);
  doc.text(title, margin, top);
  doc.setFontSize(10);
  return top + 2;
}

function note(doc: jsPDF, text: string, y: number): number {
  const lines = doc.splitTextToSize(text, 180) as string[];
  const top = ensureSpace(doc, y + 4, lines.length * 5);
  doc.text(lines, margin, top);
  return top + lines.length * 5 + 4;
}

/** Bars with the count above each and every fourth slot labelled (all of them when few). */
function chart(doc: jsPDF, report: EventReport, y: number): number {
  const { unit, slots } = report.patientsOverTime;
  const top = sectionTitle(doc, unit === 'hour' ? t.sections.perHour : t.sections.perDay, y) + 4;
  const height = 40;
  const width = 180;
  const max = Math.max(1, ...slots.map((slot) => slot.count));
  const barWidth = width / Math.max(1, slots.length);
  const every = slots.length > 16 ? 4 : 1;
  doc.setFontSize(7);
  slots.forEach((slot, i) => {
    const barHeight = (slot.count / max) * height;
    const x = margin + i * barWidth;
    doc.setFillColor(...green);
    if (slot.count) doc.rect(x + barWidth * 0.1, top + height - barHeight, barWidth * 0.8, barHeight, 'F');
    if (slot.count) doc.text(String(slot.count), x + barWidth / 2, top + height - barHeight - 1, { align: 'center' });
    if (i % every === 0) doc.text(unit === 'hour' ? slot.label.slice(-5) : slot.label.slice(0, 6), x + barWidth / 2, top + height + 4, { align: 'center' });
  });
  doc.setDrawColor(120);
  doc.line(margin, top + height, margin + width, top + height);
  doc.setFontSize(10);
  return top + height + 12;
}

function footer(doc: jsPDF, report: EventReport): void {
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    doc.setFontSize(8);
    doc.text(`${t.generated} ${formatDateTime(report.generatedAt)} · ${page}/${pages}`, margin, doc.internal.pageSize.getHeight() - 8);
  }
}

function ensureSpace(doc: jsPDF, y: number, needed: number): number {
  if (y + needed <= doc.internal.pageSize.getHeight() - 16) return y;
  doc.addPage();
  return 20;
}

/** Where jspdf-autotable's last table ended (it keeps it on the document). */
function lastTableEnd(doc: jsPDF): number {
  return (doc as jsPDF & { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY ?? 20;
}
