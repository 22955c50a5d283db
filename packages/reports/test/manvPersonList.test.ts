import type { ManvPatient, ManvTriage } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { manvPersonListCsv, manvPersonListFileName, manvPersonListPdf } from '../src';
import { pdfText } from './pdfText';

const place = { incidentId: 'i', serviceId: 's', organizationId: 1 };
const patient = (id: string, tagNumber: string, extra: Partial<ManvPatient> = {}): ManvPatient => ({
  id, ...place, tagNumber, createdAt: '2026-07-04T10:00:00.000Z', createdById: 1, treatmentArea: null, name: null, sex: null, estimatedAge: null,
  diagnosis: null, duplicateOf: null, protocolId: null, transport: null, ...extra,
});
const triage = (id: string, patientId: string, category: ManvTriage['category'], triagedAt: string): ManvTriage => ({
  id, patientId, ...place, category, phase: 'pre_triage', algorithm: 'mstart', qualification: 'paramedic', triagedAt, triagedById: 1, triagedByName: 'mona',
});

describe('MANV person list', () => {
  const input = {
    incidentName: 'Bühneneinsturz Süd', serviceName: 'Schützenfest', startedAt: '2026-07-04T09:55:00.000Z', endedAt: null, generatedAt: new Date('2026-07-04T12:00:00.000Z'),
    patients: [
      patient('a', '10', { name: 'Jürgen Weiß', sex: 'männlich', estimatedAge: 50 }),
      patient('b', '2', { transport: { priority: 'high', means: 'rtw', destination: 'Klinikum Süd', position: 'lying', departedAt: '2026-07-04T10:30:00.000Z' } }),
    ],
    triages: [triage('t1', 'a', 'sk3', '2026-07-04T10:01:00.000Z'), triage('t2', 'b', 'sk1', '2026-07-04T10:02:00.000Z')],
  };

  it('the PDF lists every tag with category, name if known, destination and times', async () => {
    const text = pdfText(await manvPersonListPdf(input));
    expect(text).toContain('Personenliste MANV');
    expect(text).toContain('MANV: Bühneneinsturz Süd');
    expect(text).toMatch(/2\s+SK I \(rot\)\s+unbekannt\s+Klinikum Süd \(RTW, liegend\)/);
    expect(text).toMatch(/10\s+SK III \(grün\)\s+Jürgen Weiß\s+männlich, ca\. 50 J\./);
    expect(text).toContain('04.07.2026 12:30');
  });

  it('the CSV carries the same rows, semicolon-separated with a BOM', () => {
    const csv = manvPersonListCsv(input);
    expect(csv.startsWith('\uFEFFAnhängekarte;Kategorie;Name')).toBe(true);
    expect(csv.split('\r\n')[1]).toBe('2;SK I (rot);unbekannt;;Klinikum Süd (RTW, liegend);04.07.2026 12:00;04.07.2026 12:02;04.07.2026 12:30');
    expect(manvPersonListFileName('Bühneneinsturz Süd', 'csv')).toBe('Personenliste-Bühneneinsturz-Süd.csv');
  });
});
