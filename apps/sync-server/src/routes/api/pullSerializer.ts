import type { SyncChange } from '@sanidok/schema';
import { pullReply, syncChangeReply } from '@sanidok/schema';
import type { z } from 'zod';
import type { PulledChange, PullPage } from '../../domain/sync/pull';

/**
 * The pull's reply through its schema, as every reply (docs/decisions.md "Replies go through their
 * schema"), but each change through its own member of the `SyncChange` union. Encoding through the
 * union tries the members in turn, and a member that fails builds its issues first: a team row, the
 * ninth member, cost eight failed object parses, a third of a full page's CPU. The member chosen here
 * is the one the union would take (the only one whose `entity` and `op` literals match), so the
 * bytes are the same: fields the schema does not name are dropped, a change that does not fit fails
 * the reply (500) as before.
 */
const envelope = pullReply.omit({ changes: true });

type Member = (typeof syncChangeReply.options)[number];

const upserts = new Map<string, Member>();
let deletes: Member | undefined;
for (const member of syncChangeReply.options) {
  const { entity, op } = member.shape;
  if (op.value === 'delete') deletes = member;
  else if (entity.def.type === 'literal') upserts.set(String(entity.def.values[0]), member);
}

function memberOf(change: SyncChange): Member {
  const member = change.op === 'delete' ? deletes : upserts.get(change.entity);
  if (!member) throw new Error(`Keine Antwortform für ${change.op} ${change.entity}`);
  return member;
}

// JSON the database wrote from the schema's own keys (domain/sync/sqlJson.ts) goes out as it is.
const encodeChange = (change: PulledChange): string => ('json' in change ? change.json : JSON.stringify((memberOf(change) as z.ZodType).encode(change)));

/** The reply's JSON: the envelope, then the changes, in the order of `pullReply` (changes last). */
export function serializePull(reply: PullPage): string {
  const { changes, ...rest } = reply;
  const head = JSON.stringify(envelope.encode(rest));
  return `${head.slice(0, -1)},"changes":[${changes.map(encodeChange).join(',')}]}`;
}
