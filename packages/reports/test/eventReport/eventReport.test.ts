import { describe, expect, it } from 'vitest';
import type { EventReportInput } from '../../src';
import { eventReportCsv, eventReportFileName, eventReportPdf, manvReportSummary, summarizeEvent } from '../../src';
import { pdfText } from '../pdfText';

/** 10:00–18:00 Berlin (summer): 08:00–16:00 UTC. A medic wrote a name into a free description: it must not be printed. */
const input: EventReportInput = {
  service: { name: 'Schützenfest Großhöchstädt', location: 'Festplatz Süd', startDate: '2026-07-04T08:00:00.000Z', endDate: '2026-07-04T16:00:00.000Z', organizationName: 'DRK Müllheim' },
  team: [{ username: 'anna.sani', addedAt: '2026-07-01T10:00:00.000Z' }, { username: 'ben.code', addedAt: '2026-07-04T12:30:00.000Z' }],
  minorTreatments: [
    { createdAt: '2026-07-04T09:10:00.000Z', description: 'Blasenpflaster auf Ferse geklebt' },
    { createdAt: '2026-07-04T09:40:00.000Z', description: 'Blasenpflaster auf Ferse geklebt' },
    { createdAt: '2026-07-04T12:05:00.000Z', description: 'Kühlpack bei Insektenstich' },
    { createdAt: '2026-07-04T12:20:00.000Z', description: 'Herr Konrad Zuse bekam Pflaster' },
  ],
  minorTreatmentTemplates: [{ name: 'Blase', description: 'Blasenpflaster auf Ferse geklebt' }, { name: 'Insektenstich', description: 'Kühlpack bei Insektenstich' }],
  protocols: [
    { createdAt: '2026-07-04T12:10:00.000Z', status: 'discharged', dischargeOutcome: 'ambulance', dischargeDestination: 'Klinikum Nord', naca: '4', diagnosisGroup: 'trauma' },
    { createdAt: '2026-07-04T13:00:00.000Z', status: 'discharged', dischargeOutcome: 'ambulance', dischargeDestination: 'klinikum nord ', naca: '3', diagnosisGroup: 'alcohol' },
    { createdAt: '2026-07-04T14:30:00.000Z', status: 'discharged', dischargeOutcome: 'released', dischargeDestination: 'Zu Frau Ada Lovelace nach Hause', naca: '3', diagnosisGroup: 'heatCold' },
    { createdAt: '2026-07-04T15:00:00.000Z', status: 'discharged', dischargeOutcome: null, dischargeDestination: null },
    { createdAt: '2026-07-04T15:30:00.000Z', status: 'active', dischargeOutcome: null, dischargeDestination: null },
  ],
  treatmentEntries: [
    { text: 'Blutdruck gemessen' }, { text: 'Blutdruck gemessen' }, { text: 'Druckverband angelegt: Unterarm links' },
    { text: 'Kühlpack angelegt' }, { text: 'Gespräch mit Frau Grace Hopper geführt' },
  ],
  materials: [{ name: 'Kühlpack', unit: 'Stück', count: 2 }, { name: 'Blasenpflaster', unit: 'Stück', count: 5 }],
  remarks: 'Hitze ab Mittag; Trinkwasser ausgegeben.',
  generatedAt: new Date('2026-07-04T18:00:00.000Z'),
};

