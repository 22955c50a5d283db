import { csvTable, formatDateTime } from '@sanidok/schema';
import type { EventReport } from './summary';
import { eventReportTexts as t, formatHours } from './texts';

type Row = readonly [section: string, label: string, value: string | number, unit?: string];

/**
 * The event report as CSV: one rectangular table (Bereich; Bezeichnung; Wert; Einheit), a row per
 * figure, so the PDF's numbers can be re-used in a spreadsheet. Written by the shared CSV writer
 * (packages/schema/src/csv.ts): BOM, semicolons, quoting, formula escaping; counts stay numbers.
 */
export function eventReportCsv(report: EventReport): string {
  const rows: Row[] = [];
  const s = t.sections;
  const service = report.service;
  rows.push(
    [t.service, t.service, service.name],
    ...(service.organizationName ? [[t.service, t.organization, service.organizationName] as const] : []),
    [t.service, t.location, service.location],
    [t.service, t.start, formatDateTime(service.startDate)],
    [t.service, t.end, formatDateTime(service.endDate)],
    [t.service, t.generated, formatDateTime(report.generatedAt)],
  );
  for (const member of report.team) rows.push([s.team, member.username, formatHours(member.hours), t.hoursUnit]);
  rows.push(
    [s.counts, t.counts.minorTreatments, report.minorTreatmentCount],
    [s.counts, t.counts.protocols, report.protocolCount],
    [s.counts, t.counts.total, report.minorTreatmentCount + report.protocolCount],
    [s.counts, t.counts.open, report.openProtocolCount],
  );
  for (const row of report.outcomes) rows.push([s.outcomes, row.label, row.count]);
  for (const row of report.ambulanceDestinations) rows.push([s.destinations, row.label, row.count]);
  for (const row of report.naca) rows.push([s.naca, row.label, row.count]);
  for (const row of report.diagnosisGroups) rows.push([s.diagnosisGroups, row.label, row.count]);
  const overTime = report.patientsOverTime.unit === 'hour' ? s.perHour : s.perDay;
  for (const row of report.patientsOverTime.slots) rows.push([overTime, row.label, row.count]);
  for (const row of report.minorTreatmentKinds) rows.push([s.minorKinds, row.label, row.count]);
  for (const row of report.measureCategories) rows.push([s.measureCategories, row.label, row.count]);
  for (const row of report.topMeasures) rows.push([s.topMeasures, row.label, row.count]);
  for (const row of report.materials) rows.push([s.materials, row.name, row.count, row.unit]);
  for (const incident of report.manv?.incidents ?? []) {
    rows.push([s.manv, `${incident.name} – ${t.manv.patients}`, incident.patients], [s.manv, `${incident.name} – ${t.manv.transported}`, incident.transported]);
    for (const row of incident.byCategory) rows.push([s.manv, `${incident.name} – ${row.label}`, row.count]);
  }
  if (report.remarks) rows.push([s.remarks, '', report.remarks]);
  // Rows without a unit get an empty fourth cell: every record as wide as the header.
  return csvTable(t.csvHeader, rows.map(([section, label, value, unit]) => [section, label, value, unit ?? '']));
}
