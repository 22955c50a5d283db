import { pullReply } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import type { PullPage } from '../../../src/domain/sync/pull';
import { serializePull } from '../../../src/routes/api/pullSerializer';

const organization = {
  id: 1, name: 'DRK Musterstadt', description: null, createdAt: '2026-07-01T08:00:00.000Z', role: 'owner', isBlocked: false, memberCount: 2,
  memberSince: '2026-07-01T08:00:00.000Z', sealingPublicKey: 'a', signingPublicKey: 'b', keyFingerprint: 'c', keyConfirmed: true,
  keyUnconfirmedSince: null, keyRecovery: null, lockAfterMinutes: 5, retentionYears: 10, passwordHash: 'nie senden',
};
const material = { entity: 'material', op: 'upsert', id: '1', organizationId: 1, version: 3, data: { id: 1, name: 'Pflaster', unit: 'Stk', organizationId: 1, unitPriceCents: null, deletedAt: null, secret: 'nie senden' } };
const deletion = { entity: 'service', op: 'delete', id: 'x', organizationId: 1, version: 4 };

describe('pull reply serializer', () => {
  it('writes the bytes the union schema writes, dropping unnamed fields, and puts prepared JSON in place', () => {
    const page = { cursor: 'eyIxIjo0fQ', hasMore: false, organizations: [organization], patientDataServices: [], changes: [material, deletion] };
    const json = serializePull(page as unknown as PullPage);
    expect(json).toBe(JSON.stringify(pullReply.encode(page as never)));
    expect(json).not.toContain('nie senden');

    const prepared = { version: 5, json: '{"entity":"service","op":"delete","id":"y","organizationId":1,"version":5}' };
    const withPrepared = serializePull({ ...page, changes: [material, prepared] } as unknown as PullPage);
    expect(JSON.parse(withPrepared)).toEqual(pullReply.encode({ ...page, changes: [material, JSON.parse(prepared.json)] } as never));
  });

  it('fails a change that does not fit its schema (500), as the union did', () => {
    const page = { cursor: 'x', hasMore: false, organizations: [], patientDataServices: [], changes: [{ ...material, data: { ...material.data, name: 7 } }] };
    expect(() => serializePull(page as unknown as PullPage)).toThrow();
  });
});
