import { describe, expect, it } from 'vitest';
import { materialReportFileName, materialUsageReport } from '../src';
import { pdfText } from './pdfText';

describe('materialUsageReport', () => {
  it('holds title, service, period, the rows with umlauts, the sum and the generation time', async () => {
    const bytes = await materialUsageReport({
      serviceName: 'Schützenfest Großhöchstädt',
      organizationName: 'DRK Müllheim',
      location: 'Festplatz Süd',
      startDate: '2026-07-04T08:00:00.000Z',
      endDate: '2026-07-04T20:00:00.000Z',
      rows: [
        { name: 'Kühlpack', unit: 'Stück', count: 3, lastUsed: '2026-07-04T12:30:00.000Z' },
        { name: 'Wundschnellverband groß', unit: 'Packung', count: 12, lastUsed: '2026-07-04T11:05:00.000Z' },
      ],
      generatedAt: new Date('2026-07-04T19:45:00.000Z'),
    });
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Materialverbrauch');
    expect(text).toContain('Sanitätsdienst: Schützenfest Großhöchstädt');
    expect(text).toContain('Organisation: DRK Müllheim');
    expect(text).toContain('Zeitraum: 04.07.2026 10:00 – 04.07.2026 22:00');
    expect(text).toMatch(/Kühlpack\s+Stück\s+3\s+04\.07\.2026 14:30/);
    expect(text).toMatch(/Wundschnellverband groß\s+Packung\s+12\s+04\.07\.2026 13:05/);
    expect(text).toMatch(/Summe\s+15/);
    expect(text).toContain('Erstellt am 04.07.2026 21:45');
  });

  it('says so when nothing was used, and names the file after the service', async () => {
    const text = pdfText(await materialUsageReport({ serviceName: 'Leer', startDate: '2026-01-01T00:00:00Z', endDate: '2026-01-01T01:00:00Z', rows: [], generatedAt: new Date() }));
    expect(text).toContain('Keine verbrauchten Materialien');
    expect(materialReportFileName('Schützenfest / Großhöchstädt 2026')).toBe('Materialverbrauch-Schützenfest-Großhöchstädt-2026.pdf');
  });
});
