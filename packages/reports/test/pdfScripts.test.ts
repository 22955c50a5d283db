import type { ManvPatient } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { eventReportPdf, manvPersonListPdf, materialUsageReport, summarizeEvent } from '../src';
import { pdfFonts, pdfText } from './pdfText';

/**
 * Names in every script a team meets print as typed in every PDF of the product (docs/decisions.md
 * "PDF: one embedded Unicode font"). jsPDF's standard fonts turned 'Yılmaz' into 'Y1lmaz' and
 * 'SpO₂' into 'SpO ‚'. pdftotext reads back what a reader would copy.
 */
const names = {
  turkish: 'Ayşe Yılmaz-Çağlar',
  polish: 'Łódź Żaneta Wróbel',
  cyrillic: 'Иванов Сергей',
  greek: 'Παπαδόπουλος',
  vietnamese: 'Nguyễn Thị Hương',
  subscript: 'SpO₂-Sensor',
};
const all = Object.values(names);

/** Two faces embedded (regular for text, bold for table heads) and nothing else: no Latin-1 Helvetica. */
function expectOnlyNotoSans(bytes: Uint8Array) {
  const fonts = pdfFonts(bytes).split('\n').slice(2).filter(Boolean);
  expect(fonts).toHaveLength(2);
  // pdffonts' columns: name, type, encoding, embedded, subset, ToUnicode map, object id.
  for (const line of fonts) expect(line).toMatch(/^NotoSans\S*\s+CID TrueType\s+Identity-H\s+yes\s+\w+\s+yes/);
}

describe('PDFs print every script a name can have', () => {
  it('marks a letter outside the embedded font with ? instead of dropping it silently', async () => {
    const bytes = await materialUsageReport({
      serviceName: 'محمد Müller 山田', startDate: '2026-07-04T08:00:00.000Z', endDate: '2026-07-04T16:00:00.000Z',
      rows: [{ name: 'שלום', count: 1, lastUsed: '2026-07-04T10:00:00.000Z' }], generatedAt: new Date('2026-07-04T18:00:00.000Z'),
    });
    const text = pdfText(bytes);
    expect(text).toContain('Sanitätsdienst: ???? Müller ??');
    expect(text).toContain('????');
  });

  it('the event report: service, organisation, team, material and remarks', async () => {
    const bytes = await eventReportPdf(summarizeEvent({
      service: { name: names.turkish, location: names.polish, startDate: '2026-07-04T08:00:00.000Z', endDate: '2026-07-04T16:00:00.000Z', organizationName: names.greek },
      team: [{ username: names.cyrillic, addedAt: '2026-07-01T10:00:00.000Z' }],
      minorTreatments: [], minorTreatmentTemplates: [], protocols: [], treatmentEntries: [],
      materials: [{ name: names.subscript, unit: 'Stück', count: 1 }],
      remarks: names.vietnamese,
      generatedAt: new Date('2026-07-04T18:00:00.000Z'),
    }));
    const text = pdfText(bytes);
    for (const name of all) expect(text).toContain(name);
    expectOnlyNotoSans(bytes);
  });

  it('the MANV person list: incident, names and destinations', async () => {
    const patient = (id: string, name: string, destination: string): ManvPatient => ({
      id, incidentId: 'i', serviceId: 's', organizationId: 1, tagNumber: id, createdAt: '2026-07-04T10:00:00.000Z', createdById: 1, treatmentArea: null,
      name, sex: null, estimatedAge: null, diagnosis: null, duplicateOf: null, protocolId: null,
      transport: { priority: 'high', means: 'rtw', destination, position: 'lying', departedAt: '2026-07-04T10:30:00.000Z' },
    });
    const bytes = await manvPersonListPdf({
      incidentName: names.polish, serviceName: names.greek, startedAt: '2026-07-04T09:55:00.000Z', endedAt: null, generatedAt: new Date('2026-07-04T12:00:00.000Z'),
      patients: [patient('1', names.turkish, names.subscript), patient('2', names.cyrillic, names.vietnamese)], triages: [],
    });
    const text = pdfText(bytes);
    for (const name of all) expect(text).toContain(name);
    expectOnlyNotoSans(bytes);
  });

  it('the material usage report: service, organisation, place and material names', async () => {
    const bytes = await materialUsageReport({
      serviceName: names.turkish, organizationName: names.cyrillic, location: names.polish, startDate: '2026-07-04T08:00:00.000Z', endDate: '2026-07-04T16:00:00.000Z',
      rows: [names.subscript, names.greek, names.vietnamese].map((name) => ({ name, count: 1, lastUsed: '2026-07-04T10:00:00.000Z' })), generatedAt: new Date('2026-07-04T18:00:00.000Z'),
    });
    const text = pdfText(bytes);
    for (const name of all) expect(text).toContain(name);
    expectOnlyNotoSans(bytes);
  });
});
