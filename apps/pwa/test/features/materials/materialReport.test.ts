// @vitest-environment node
// The Materialverbrauch PDF as the PWA builds it offline: local usage rows → summary → jsPDF,
// read back with poppler's pdftotext as a reader would see it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addUsedMaterials, listUsedMaterials } from '../../../src/data/repositories/materialUsage';
import { createMinorTreatment } from '../../../src/data/repositories/minorTreatments';
import { buildMaterialReport } from '../../../src/features/materials/materialReport';
import { materialName } from '../../../src/lib/materialNames';
import { openTestDb, organization, serverService } from '../../helpers/sync';

function pdfText(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sanidok-pwa-pdf-')), 'report.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const serviceId = '01900000-0000-7000-8000-0000000000aa';

describe('PDF export built on the device', () => {
  it('contains the open consumption of the service with umlauts, counts, last use and the sum', async () => {
    const db = openTestDb();
    const now = Date.now();
    const service = serverService(serviceId, 1, {
      name: 'Schützenfest Großhöchstädt', location: 'Festplatz Süd', organizationName: 'DRK Müllheim',
      startDate: new Date(now - 3_600_000).toISOString(), endDate: new Date(now + 3_600_000).toISOString(),
    });
    await db.organizations.put(organization(1, 'DRK Müllheim'));
    await db.services.put(service);
    await db.materials.bulkPut([
      { id: 1, name: 'Kühlpack', unit: 'Stück', organizationId: 1, unitPriceCents: null, deletedAt: null },
      { id: 2, name: 'Wundschnellverband groß', unit: 'Packung', organizationId: 1, unitPriceCents: null, deletedAt: null },
    ]);
    await createMinorTreatment({ serviceId, patientName: 'Jürgen Müller', description: 'Prellung', materials: [{ id: 1, quantity: 2 }, { id: 2, quantity: 5 }] });
    await addUsedMaterials(serviceId, [{ id: 2, quantity: 7 }]);

    // Named as the tab names them (src/lib/materialNames.ts).
    const rows = (await listUsedMaterials(db, serviceId)).map((row) => ({ ...row, name: materialName(row.name, row.id) }));
    const { bytes, fileName } = await buildMaterialReport(service, rows, new Date('2026-07-04T19:45:00.000Z'));
    expect(fileName).toBe('Materialverbrauch-Schützenfest-Großhöchstädt.pdf');
    const text = pdfText(bytes);
    expect(text).toContain('Sanitätsdienst: Schützenfest Großhöchstädt');
    expect(text).toContain('Organisation: DRK Müllheim');
    expect(text).toContain('Ort: Festplatz Süd');
    expect(text).toMatch(/Kühlpack\s+Stück\s+2\s+\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    expect(text).toMatch(/Wundschnellverband groß\s+Packung\s+12\s+\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    expect(text).toMatch(/Summe\s+14/);
    expect(text).toContain('Erstellt am 04.07.2026 21:45');
    // Patient data never goes into the consumption report.
    expect(text).not.toContain('Jürgen');
  });
});
