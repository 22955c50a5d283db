import type { PatientData, VitalValueData } from '@sanidok/schema';
import { ageInYears, diagnosisGroupText, formatSignedTreatmentEntry, nacaText, patientDataLabels, patientDisplayName, protocolFieldLabels, protocolLabel, vitalParameterLabels } from '@sanidok/schema';
import type { ProtocolView } from '../../../data/repositories/protocols';
import { historyDe } from '../../../i18n/history.de';
import { printDe } from '../../../i18n/print.de';
import { formatDate, formatDateTime } from '../../../lib/format';
import { labelOf } from '../../../lib/labelOf';
import type { LabelledRow } from './printDom';
import { displayValue } from '../vitals/vitalDisplay';
import { columnsTable, element, linesList, preparePrintHead, printToolbar, rowsTable } from './printDom';

const t = printDe.document;

/** A titled part of a print document; what it holds decides how it is drawn. */
export type PrintBlock =
  | { title: string; kind: 'rows'; rows: LabelledRow[] }
  | { title: string; kind: 'table'; headers: string[]; rows: string[][]; empty: string }
  | { title: string; kind: 'lines'; lines: string[]; empty: string }
  | { title: string; kind: 'groups'; groups: { title: string; rows: LabelledRow[] }[]; empty: string };

/** A print document as data: the builders make it, `renderPrintModel` draws it, tests read both. */
export interface PrintModel {
  documentTitle: string;
  heading: string;
  meta: string[];
  blocks: PrintBlock[];
  footer: string;
}

/** The stored text, or the given fallback when empty. */
export const orEmpty = (value: string | null | undefined, fallback: string = t.empty): string => (value && value.trim() ? value : fallback);

/** A yyyy-mm-dd birth date as dd.MM.yyyy with the age at `at`: '14.03.1961 (65 Jahre)'. */
export function birthDateWithAge(dateOfBirth: string | undefined, at: string): string {
  if (!dateOfBirth) return t.empty;
  const age = ageInYears(dateOfBirth, at);
  // Noon UTC is the same calendar day in Europe/Berlin.
  const date = formatDate(`${dateOfBirth}T12:00:00Z`);
  return age === null ? date : `${date} (${t.age(age)})`;
}

/** 'Protokoll #3 · Sanitätsdienst Stadtfest · 04.07.2026 14:30' split in meta lines. */
export function protocolMeta(view: ProtocolView): string[] {
  const p = view.protocol;
  return [`${t.service}: ${p.serviceName}`, `${protocolLabel(p.serviceProtocolNumber)} · ${t.createdAt}: ${formatDateTime(p.createdAt)}`];
}

/** 'Vorname Nachname' for headings; falls back when no name is stored. */
export const printedPatientName = (data: PatientData): string => patientDisplayName(data) || t.empty;

/** The patient rows of the handover; the full print adds card number, place found and the emergency contact. */
export function patientRows(data: PatientData, printedAt: string, extended = false): LabelledRow[] {
  const rows: LabelledRow[] = [
    { label: t.name, value: printedPatientName(data) },
    { label: patientDataLabels.dateOfBirth, value: birthDateWithAge(data.dateOfBirth, printedAt) },
    { label: patientDataLabels.gender, value: orEmpty(data.gender) },
    { label: patientDataLabels.address, value: orEmpty(data.address) },
    { label: patientDataLabels.phone, value: orEmpty(data.phone) },
    { label: patientDataLabels.insuranceInfo, value: orEmpty(data.insuranceInfo) },
  ];
  if (extended || data.insuranceCardNumber) rows.push({ label: patientDataLabels.insuranceCardNumber, value: orEmpty(data.insuranceCardNumber) });
  if (extended) {
    rows.push(
      { label: patientDataLabels.location, value: orEmpty(data.location) },
      { label: patientDataLabels.emergencyContact, value: orEmpty(data.emergencyContact) },
      { label: patientDataLabels.emergencyContactPhone, value: orEmpty(data.emergencyContactPhone) },
    );
  }
  return rows;
}

/** '120/80 mmHg', 'A', '37.5 °C'. */
/** As on screen: decimal comma, GCS parts with their description. */
export const valueWithUnit = (value: VitalValueData): string => displayValue(value.parameterType, value.value, value.unit);

export const vitalLabel = (value: VitalValueData): string => labelOf(vitalParameterLabels, value.parameterType) ?? value.parameterType;

/**
 * What a print reads: the protocol as the device (or the opened archive) holds it, and the team's
 * full names by user id where known (data/repositories/protocolExport.ts teamFullNames), to sign the entries.
 */
export type PrintSource = ProtocolView & { memberName?: (userId: number) => string | undefined };

/** The entries as '[HH:MM] text (performer's name)' lines, in the order they were made. */
export const treatmentLines = (view: PrintSource): string[] => {
  const names = { helper1: view.protocol.helper1, helper2: view.protocol.helper2, recordedBy: view.memberName };
  return view.entries.map((entry) => formatSignedTreatmentEntry(entry, names) + (entry.enteredInError ? historyDe.history.printMarked(entry.enteredInError.reason) : ''));
};

/** NACA and diagnosis group with their German wording, or 'nicht erhoben' (packages/schema mindCodes.ts). */
export const assessmentBlock = (view: ProtocolView): PrintBlock => ({
  title: t.sections.assessment,
  kind: 'rows',
  rows: [
    { label: protocolFieldLabels.naca, value: nacaText(view.protocol.naca) ?? t.notAssessed },
    { label: protocolFieldLabels.diagnosisGroup, value: diagnosisGroupText(view.protocol.diagnosisGroup) ?? t.notAssessed },
  ],
});

function renderBlock(doc: Document, block: PrintBlock): HTMLElement {
  const section = element(doc, 'section');
  section.append(element(doc, 'h3', block.title));
  switch (block.kind) {
    case 'rows':
      section.append(rowsTable(doc, block.rows));
      break;
    case 'table':
      section.append(block.rows.length ? columnsTable(doc, block.headers, block.rows) : element(doc, 'p', block.empty));
      break;
    case 'lines':
      section.append(block.lines.length ? linesList(doc, block.lines) : element(doc, 'p', block.empty));
      break;
    case 'groups':
      if (!block.groups.length) section.append(element(doc, 'p', block.empty));
      for (const group of block.groups) section.append(element(doc, 'h4', group.title), rowsTable(doc, group.rows));
      break;
  }
  return section;
}

/** Fills `doc` with the model: text nodes only, so nothing in the data can become markup. */
export function renderPrintModel(doc: Document, model: PrintModel): void {
  preparePrintHead(doc, model.documentTitle);
  const header = element(doc, 'header');
  header.append(element(doc, 'h1', model.heading), ...model.meta.map((line) => element(doc, 'div', line, 'meta')));
  doc.body.replaceChildren(
    printToolbar(doc, t.printButton),
    header,
    ...model.blocks.map((block) => renderBlock(doc, block)),
    element(doc, 'footer', model.footer),
  );
}
