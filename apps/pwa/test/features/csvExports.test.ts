import type { EventReportInput } from '@sanidok/reports';
import { eventReportCsv, manvPersonListCsv, summarizeEvent } from '@sanidok/reports';
import type { ManvPatient, OrganizationStatistics } from '@sanidok/schema';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { statisticsMonthsCsv, statisticsServicesCsv } from '../../src/features/statistics/statisticsCsv';

/**
 * Every CSV the product writes, read back by a strict RFC 4180 parser (docs/decisions.md "CSV: one
 * writer, one table per file"): one rectangular table, no cell a spreadsheet would run as a formula.
 * The inputs are what users can type: names and tags starting with = + - @, separators, quotes,
 * line breaks.
 */
function strictTable(csv: string): string[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const records: string[][] = parse(csv, { bom: true, delimiter: ';', record_delimiter: '\r\n', relax_column_count: false, relax_quotes: false, skip_empty_lines: false });
  const width = records[0]?.length ?? 0;
  expect(width).toBeGreaterThan(1);
  for (const record of records) expect(record).toHaveLength(width);
  for (const cell of records.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  return records;
}

const hostile = {
  formula: '=HYPERLINK("http://evil.example";"klick")',
  plus: '+49 171 0000',
  at: '@SUM(A1:A9)',
  quoted: 'Fest; "Nord"\r\nzweite Zeile',
};

const eventInput: EventReportInput = {
  service: { name: hostile.formula, location: hostile.quoted, startDate: '2026-07-04T08:00:00.000Z', endDate: '2026-07-04T16:00:00.000Z', organizationName: hostile.plus },
  team: [{ username: 'anna.sani', addedAt: '2026-07-01T10:00:00.000Z' }],
  minorTreatments: [{ createdAt: '2026-07-04T09:10:00.000Z', description: 'Pflaster' }],
  minorTreatmentTemplates: [{ name: hostile.at, description: 'Pflaster' }],
  protocols: [{ createdAt: '2026-07-04T12:10:00.000Z', status: 'discharged', dischargeOutcome: 'ambulance', dischargeDestination: '-Klinikum Nord' }],
  treatmentEntries: [{ text: 'Blutdruck gemessen' }],
  materials: [{ name: '-Kühlpack', unit: 'Stück', count: 2 }, { name: hostile.at, count: 1 }],
  remarks: `${hostile.formula}\n${hostile.quoted}`,
  generatedAt: new Date('2026-07-04T18:00:00.000Z'),
};

const place = { incidentId: 'i', serviceId: 's', organizationId: 1 };
const patient = (id: string, tagNumber: string, extra: Partial<ManvPatient> = {}): ManvPatient => ({
  id, ...place, tagNumber, createdAt: '2026-07-04T10:00:00.000Z', createdById: 1, treatmentArea: null, name: null, sex: null, estimatedAge: null,
  diagnosis: null, duplicateOf: null, protocolId: null, transport: null, ...extra,
});

describe('every CSV of the product parses strictly into one table without live formulas', () => {
  it('the event report: four cells in every row, user texts neutralised, counts still numbers', () => {
    const records = strictTable(eventReportCsv(summarizeEvent(eventInput)));
    expect(records[0]).toEqual(['Abschnitt', 'Bezeichnung', 'Wert', 'Einheit']);
    const values = records.map((record) => record[2]);
    expect(values).toContain(`'${hostile.formula}`);
    expect(values).toContain(hostile.quoted);
    expect(values).toContain(`'${hostile.plus}`);
    expect(records).toContainEqual(['Verbrauchtes Material', "'-Kühlpack", '2', 'Stück']);
    expect(records).toContainEqual(['Verbrauchtes Material', `'${hostile.at}`, '1', '']);
  });

  it('the MANV person list: tags stay text as typed, names with separators and breaks in one cell', () => {
    const input = {
      incidentName: 'Bühneneinsturz', serviceName: 'Schützenfest', startedAt: '2026-07-04T09:55:00.000Z', endedAt: null, generatedAt: new Date('2026-07-04T12:00:00.000Z'),
      patients: [
        patient('a', '-0003', { name: '=cmd|\' /C calc\'!A0' }),
        patient('b', '0004', { name: hostile.quoted }),
        patient('c', '@5', { transport: { priority: 'high', means: 'rtw', destination: '+Klinikum', position: 'lying', departedAt: '2026-07-04T10:30:00.000Z' } }),
      ],
      triages: [],
    };
    const records = strictTable(manvPersonListCsv(input));
    expect(records).toHaveLength(4);
    const byTag = new Map(records.map((record) => [record[0], record]));
    expect([...byTag.keys()].sort()).toEqual(["'-0003", "'0004", "'@5", 'Anhängekarte']);
    expect(byTag.get("'-0003")?.[2]).toBe("'=cmd|' /C calc'!A0");
    expect(byTag.get("'0004")?.[2]).toBe(hostile.quoted);
    expect(byTag.get("'@5")?.[4]).toBe("'+Klinikum (RTW, liegend)");
  });

  it('the statistics: months and services as two files, each one table', () => {
    const figures = { services: 1, minorTreatments: 2, protocols: 3, patients: 5, transported: 1, closedProtocols: 3, averageMinutesOnSite: 12, materialCostCents: 990, materialUnitsWithoutPrice: 0, manvPersons: 0 };
    const stats: OrganizationStatistics = {
      organizationId: 1, from: '2026-06', to: '2026-07', months: [{ month: '2026-06', ...figures }, { month: '2026-07', ...figures }], total: figures,
      services: [{ id: 's1', name: hostile.formula, startDate: '2026-07-04T08:00:00.000Z', patients: 5 }, { id: 's2', name: hostile.quoted, startDate: '2026-07-05T08:00:00.000Z', patients: 0 }],
    };
    const months = strictTable(statisticsMonthsCsv(stats));
    expect(months.map((record) => record[0])).toEqual(['Monat', '06/2026', '07/2026', 'Gesamt']);
    expect(months[1]).toEqual(['06/2026', '1', '2', '3', '5', '33,3', '12', '9,90', '0']);
    const services = strictTable(statisticsServicesCsv(stats));
    expect(services.map((record) => record[0])).toEqual(['Sanitätsdienst', `'${hostile.formula}`, hostile.quoted]);
  });
});
