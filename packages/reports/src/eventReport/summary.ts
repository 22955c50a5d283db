import type { DischargeOutcome, ProtocolStatus } from '@sanidok/schema';
import { diagnosisGroupLabels, diagnosisGroups, dischargeOutcomeLabel, dischargeOutcomes, foldForSearch, formatDate, formatTime, matchTreatmentTemplate, nacaLabel, nacaScores, templateSummaryText } from '@sanidok/schema';

/**
 * The event report (Einsatzbericht): one summary computed from a service's rows,
 * the same on the device (offline, from Dexie) and on the server (export call). It goes to people
 * outside the organisation, so its input holds no patient data at all: no names, no dates of
 * birth, no free texts of protocols. Minor treatments and measures are counted by the
 * organisation's templates and the treatment catalogue; what matches neither is only counted.
 */
export interface EventReportInput {
  service: { name: string; location: string; startDate: string; endDate: string; organizationName?: string };
  team: readonly { username: string; addedAt: string }[];
  minorTreatments: readonly { createdAt: string; description: string }[];
  /** The organisation's treatment templates: a minor treatment whose description is a template's counts under its name. */
  minorTreatmentTemplates: readonly { name: string; description: string }[];
  /** NACA and diagnosis group as codes (packages/schema mindCodes.ts); absent on rows from before the fields. */
  protocols: readonly { createdAt: string; status: ProtocolStatus; dischargeOutcome: DischargeOutcome | null; dischargeDestination: string | null; naca?: string | null; diagnosisGroup?: string | null }[];
  treatmentEntries: readonly { text: string }[];
  materials: readonly { name: string; unit?: string; count: number }[];
  manv?: EventReportManv | null;
  remarks?: string;
  generatedAt: Date;
}

/** The MANV part, when the service had an incident (counts per triage category). */
export interface EventReportManv {
  incidents: readonly { name: string; startedAt: string; endedAt: string | null; patients: number; transported: number; byCategory: readonly { label: string; count: number }[] }[];
}

export interface CountRow {
  label: string;
  count: number;
}

export interface EventReport {
  service: EventReportInput['service'];
  team: { username: string; hours: number }[];
  minorTreatmentCount: number;
  protocolCount: number;
  openProtocolCount: number;
  /** Every outcome in a fixed order, zeros included, then 'nicht angegeben' when some lack one. */
  outcomes: CountRow[];
  ambulanceDestinations: CountRow[];
  /** Protocols per NACA grade and per diagnosis group, every code with zeros, then 'nicht erhoben': each sums to the protocol count. */
  naca: CountRow[];
  diagnosisGroups: CountRow[];
  /** Patients (minor treatments + protocols) per hour, or per day for services longer than two days. */
  patientsOverTime: { unit: 'hour' | 'day'; slots: CountRow[] };
  minorTreatmentKinds: CountRow[];
  measureCategories: CountRow[];
  topMeasures: CountRow[];
  materials: EventReportInput['materials'];
  manv: EventReportManv | null;
  remarks: string;
  generatedAt: Date;
}

const hourMs = 3_600_000;
/** Beyond this many hours the chart counts per day: a weekend festival stays readable on one page. */
const maxHourSlots = 48;
export const topMeasureLimit = 10;

export const eventReportLabels = {
  openProtocols: 'Noch in Behandlung',
  otherMinorTreatments: 'Ohne Vorlage erfasst',
  uncataloguedMeasures: 'Frei formuliert',
  notAssessed: 'nicht erhoben',
} as const;

/** Every code in its order with its count, then the protocols without one (none when all have one). */
function countCodes(values: readonly (string | null | undefined)[], codes: readonly string[], label: (code: string) => string): CountRow[] {
  if (values.length === 0) return [];
  const rows = codes.map((code) => ({ label: label(code), count: values.filter((v) => v === code).length }));
  const without = values.filter((v) => !v || !codes.includes(v)).length;
  return without ? [...rows, { label: eventReportLabels.notAssessed, count: without }] : rows;
}