describe('event report', () => {
  const report = summarizeEvent(input);

  it('counts patients, outcomes, destinations, team hours, templates, catalogue categories', () => {
    expect([report.minorTreatmentCount, report.protocolCount, report.openProtocolCount]).toEqual([4, 5, 1]);
    expect(report.outcomes).toEqual([
      { label: 'Vor Ort entlassen', count: 1 }, { label: 'An den Rettungsdienst übergeben', count: 2 }, { label: 'Behandlung oder Transport verweigert', count: 0 },
      { label: 'Verstorben', count: 0 }, { label: 'Sonstiger Verbleib', count: 0 }, { label: 'nicht angegeben', count: 1 }, { label: 'Noch in Behandlung', count: 1 },
    ]);
    // Destinations of handovers only; the released patient's free text is not among them.
    expect(report.ambulanceDestinations).toEqual([{ label: 'Klinikum Nord', count: 2 }]);
    expect(report.team).toEqual([{ username: 'anna.sani', hours: 8 }, { username: 'ben.code', hours: 3.5 }]);
    expect(report.minorTreatmentKinds).toEqual([{ label: 'Blase', count: 2 }, { label: 'Insektenstich', count: 1 }, { label: 'Ohne Vorlage erfasst', count: 1 }]);
    expect(report.measureCategories).toEqual([
      { label: 'C – Kreislauf', count: 2 }, { label: 'Schnellmaßnahmen', count: 1 }, { label: 'X – Kritische Blutung', count: 1 }, { label: 'Frei formuliert', count: 1 },
    ]);
    expect(report.topMeasures[0]).toEqual({ label: 'Blutdruck gemessen', count: 2 });
    // The measure, not the catalogue's questions: the values differ from entry to entry.
    expect(report.topMeasures.map((m) => m.label)).toContain('Druckverband angelegt: …');
    expect(report.topMeasures.map((m) => m.label).join()).not.toMatch(/\[|\{/);
    expect(report.patientsOverTime.unit).toBe('hour');
    expect(report.patientsOverTime.slots.map((s) => s.count)).toEqual([0, 2, 0, 0, 3, 1, 1, 2, 0]);
    expect(report.patientsOverTime.slots[1]?.label).toBe('04.07.2026 11:00');
  });

  it('prints the figures in the PDF, and no name a medic typed anywhere', async () => {
    const text = pdfText(await eventReportPdf(report));
    expect(text).toContain('Einsatzbericht: Schützenfest Großhöchstädt');
    expect(text).toContain('Zeitraum: 04.07.2026 10:00 – 04.07.2026 18:00');
    expect(text).toMatch(/anna\.sani\s+8,0/);
    expect(text).toMatch(/ben\.code\s+3,5/);
    expect(text).toMatch(/Bagatellbehandlungen\s+4/);
    expect(text).toMatch(/Patientenprotokolle\s+5/);
    expect(text).toMatch(/Patienten gesamt\s+9/);
    expect(text).toMatch(/An den Rettungsdienst übergeben\s+2/);
    expect(text).toMatch(/Klinikum Nord\s+2/);
    expect(text).toMatch(/Blutdruck gemessen\s+2/);
    expect(text).toContain('Druckverband angelegt: …');
    expect(text).toMatch(/Blasenpflaster\s+5\s+Stück/);
    expect(text).toContain('Patienten je Stunde');
    expect(text).toContain('Hitze ab Mittag; Trinkwasser ausgegeben.');
    for (const name of ['Zuse', 'Lovelace', 'Hopper']) expect(text).not.toContain(name);
  });

  it('the CSV holds the same figures as the PDF, row by row', () => {
    const csv = eventReportCsv(report);
    expect(csv.startsWith('\uFEFFAbschnitt;Bezeichnung;Wert;Einheit\r\n')).toBe(true);
    const rows = csv.slice(1).trim().split('\r\n').map((line) => line.split(';'));
    const value = (section: string, label: string) => rows.find((r) => r[0] === section && r[1] === label)?.[2];
    expect(value('Patienten', 'Bagatellbehandlungen')).toBe('4');
    expect(value('Patienten', 'Patienten gesamt')).toBe('9');
    expect(value('Team', 'ben.code')).toBe('3,5');
    expect(value('Ausgang der Versorgung (Patientenprotokolle)', 'An den Rettungsdienst übergeben')).toBe('2');
    expect(value('Patienten je Stunde', '04.07.2026 14:00')).toBe('3');
    expect(value('Verbrauchtes Material', 'Blasenpflaster')).toBe('5');
    const perHour = rows.filter((r) => r[0] === 'Patienten je Stunde').reduce((sum, r) => sum + Number(r[2]), 0);
    expect(perHour).toBe(9);
    for (const name of ['Zuse', 'Lovelace', 'Hopper']) expect(csv).not.toContain(name);
  });

  it('counts the protocols per NACA grade and per diagnosis group; each list sums to the protocol count', async () => {
    expect(report.naca.map((r) => r.count)).toEqual([0, 0, 0, 2, 1, 0, 0, 0, 2]);
    expect(report.naca[3]).toEqual({ label: 'NACA III – Stationäre Behandlung erforderlich, keine akute Lebensgefahr', count: 2 });
    expect(report.naca.at(-1)).toEqual({ label: 'nicht erhoben', count: 2 });
    expect(report.diagnosisGroups.filter((r) => r.count > 0)).toEqual([
      { label: 'Verletzung (Trauma)', count: 1 }, { label: 'Intoxikation Alkohol', count: 1 }, { label: 'Hitze- oder Kälteschaden', count: 1 }, { label: 'nicht erhoben', count: 2 },
    ]);
    for (const rows of [report.naca, report.diagnosisGroups]) expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(report.protocolCount);
    const text = pdfText(await eventReportPdf(report));
    expect(text).toContain('Patientenprotokolle nach NACA-Score');
    expect(text).toMatch(/NACA IV – Akute Lebensgefahr nicht auszuschließen\s+1/);
    expect(text).toMatch(/Intoxikation Alkohol\s+1/);
    const csv = eventReportCsv(report);
    expect(csv).toContain('Patientenprotokolle nach Diagnosegruppe;Hitze- oder Kälteschaden;1;');
    expect(summarizeEvent({ ...input, protocols: [] }).naca).toEqual([]);
  });

  it('says so for a service without any data', async () => {
    const empty = summarizeEvent({ ...input, team: [], minorTreatments: [], protocols: [], treatmentEntries: [], materials: [], remarks: '' });
    const text = pdfText(await eventReportPdf(empty));
    expect(text).toContain('Keine Patienten erfasst.');
    expect(text).toContain('Niemand eingeteilt.');
    expect(text).toContain('Kein Material verbraucht.');
    expect(text).toContain('Keine Maßnahmen dokumentiert.');
    expect(text).toContain('Keine Bemerkungen.');
    expect(empty.outcomes.every((row) => row.count === 0)).toBe(true);
    expect(empty.patientsOverTime.slots.reduce((sum, s) => sum + s.count, 0)).toBe(0);
  });

  it('counts per day when the service runs longer than two days, in Berlin days', () => {
    const long = summarizeEvent({
      ...input,
      service: { ...input.service, startDate: '2026-07-03T08:00:00.000Z', endDate: '2026-07-06T20:00:00.000Z' },
      protocols: [{ createdAt: '2026-07-04T22:30:00.000Z', status: 'discharged', dischargeOutcome: 'released', dischargeDestination: null }],
      minorTreatments: [],
      generatedAt: new Date('2026-07-07T00:00:00.000Z'),
    });
    expect(long.patientsOverTime.unit).toBe('day');
    // 22:30 UTC on the 4th is 00:30 on the 5th in Berlin.
    expect(long.patientsOverTime.slots).toEqual([
      { label: '03.07.2026', count: 0 }, { label: '04.07.2026', count: 0 }, { label: '05.07.2026', count: 1 }, { label: '06.07.2026', count: 0 },
    ]);
  });

  it('adds the MANV summary through the shared counting rule, with no tag number or name in it', async () => {
    const incident = { id: 'i1', name: 'Bühneneinsturz', startedAt: '2026-07-04T14:00:00.000Z', endedAt: '2026-07-04T16:00:00.000Z', blueEnabled: false };
    const tag = (id: string, tagNumber: string, transported = false) => ({
      id, incidentId: 'i1', tagNumber, duplicateOf: null,
      transport: transported ? { priority: 'high' as const, means: 'rtw' as const, destination: 'Klinikum', position: 'lying' as const, departedAt: '2026-07-04T15:00:00.000Z' } : null,
    });
    const triage = (id: string, patientId: string, category: 'sk1' | 'sk2' | 'sk3', phase: 'pre_triage' | 're_triage', at: string) => ({ id, incidentId: 'i1', patientId, category, phase, triagedAt: at });
    const manv = manvReportSummary(
      [incident],
      [tag('p1', 'T-0815', true), tag('p2', 'T-0816'), tag('p3', 'T-0817')],
      [
        triage('t1', 'p1', 'sk2', 'pre_triage', '2026-07-04T14:05:00.000Z'), triage('t2', 'p1', 'sk1', 're_triage', '2026-07-04T14:30:00.000Z'),
        triage('t3', 'p2', 'sk3', 'pre_triage', '2026-07-04T14:06:00.000Z'), triage('t4', 'p3', 'sk3', 'pre_triage', '2026-07-04T14:07:00.000Z'),
      ],
    );
    expect(manv?.incidents[0]).toMatchObject({ name: 'Bühneneinsturz', patients: 3, transported: 1 });
    expect(manv?.incidents[0]?.byCategory.map((c) => [c.label, c.count])).toEqual([
      ['SK I (rot)', 1], ['SK II (gelb)', 0], ['SK III (grün)', 2], ['ex (schwarz)', 0], ['B (weiß)', 0],
    ]);
    expect(manvReportSummary([], [], [])).toBeNull();
    const report = summarizeEvent({ ...input, manv });
    const text = pdfText(await eventReportPdf(report));
    expect(text).toContain('MANV: Bühneneinsturz');
    expect(text).toMatch(/Transportiert\s+1/);
    expect(text).toMatch(/SK III \(grün\)\s+2/);
    const csv = eventReportCsv(report);
    expect(csv).toContain('MANV;Bühneneinsturz – Patienten;3');
    expect(csv).toContain('MANV;Bühneneinsturz – SK I (rot);1');
    for (const tagNumber of ['T-0815', 'T-0816']) expect(csv + text).not.toContain(tagNumber);
  });

  it('never lets a spreadsheet run the remarks as a formula', () => {
    const csv = eventReportCsv(summarizeEvent({ ...input, remarks: '=cmd|calc' }));
    expect(csv).toContain(";'=cmd|calc");
    expect(eventReportFileName('Stadtfest / Nord', 'csv')).toBe('Einsatzbericht-Stadtfest-Nord.csv');
  });
});
