import type { EventReportInput } from '@sanidok/reports';
import type { SaniDokDb } from '../db';

/**
 * What the event report is built from, read from this device only, so the report
 * works offline. Patient data is never read: minor treatments give their time and description (the
 * report counts only descriptions that are a template's), protocols their clinical status fields.
 * Null when the service is not on this device. MANV tags give counts only (through the shared rule).
 */
export async function loadEventReportInput(db: SaniDokDb, serviceId: string, remarks: string, generatedAt = new Date()): Promise<EventReportInput | null> {
  const service = await db.services.get(serviceId);
  if (!service) return null;
  const [team, minorTreatments, protocols, usage, templates, materials] = await Promise.all([
    db.serviceTeamMembers.where('serviceId').equals(serviceId).toArray(),
    db.minorTreatments.where('serviceId').equals(serviceId).toArray(),
    db.protocols.where('serviceId').equals(serviceId).toArray(),
    db.materialUsage.where('serviceId').equals(serviceId).toArray(),
    db.treatmentTemplates.where('organizationId').equals(service.organizationId).toArray(),
    db.materials.where('organizationId').equals(service.organizationId).toArray(),
  ]);
  const entries = protocols.length ? await db.treatmentEntries.where('protocolId').anyOf(protocols.map((p) => p.id)).toArray() : [];
  const [incidents, tags, triages] = await Promise.all([
    db.manvIncidents.where('serviceId').equals(serviceId).toArray(),
    db.manvPatients.where('serviceId').equals(serviceId).toArray(),
    db.manvTriages.where('serviceId').equals(serviceId).toArray(),
  ]);
  const { manvReportSummary } = await import('@sanidok/reports');
  const used = new Map<number, number>();
  for (const row of usage) used.set(row.materialId, (used.get(row.materialId) ?? 0) + row.quantity);
  const byId = new Map(materials.map((m) => [m.id, m]));
  return {
    service: { name: service.name, location: service.location, startDate: service.startDate, endDate: service.endDate, organizationName: service.organizationName || undefined },
    team: team.map((m) => ({ username: m.username, addedAt: m.addedAt })),
    minorTreatments: minorTreatments.map((m) => ({ createdAt: m.createdAt, description: m.description })),
    minorTreatmentTemplates: templates.map((t) => ({ name: t.name, description: t.description })),
    protocols: protocols.map((p) => ({
      createdAt: p.createdAt, status: p.status, dischargeOutcome: p.dischargeOutcome ?? null, dischargeDestination: p.dischargeDestination, naca: p.naca ?? null, diagnosisGroup: p.diagnosisGroup ?? null,
    })),
    treatmentEntries: entries.map((e) => ({ text: e.text })),
    materials: [...used].map(([id, count]) => ({ name: byId.get(id)?.name ?? `#${id}`, unit: byId.get(id)?.unit, count })),
    manv: manvReportSummary(incidents, tags, triages),
    remarks,
    generatedAt,
  };
}
