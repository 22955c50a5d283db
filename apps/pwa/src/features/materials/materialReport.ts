import type { Service } from '@sanidok/schema';

export interface MaterialReportRow {
  name: string;
  unit?: string;
  count: number;
  lastUsed: string;
}

export interface MaterialReportFile {
  bytes: Uint8Array;
  fileName: string;
}

/**
 * The Materialverbrauch PDF, built in the browser from local data with the same code the server
 * uses (packages/reports), so the export works offline. jsPDF is loaded on first use only; the
 * service worker precaches its chunk with the app.
 */
export async function buildMaterialReport(
  service: Pick<Service, 'name' | 'location' | 'startDate' | 'endDate' | 'organizationName'>,
  rows: readonly MaterialReportRow[],
  generatedAt: Date = new Date(),
): Promise<MaterialReportFile> {
  const { materialReportFileName, materialUsageReport } = await import('@sanidok/reports');
  const bytes = await materialUsageReport({
    serviceName: service.name,
    organizationName: service.organizationName || undefined,
    location: service.location || undefined,
    startDate: service.startDate,
    endDate: service.endDate,
    rows: rows.map((r) => ({ name: r.name, unit: r.unit, count: r.count, lastUsed: r.lastUsed })),
    generatedAt,
  });
  return { bytes, fileName: materialReportFileName(service.name) };
}
