import type { MinorTreatment } from '@sanidok/schema';
import { decryptAtRest } from '@sanidok/crypto';
import { withholdClinical } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { QueryContext } from '../context';
import { withEnteredInError } from '../recordHistory/enteredInError';
import { requireServiceAccess } from '../services/access';

/**
 * REST lists answer no clinical part, the team's included: they are what a copied session cookie
 * reaches (docs/security.md "Clinical data follows the team"); the device pulls it sealed.
 */
const noServices: ReadonlySet<string> = new Set();

function treatmentsQuery(db: Db) {
  return db
    .selectFrom('minorTreatments as t')
    .innerJoin('services as s', 's.id', 't.serviceId')
    .select(['t.id', 't.serviceId', 't.organizationId', 't.patientNameEnc', 't.description', 't.treatedById', 't.createdAt', 't.version', 's.name as serviceName', 't.enteredInErrorAt', 't.enteredInErrorReason', 't.enteredInErrorById']);
}

type TreatmentRow = Awaited<ReturnType<ReturnType<typeof treatmentsQuery>['executeTakeFirstOrThrow']>>;

/**
 * Decrypts the names the reader may see (`nameServices`: services whose patient data the reader
 * may hold, domain/serviceTeams/queries.ts; the others' names and descriptions are withheld) and
 * attaches the materials of each treatment (material use names no patient).
 */
export async function toMinorTreatments(
  db: Db,
  dataKey: string,
  rows: TreatmentRow[],
  nameServices: ReadonlySet<string> | 'all',
  options: { names: boolean } = { names: true },
): Promise<(MinorTreatment & { version: number })[]> {
  if (rows.length === 0) return [];
  const usage = await db
    .selectFrom('materialUsage as u')
    .innerJoin('materials as m', 'm.id', 'u.materialId')
    .select(['u.sourceId', 'u.materialId', 'u.quantity', 'm.name'])
    .where('u.source', '=', 'minor_treatment')
    .where('u.sourceId', 'in', rows.map((r) => r.id))
    .execute();
  // Grouped once (a pull page holds up to 1,000 treatments): not a scan of all usage per treatment.
  const byTreatment = new Map<string, MinorTreatment['materials']>();
  for (const u of usage) {
    if (u.sourceId === null) continue;
    const material = { materialId: u.materialId, name: u.name, quantity: u.quantity };
    const list = byTreatment.get(u.sourceId);
    if (list) list.push(material);
    else byTreatment.set(u.sourceId, [material]);
  }
  return Promise.all(
    rows.map(async ({ patientNameEnc, ...row }) => {
      const treatment = { ...withEnteredInError(row), date: row.createdAt, patientName: null, materials: byTreatment.get(row.id) ?? [] };
      // Name and description alike follow the team (docs/security.md "Clinical data follows the team").
      if (nameServices !== 'all' && !nameServices.has(row.serviceId)) return withholdClinical('minorTreatment', treatment);
      // REST answers no name at all: it is what a copied session cookie reaches; names travel only
      // sealed to a registered device key, through the pull (docs/security.md "Patient data needs the unlocked device").
      if (!options.names) return treatment;
      return { ...treatment, patientName: await decryptAtRest(dataKey, patientNameEnc, `minor_treatments:${row.id}`) };
    }),
  );
}

/** The treatment just written, as its writer sent it (the name is the writer's own input). */
export async function loadMinorTreatment(db: Db, dataKey: string, id: string): Promise<MinorTreatment> {
  const [treatment] = await toMinorTreatments(db, dataKey, [await treatmentsQuery(db).where('t.id', '=', id).executeTakeFirstOrThrow()], 'all');
  if (!treatment) throw new Error('Behandlung nach dem Speichern nicht lesbar');
  const { version: _v, ...rest } = treatment;
  return rest;
}

/** All minor treatments of my organisations' services, newest first. */
export async function listMinorTreatments(ctx: QueryContext): Promise<MinorTreatment[]> {
  const { db, dataKey, user } = ctx;
  const mine = db.selectFrom('organizationMembers').select('organizationId').where('userId', '=', user.id);
  const rows = await treatmentsQuery(db).where('t.organizationId', 'in', mine).orderBy('t.createdAt', 'desc').limit(5000).execute();
  return (await toMinorTreatments(db, dataKey, rows, noServices, { names: false })).map(({ version: _v, ...t }) => t);
}

export async function listServiceMinorTreatments(ctx: QueryContext, serviceId: unknown): Promise<MinorTreatment[]> {
  const { db, dataKey, user } = ctx;
  const { service } = await requireServiceAccess(db, serviceId, user);
  const rows = await treatmentsQuery(db).where('t.serviceId', '=', service.id).orderBy('t.createdAt', 'desc').execute();
  return (await toMinorTreatments(db, dataKey, rows, noServices, { names: false })).map(({ version: _v, ...t }) => t);
}

export { treatmentsQuery };