export function summarizeEvent(input: EventReportInput): EventReport {
  const closed = input.protocols.filter((p) => p.status !== 'active');
  const outcomes: CountRow[] = dischargeOutcomes.map((outcome) => ({ label: dischargeOutcomeLabel(outcome), count: closed.filter((p) => p.dischargeOutcome === outcome).length }));
  const unknown = closed.filter((p) => !p.dischargeOutcome).length;
  if (unknown) outcomes.push({ label: dischargeOutcomeLabel(null), count: unknown });
  const open = input.protocols.length - closed.length;
  if (open) outcomes.push({ label: eventReportLabels.openProtocols, count: open });

  const measures = input.treatmentEntries.map((entry) => matchTreatmentTemplate(entry.text));
  const uncatalogued = measures.filter((m) => !m).length;
  const templateByDescription = new Map(input.minorTreatmentTemplates.map((t) => [t.description.trim(), t.name]));
  const kinds = input.minorTreatments.map((m) => templateByDescription.get(m.description.trim()) ?? eventReportLabels.otherMinorTreatments);

  return {
    service: input.service,
    team: input.team.map((member) => ({ username: member.username, hours: hoursOnDuty(input.service, member.addedAt, input.generatedAt) })),
    minorTreatmentCount: input.minorTreatments.length,
    protocolCount: input.protocols.length,
    openProtocolCount: open,
    outcomes,
    ambulanceDestinations: countBy(closed.filter((p) => p.dischargeOutcome === 'ambulance').map((p) => p.dischargeDestination?.trim() || dischargeOutcomeLabel(null)), foldForSearch),
    naca: countCodes(input.protocols.map((p) => p.naca), nacaScores, (code) => nacaLabel(code as (typeof nacaScores)[number])),
    diagnosisGroups: countCodes(input.protocols.map((p) => p.diagnosisGroup), diagnosisGroups, (code) => diagnosisGroupLabels[code as (typeof diagnosisGroups)[number]]),
    patientsOverTime: patientsOverTime(input),
    minorTreatmentKinds: countBy(kinds),
    measureCategories: [
      ...countBy(measures.flatMap((m) => (m ? [m.categoryName] : []))),
      ...(uncatalogued ? [{ label: eventReportLabels.uncataloguedMeasures, count: uncatalogued }] : []),
    ],
    topMeasures: countBy(measures.flatMap((m) => (m ? [templateSummaryText(m.text)] : []))).slice(0, topMeasureLimit),
    materials: [...input.materials].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'de')),
    manv: input.manv ?? null,
    remarks: input.remarks?.trim() ?? '',
    generatedAt: input.generatedAt,
  };
}

/** Time on the team inside the service period (until now while it runs), in hours with one decimal. */
function hoursOnDuty(service: EventReportInput['service'], addedAt: string, now: Date): number {
  const from = Math.max(Date.parse(service.startDate), Date.parse(addedAt));
  const to = Math.min(Date.parse(service.endDate), now.getTime());
  return Math.max(0, Math.round(((to - from) / hourMs) * 10) / 10);
}

/**
 * Counts by label, most frequent first, ties in German alphabetical order. With a key, labels that
 * differ only as the key folds them ('Klinikum Nord', 'klinikum  nord') count as one, shown as first written.
 */
function countBy(labels: readonly string[], key: (label: string) => string = (label) => label): CountRow[] {
  const counts = new Map<string, CountRow>();
  for (const label of labels) {
    const k = key(label).replace(/\s+/g, ' ');
    const row = counts.get(k) ?? { label, count: 0 };
    row.count += 1;
    counts.set(k, row);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'de'));
}

/**
 * Slots from the service's start to its end, widened to every patient recorded outside it. Hours
 * are whole UTC hours, which are whole hours in Germany too; days are days in Europe/Berlin.
 */
function patientsOverTime(input: EventReportInput): EventReport['patientsOverTime'] {
  const times = [...input.minorTreatments, ...input.protocols].map((p) => Date.parse(p.createdAt)).filter(Number.isFinite);
  const start = Math.min(Date.parse(input.service.startDate), ...times);
  const end = Math.max(Math.min(Date.parse(input.service.endDate), input.generatedAt.getTime()), ...times, start);
  const first = Math.floor(start / hourMs) * hourMs;
  const hours = Math.floor(end / hourMs) - first / hourMs + 1;
  if (hours <= maxHourSlots) {
    const slots = Array.from({ length: hours }, (_, i) => ({ label: `${formatDate(first + i * hourMs)} ${formatTime(first + i * hourMs)}`, count: 0 }));
    for (const t of times) {
      const slot = slots[Math.floor((t - first) / hourMs)];
      if (slot) slot.count += 1;
    }
    return { unit: 'hour', slots };
  }
  const slots: CountRow[] = [];
  const index = new Map<string, CountRow>();
  // Hour steps, not day steps: a day in Berlin is 23 or 25 hours long twice a year.
  for (let t = first; t <= end; t += hourMs) {
    const label = formatDate(t);
    if (index.has(label)) continue;
    const row = { label, count: 0 };
    index.set(label, row);
    slots.push(row);
  }
  for (const t of times) {
    const row = index.get(formatDate(t));
    if (row) row.count += 1;
  }
  return { unit: 'day', slots };
}
