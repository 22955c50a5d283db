import type { Service } from '@sanidok/schema';
import type { CommandContext } from '../context';
import { eraseManvPersonData } from '../manv/commands';
import { archiveServiceSealing } from '../services/commands';
import { sealOpenProtocolsOfService } from './sealing';

/**
 * Archiving a service (REST and 'service.archive', docs/security.md "Archiving
 * seals everything"): in one transaction, after the archive checks, every open protocol's
 * patient data is sealed to the organisation key by the server and its plaintext deleted, exactly
 * as at a discharge (./sealing.ts), then the service is archived and the 'service_archived' mail
 * queued; the person data of its MANV tags is erased. A device that later pushes a change to such a protocol gets the discharged answer
 * (./access.ts `assertProtocolOpen`).
 */
export function archiveService(ctx: CommandContext, input: unknown): Promise<Service> {
  return archiveServiceSealing(ctx, input, async (trx, service) => {
    await sealOpenProtocolsOfService(trx, ctx.dataKey, service.id);
    // MANV tags' names leave with the patient-data window (docs/decisions.md "MANV mode").
    await eraseManvPersonData(trx, service.id);
  });
}
