import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody, ProtocolDetail } from '@sanidok/schema';
import { openArchive } from '../../helpers/archive';
import { json } from '../../helpers/json';
import { createProtocolVia, dischargePayload, protocolPayload } from '../../helpers/protocols';
import { pushMutations as push, syncMutation as mutation } from '../../helpers/syncPush';
import { teamOfOne } from '../../helpers/teamWorld';

/**
 * NACA score and diagnosis group (packages/schema mindCodes.ts, migration 2026-11-28_020): captured
 * through the protocol mutations like every clinical field, checked by the shared schema, withheld
 * off the team and kept with the discharged record in the archive.
 */

const setup = teamOfOne;

describe('NACA score and diagnosis group', () => {
  it('arrive through sync, are updated field by field and stored as their codes', async () => {
    const { app, tina, service } = await setup();
    const args = protocolPayload(service.id, { naca: '3', diagnosisGroup: 'alcohol', materials: [] });
    const device = randomUUID();
    expect((await push(tina, device, [mutation(1, 'protocol.create', args)])).results[0]?.status).toBe('applied');
    // REST answers no clinical part to anyone (docs/security.md): the server's own row is read.
    const stored = () => app.db.selectFrom('patientProtocols').select(['naca', 'diagnosisGroup', 'version']).where('id', '=', args.id).executeTakeFirstOrThrow();
    const created = await stored();
    expect(created).toMatchObject({ naca: '3', diagnosisGroup: 'alcohol' });

    const update = await push(tina, device, [mutation(2, 'protocol.update', { id: args.id, baseVersion: created.version, naca: '4', diagnosisGroup: '' })]);
    expect(update.results[0]?.status).toBe('applied');
    expect(await stored()).toMatchObject({ naca: '4', diagnosisGroup: null });
  });

  it('refuses a NACA outside 0–7 and an unknown group, in German, by REST and by sync', async () => {
    const { app, tina, service } = await setup();
    const created = await createProtocolVia(tina, service.id);
    for (const naca of ['8', '-1', 'IV', '3.5']) {
      const response = await tina.patch(`/api/patient-protocols/${created.protocol.id}`, { naca });
      expect(response.statusCode).toBe(400);
      expect(json<ApiErrorBody>(response).message).toContain('Der NACA-Score muss zwischen 0 und 7 liegen');
    }
    const group = await tina.patch(`/api/patient-protocols/${created.protocol.id}`, { diagnosisGroup: 'Bauchweh' });
    expect(group.statusCode).toBe(400);
    expect(json<ApiErrorBody>(group).message).toContain('Bitte wählen Sie eine Diagnosegruppe aus der Liste');
    const refused = await push(tina, randomUUID(), [mutation(1, 'protocol.update', { id: created.protocol.id, naca: '9' })]);
    expect(refused.results[0]).toMatchObject({ status: 'rejected' });
    expect(refused.results[0]?.message).toContain('Der NACA-Score muss zwischen 0 und 7 liegen');
    const row = await app.db.selectFrom('patientProtocols').select(['naca']).where('id', '=', created.protocol.id).executeTakeFirstOrThrow();
    expect(row.naca).toBeNull();
  });

  it('are withheld from a member off the team and reach the owner in the archive after discharge', async () => {
    const { owner, tina, mona, org, service } = await setup();
    const created = await createProtocolVia(tina, service.id, { naca: '5', diagnosisGroup: 'trauma' });
    const offTeam = json<ProtocolDetail>(await mona.get(`/api/patient-protocols/${created.protocol.id}`));
    expect(offTeam.protocol).toMatchObject({ naca: null, diagnosisGroup: null });
    expect((await tina.patch(`/api/patient-protocols/${created.protocol.id}/discharge`, dischargePayload)).statusCode).toBe(200);
    const opened = await openArchive(owner, org.id, service.id, org.secret);
    const [record] = json<{ protocols: { protocol: Record<string, unknown> }[] }>(opened).protocols;
    expect(record?.protocol).toMatchObject({ naca: '5', diagnosisGroup: 'trauma' });
  });
});
