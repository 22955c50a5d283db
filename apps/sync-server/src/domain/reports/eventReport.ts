import type { EventReportInput } from '@sanidok/reports';
import { manvReportSummary } from '@sanidok/reports';
import type { EventReportFormat, ManvTransport } from '@sanidok/schema';
import { eventReportRequestSchema, withheldClinical } from '@sanidok/schema';
import type { QueryContext } from '../context';
import { validate } from '../errors';
import { listTeam } from '../serviceTeams/queries';
import { getService } from '../services/queries';

/**
 * What the server's event report is built from: the same input the device reads
 * from Dexie (apps/pwa/src/data/repositories/eventReport.ts), so both print the same figures.
 * Anyone who may read the service may build it (getService authorises): it holds no patient data —
 * no names, no dates of birth, no protocol free text; patient names are not even selected. The texts
 * it counts by (measures, minor-treatment kinds, transport destinations) are the clinical part, which
 * REST answers to no one, the team included (docs/security.md "Clinical data follows the team"): a
 * report over few patients would name what was done to whom. The request carries only a session
 * cookie, so those figures stay empty here; the device builds the full report from what it pulled
 * (apps/pwa/src/features/services/eventReport/buildEventReport.ts).
 */
export async function loadEventReportInput(
  ctx: QueryContext, serviceId: unknown, body: unknown, generatedAt = new Date(),
): Promise<{ input: EventReportInput; format: EventReportFormat }> {
  const { remarks, format } = validate(eventReportRequestSchema, body ?? {});
  const service = await getService(ctx, serviceId);
  const { db } = ctx;
  const [team, minorTreatments, protocols, entries, usage, templates] = await Promise.all([
    listTeam(db, service.id),
    db.selectFrom('minorTreatments').select(['createdAt']).where('serviceId', '=', service.id).execute(),
    db.selectFrom('patientProtocols').select(['createdAt', 'status', 'dischargeOutcome']).where('serviceId', '=', service.id).execute(),
    db
      .selectFrom('treatmentEntries as e')
      .innerJoin('patientProtocols as p', 'p.id', 'e.protocolId')
      .select('e.id')
      .where('p.serviceId', '=', service.id)
      .execute(),
    db
      .selectFrom('materialUsage as u')
      .innerJoin('materials as m', 'm.id', 'u.materialId')
      .select(['m.name', 'm.unit', (eb) => eb.fn.sum<number | string>('u.quantity').as('count')])
      .where('u.serviceId', '=', service.id)
      .groupBy(['m.id', 'm.name', 'm.unit'])
      .execute(),
    db.selectFrom('treatmentTemplates').select(['name', 'description']).where('organizationId', '=', service.organizationId).execute(),
  ]);
  // MANV: counts only — the tags' person data is not even selected.
  const [incidents, tags, triages] = await Promise.all([
    db.selectFrom('manvIncidents').select(['id', 'name', 'startedAt', 'endedAt', 'blueEnabled']).where('serviceId', '=', service.id).execute(),
    db.selectFrom('manvPatients').select(['id', 'incidentId', 'tagNumber', 'duplicateOf', 'transportJson']).where('serviceId', '=', service.id).execute(),
    db.selectFrom('manvTriages').select(['id', 'incidentId', 'patientId', 'category', 'phase', 'triagedAt']).where('serviceId', '=', service.id).execute(),
  ]);
  const input: EventReportInput = {
    service: { name: service.name, location: service.location, startDate: service.startDate, endDate: service.endDate, organizationName: service.organizationName || undefined },
    team: team.map((m) => ({ username: m.username, addedAt: m.addedAt })),
    // The texts not even selected, withheld as on a device off the team (docs/security.md
    // "Clinical data follows the team"): the same input such a device builds its report from.
    minorTreatments: minorTreatments.map((m) => ({ ...m, description: withheldClinical.minorTreatment.description })),
    minorTreatmentTemplates: templates,
    protocols: protocols.map((p) => ({ ...p, dischargeDestination: withheldClinical.protocol.dischargeDestination, naca: withheldClinical.protocol.naca, diagnosisGroup: withheldClinical.protocol.diagnosisGroup })),
    treatmentEntries: entries.map(() => ({ text: withheldClinical.treatmentEntry.text })),
    // SUM is a 64-bit integer on PostgreSQL (a string through pg).
    materials: usage.map((row) => ({ name: row.name, unit: row.unit, count: Number(row.count) })),
    manv: manvReportSummary(
      incidents.map((i) => ({ ...i, blueEnabled: i.blueEnabled === 1 })),
      tags.map(({ transportJson, ...tag }) => ({ ...tag, transport: transportJson === null ? null : (JSON.parse(transportJson) as ManvTransport) })),
      triages,
    ),
    remarks: remarks ?? '',
    generatedAt,
  };
  return { input, format };
}
