import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createProtocolVia, storedHistory, storedPatientData } from '../../helpers/protocols';
import { serviceTeam } from '../../helpers/serviceTeam';
import { device } from './devicePush';

// Offline edits from several devices merge into one ordered history with no revision lost
// (docs/decisions.md "Every change kept (§ 630f BGB)"): every device edits the version it had when
// it went offline, the outboxes arrive interleaved, and the server keeps exactly one revision per
// edit, each naming its device, the old values chaining to the previous new value of the field.

const fields = ['symptoms', 'medications', 'phone'] as const;
type Field = (typeof fields)[number];

const editArbitrary = fc.record({ device: fc.nat(), field: fc.constantFrom(...fields) });
const runArbitrary = fc.record({ devices: fc.integer({ min: 2, max: 4 }), edits: fc.array(editArbitrary, { minLength: 1, maxLength: 12 }) });

describe('offline edits from several devices', () => {
  it('N edits on K devices → exactly N revisions, ordered, none lost', async () => {
    const { app, medic, owner, service } = await serviceTeam();
    await fc.assert(
      fc.asyncProperty(runArbitrary, async ({ devices: count, edits }) => {
        const { protocol, patientData } = await createProtocolVia(medic, service.id);
        const initial: Record<Field, string | null> = { symptoms: null, medications: null, phone: patientData?.phone ?? null };
        // Two users, several tablets each; every tablet went offline at the protocol's first version.
        const tablets = Array.from({ length: count }, (_, index) => device(index % 2 === 0 ? medic : owner));
        const outboxes = tablets.map(() => [] as { field: Field; value: string }[]);
        edits.forEach((edit, index) => outboxes[edit.device % count]?.push({ field: edit.field, value: `Gerät ${edit.device % count}, Änderung ${index}` }));

        // The outboxes arrive interleaved: each tablet pushes its own edits in order, all at once.
        await Promise.all(
          tablets.map(async (tablet, index) => {
            for (const edit of outboxes[index] ?? []) {
              const change = edit.field === 'phone' ? { patientData: { phone: edit.value } } : { [edit.field]: edit.value };
              const result = await tablet.push('protocol.update', { id: protocol.id, baseVersion: protocol.version, updatedAt: new Date().toISOString(), ...change });
              expect(result.status).toBe('applied');
            }
          }),
        );

        const history = await storedHistory(app, protocol.id);
        expect(history).toHaveLength(edits.length);
        expect(history.map((r) => r.sequence)).toEqual([...history.map((r) => r.sequence)].sort((a, b) => a - b));
        // Every edit is there once, from the tablet that made it.
        const made = outboxes.flatMap((outbox, index) => outbox.map((edit) => `${tablets[index]?.deviceId}:${edit.field}=${edit.value}`)).sort();
        expect(history.map((r) => `${r.deviceId}:${r.field}=${r.newValue}`).sort()).toEqual(made);
        // Old values chain: each revision replaced what the previous one of its field wrote.
        const last = { ...initial };
        for (const revision of history) {
          const field = revision.field as Field;
          expect(revision.oldValue).toBe(last[field]);
          last[field] = revision.newValue;
        }
        // The stored row (REST answers no clinical field: docs/security.md "Clinical data follows the team").
        const stored = await app.db.selectFrom('patientProtocols').select(['symptoms', 'medications']).where('id', '=', protocol.id).executeTakeFirstOrThrow();
        const phone = (await storedPatientData(app, protocol.id))?.phone ?? null;
        expect({ symptoms: stored.symptoms, medications: stored.medications, phone }).toEqual(last);
      }),
      { numRuns: 10 },
    );
  });
});
