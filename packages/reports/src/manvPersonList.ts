import type { ManvPatient, ManvTriage } from '@sanidok/schema';
import { csvTable, csvText, formatDateTime, manvCategoryLabel, manvPatientStates, transportMeansLabels, transportPositionLabels } from '@sanidok/schema';
import { createPdf, pdfTable } from './pdfFont';

/**
 * The list for the police's person-information office (Personenauskunftsstelle):
 * tag number, category, name if known, destination and times, as PDF and CSV. One implementation
 * for the device (offline, from Dexie) and the server; rows from the shared state rule
 * (packages/schema/src/manvCounts.ts), so the list and the counts agree.
 */

export interface ManvPersonListInput {
  incidentName: string;
  serviceName: string;
  startedAt: string;
  endedAt: string | null;
  patients: readonly ManvPatient[];
  triages: readonly ManvTriage[];
  generatedAt: Date;
}

export const manvPersonListTexts = {
  title: 'Personenliste MANV (Personenauskunftsstelle)',
  incident: 'MANV',
  service: 'Sanitätsdienst',
  period: 'Beginn',
  ended: 'Ende',
  running: 'läuft',
  generated: 'Erstellt am',
  count: 'Personen',
  columns: ['Anhängekarte', 'Kategorie', 'Name', 'Geschlecht / Alter', 'Ziel', 'Erfasst', 'Letzte Sichtung', 'Abfahrt'],
  empty: 'Keine Personen erfasst',
  unknown: 'unbekannt',
  conflict: '(Nummer doppelt)',
} as const;

export interface ManvPersonListRow {
  tagNumber: string;
  category: string;
  name: string;
  sexAge: string;
  destination: string;
  registeredAt: string;
  lastTriageAt: string;
  departedAt: string;
}

const t = manvPersonListTexts;

/** One row per person (merged duplicates once), sorted by tag number as printed on the tags. */
export function manvPersonListRows(patients: readonly ManvPatient[], triages: readonly ManvTriage[]): ManvPersonListRow[] {
  return manvPatientStates(patients, triages)
    .sort((a, b) => a.patient.tagNumber.localeCompare(b.patient.tagNumber, 'de', { numeric: true }))
    .map(({ patient, current, tagConflict }) => {
      const transport = patient.transport;
      return {
        tagNumber: tagConflict ? `${patient.tagNumber} ${t.conflict}` : patient.tagNumber,
        category: current ? manvCategoryLabel(current.category) : '–',
        name: patient.name ?? t.unknown,
        sexAge: [patient.sex, patient.estimatedAge === null ? null : `ca. ${patient.estimatedAge} J.`].filter(Boolean).join(', '),
        destination: transport
          ? `${transport.destination} (${transportMeansLabels[transport.means]}, ${transportPositionLabels[transport.position]})`
          : '',
        registeredAt: formatDateTime(patient.createdAt),
        lastTriageAt: current ? formatDateTime(current.triagedAt) : '',
        departedAt: transport ? formatDateTime(transport.departedAt) : '',
      };
    });
}

function header(input: ManvPersonListInput): string[] {
  return [
    `${t.incident}: ${input.incidentName}`,
    `${t.service}: ${input.serviceName}`,
    `${t.period}: ${formatDateTime(input.startedAt)} · ${t.ended}: ${input.endedAt ? formatDateTime(input.endedAt) : t.running}`,
  ];
}

export async function manvPersonListPdf(input: ManvPersonListInput): Promise<Uint8Array> {
  const rows = manvPersonListRows(input.patients, input.triages);
  const doc = await createPdf({ unit: 'mm', format: 'a4', orientation: 'landscape' });
  doc.setProperties({ title: `${t.title} – ${input.incidentName}`, creator: 'SaniDok' });
  doc.setFontSize(16);
  doc.text(t.title, 14, 16);
  doc.setFontSize(10);
  const lines = [...header(input), `${t.count}: ${rows.length}`];
  lines.forEach((line, i) => doc.text(line, 14, 24 + i * 5));
  pdfTable(doc, {
    startY: 24 + lines.length * 5 + 2,
    head: [[...t.columns]],
    body: rows.length
      ? rows.map((r) => [r.tagNumber, r.category, r.name, r.sexAge, r.destination, r.registeredAt, r.lastTriageAt, r.departedAt])
      : [[t.empty, '', '', '', '', '', '', '']],
    styles: { fontSize: 9 },
    headStyles: { fillColor: [0, 133, 66] },
  });
  const pageHeight = doc.internal.pageSize.getHeight();
  doc.setFontSize(8);
  doc.text(`${t.generated} ${formatDateTime(input.generatedAt)}`, 14, pageHeight - 8);
  return new Uint8Array(doc.output('arraybuffer'));
}

/**
 * Through the shared CSV writer (packages/schema/src/csv.ts): the list goes to the police, whose
 * spreadsheet must show a tag '-0003' or a name '=…' as typed, never as a number or a formula.
 */
export function manvPersonListCsv(input: ManvPersonListInput): string {
  const rows = manvPersonListRows(input.patients, input.triages);
  return csvTable(t.columns, rows.map((r) => [csvText(r.tagNumber), r.category, r.name, r.sexAge, r.destination, r.registeredAt, r.lastTriageAt, r.departedAt]));
}

/** 'Personenliste-Buehneneinsturz.pdf' style names after the incident. */
export function manvPersonListFileName(incidentName: string, extension: 'pdf' | 'csv'): string {
  const base = incidentName.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'MANV';
  return `Personenliste-${base}.${extension}`;
}
