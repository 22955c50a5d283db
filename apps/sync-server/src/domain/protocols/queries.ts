import type { PatientProtocol, PatientProtocolWithSummary, ProtocolDetail } from '@sanidok/schema';
import { joinServiceSchema, treatmentSummary, withheldTreatmentSummary, withholdClinical } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { AttemptLimiter } from '../accounts/attemptLimiter';
import type { CommandContext, QueryContext } from '../context';
import { validate } from '../errors';
import { requireServiceAccess } from '../services/access';
import { joinWithCode } from '../services/team';
import { inTransaction } from '../transaction';
import { requireProtocolAccess } from './access';

export function protocolsQuery(db: Db) {
  return db
    .selectFrom('patientProtocols as p')
    .innerJoin('services as s', 's.id', 'p.serviceId')
    .select([
      'p.id', 'p.serviceId', 'p.organizationId', 'p.serviceProtocolNumber', 'p.status', 'p.chiefComplaint', 'p.initialAssessment', 'p.allergies',
      'p.medications', 'p.pastHistory', 'p.handlingInstructions', 'p.helper1', 'p.helper2', 'p.symptoms', 'p.incidentTime', 'p.naca', 'p.diagnosisGroup', 'p.dischargeStatus', 'p.dischargeOutcome', 'p.dischargeDestination',
      'p.handoverTo', 'p.dischargeComment', 'p.dischargedById', 'p.dischargedAt', 'p.treatedById', 'p.createdAt', 'p.updatedAt', 'p.version',
      'p.needsReview', 's.name as serviceName',
    ]);
}

type ProtocolQueryRow = Awaited<ReturnType<ReturnType<typeof protocolsQuery>['executeTakeFirstOrThrow']>>;

export const toProtocol = ({ needsReview, ...row }: ProtocolQueryRow): PatientProtocol => ({ ...row, needsReview: needsReview === 1 });

/** Adds the treatment lines (docs/spec/services.md §3 treatmentSummary), made from the insert-only entries. */
async function withSummaries(db: Db, rows: ProtocolQueryRow[]): Promise<PatientProtocolWithSummary[]> {
  if (rows.length === 0) return [];
  const entries = await db
    .selectFrom('treatmentEntries')
    .select(['id', 'protocolId', 'time', 'text', 'performer', 'performerName', 'createdAt'])
    .where('protocolId', 'in', rows.map((r) => r.id))
    // A measure marked "irrtümlich" stays in the list, struck through, but is no longer in the summary.
    .where('enteredInErrorAt', 'is', null)
    .execute();
  // Grouped once: filtering all entries per row is quadratic (the archive lists 1,000 protocols).
  const byProtocol = new Map<string, typeof entries>();
  for (const entry of entries) {
    const list = byProtocol.get(entry.protocolId);
    if (list) list.push(entry);
    else byProtocol.set(entry.protocolId, [entry]);
  }
  return rows.map((row) => ({ ...toProtocol(row), treatmentSummary: treatmentSummary(byProtocol.get(row.id) ?? []) }));
}

export async function loadProtocol(db: Db, id: string): Promise<PatientProtocolWithSummary> {
  const [protocol] = await withSummaries(db, [await protocolsQuery(db).where('p.id', '=', id).executeTakeFirstOrThrow()]);
  if (!protocol) throw new Error('Protokoll nach dem Speichern nicht lesbar');
  return protocol;
}

/**
 * A protocol as REST answers it. `patientData` always null: REST is what a copied session cookie
 * reaches; the identity travels only sealed to a device key registered with the password, through
 * the pull (docs/security.md "Patient data needs the unlocked device"). The clinical part likewise, to
 * everyone, the team included: it travels sealed to the team's devices (docs/security.md "Clinical
 * data follows the team").
 */
export async function loadProtocolDetail(db: Db, id: string): Promise<ProtocolDetail> {
  return { protocol: withheldProtocol(await loadProtocol(db, id)), patientData: null };
}

/** A protocol as REST answers it: no clinical field, no treatment lines. */
const withheldProtocol = (protocol: PatientProtocolWithSummary): PatientProtocolWithSummary => ({
  ...withholdClinical('protocol', protocol), treatmentSummary: withheldTreatmentSummary,
});


/**
 * GET /api/patient-protocols/{id}[?key=CODE]: members only; no patient data (loadProtocolDetail).
 * With the service's access code a member not on the team joins it first, as
 * POST /api/services/{id}/join does (the QR code of the service detail opens this URL).
 */
export async function getProtocolDetail(ctx: CommandContext, protocolId: unknown, join?: { key: string; attempts: AttemptLimiter }): Promise<ProtocolDetail> {
  const { db, user } = ctx;
  if (!join) {
    const { protocol } = await requireProtocolAccess(db, protocolId, user);
    return loadProtocolDetail(db, protocol.id);
  }
  return inTransaction(db, async (trx) => {
    const access = await requireProtocolAccess(trx, protocolId, user);
    await joinWithCode(trx, ctx, access, join.key, join.attempts);
    return loadProtocolDetail(trx, access.protocol.id);
  });
}

/**
 * POST /api/patient-protocols/{id}/join {accessCode}: what the protocol's QR link does, with the code
 * in the body instead of the URL (docs/decisions.md "The access code stays with the team"): a member
 * off the team joins the team of the protocol's service. The pull then brings the patient data.
 */
export async function joinTeamOfProtocol(ctx: CommandContext, protocolId: unknown, input: unknown, attempts: AttemptLimiter): Promise<void> {
  const { accessCode } = validate(joinServiceSchema, input);
  await inTransaction(ctx.db, async (trx) => {
    const access = await requireProtocolAccess(trx, protocolId, ctx.user);
    await joinWithCode(trx, ctx, access, accessCode, attempts);
  });
}

/** Protocols of my organisations' services, newest first; no patient identity, the clinical part for the team only. */
export async function listProtocols(ctx: QueryContext): Promise<PatientProtocolWithSummary[]> {
  const { db, user } = ctx;
  const mine = db.selectFrom('organizationMembers').select('organizationId').where('userId', '=', user.id);
  const rows = await protocolsQuery(db).where('p.organizationId', 'in', mine).orderBy('p.createdAt', 'desc').limit(5000).execute();
  return (await withSummaries(db, rows)).map(withheldProtocol);
}

export async function listServiceProtocols(ctx: QueryContext, serviceId: unknown): Promise<PatientProtocolWithSummary[]> {
  const { service } = await requireServiceAccess(ctx.db, serviceId, ctx.user);
  return (await serviceProtocolsWithClinicalPart(ctx.db, service.id)).map(withheldProtocol);
}

/**
 * Every protocol of a service with its clinical part, unfiltered: only for the archive, which
 * releases it to the owner who proved the organisation key (domain/archive/open.ts).
 */
export async function serviceProtocolsWithClinicalPart(db: Db, serviceId: string): Promise<PatientProtocolWithSummary[]> {
  const rows = await protocolsQuery(db).where('p.serviceId', '=', serviceId).orderBy('p.serviceProtocolNumber').execute();
  return withSummaries(db, rows);
}
