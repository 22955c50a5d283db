import type { MinorTreatment } from '@sanidok/schema';
import { createMinorTreatmentSchema } from '@sanidok/schema';
import { encryptAtRest } from '@sanidok/crypto';
import { insertRow } from '../../db/compiledInsert';
import type { CommandContext } from '../context';
import { conflict, isUniqueViolation, validate } from '../errors';
import { recordUsage } from '../materialUsage/recordUsage';
import { authorizeCapture } from '../services/access';
import { nextVersion } from '../versions';
import { deviceTime, nowIso } from '../time';
import { inTransaction } from '../transaction';
import { loadMinorTreatment } from './queries';

export const patientNameContext = (id: string) => `minor_treatments:${id}`;

/**
 * Records a Bagatelle with its material consumption in one transaction. Any member may document
 * on a service that is neither blocked nor archived. The patient name is stored encrypted.
 */
export async function createMinorTreatment(ctx: CommandContext, input: unknown): Promise<MinorTreatment> {
  const data = validate(createMinorTreatmentSchema, input);
  const id = data.id ?? globalThis.crypto.randomUUID();
  const patientNameEnc = await encryptAtRest(ctx.dataKey, data.patientName, patientNameContext(id));
  return inTransaction(ctx.db, async (trx) => {
    const { service } = await authorizeCapture(trx, data.serviceId, ctx.user);
    const createdAt = deviceTime(data.createdAt);
    try {
      await insertRow(trx, 'minorTreatments', {
        id, serviceId: service.id, organizationId: service.organizationId, patientNameEnc, description: data.description,
        treatedById: ctx.user.id, createdAt, receivedAt: nowIso(), version: await nextVersion(trx),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Diese Behandlung wurde bereits erfasst.');
      throw error;
    }
    const scope = { serviceId: service.id, organizationId: service.organizationId, userId: ctx.user.id };
    await recordUsage(trx, scope, data.materials, 'minor_treatment', id, createdAt);
    return loadMinorTreatment(trx, ctx.dataKey, id);
  });
}
