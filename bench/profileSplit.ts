/**
 * bench/profileSplit: where a sync push's server time goes, per mutation. Reads
 * a V8 CPU profile of the server (`BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" pnpm bench sync`)
 * and attributes each sample in the push's time span to the first phase found from the sampled
 * function outwards. Prints a Markdown table.
 *
 *   pnpm exec tsx bench/profileSplit.ts DIR/CPU…cpuprofile [mutations=12000]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

// First match from the sampled frame outwards decides; order matters only for frames that match two.
const phases: [phase: string, functions: RegExp][] = [
  ['commit (fsync of the batch)', /^commitTransaction$/],
  ['version counter, device row', /^(reserveVersions|settleVersions|nextVersion|registerDevice|replayResult)$/],
  ['authorise (membership, role, blocks)', /^(authorize|requireMembership|loadMembership)$/],
  ['write (savepoint, INSERTs, release)', /^(runDirect|insertRow|insertCreator)$/],
  ['validate (zod, body guard, sealed args)', /^(validate|validateParam|inspectBody|carriesSecretText|openArgs|safeParse)$/],
  ['parse (HTTP, JSON body)', /^(defaultJsonParser|parserOnHeadersComplete|parserOnIncoming|onEnd|rawBody)$/],
  ['reply (serialise, headers, socket write)', /^(send|serialize|writePayload|onSendEnd|fastifyCookieOnSendHandler|writev|writeHead)$/],
  ['domain command and push loop (row objects, ids, times)', /^(createService|inTransaction|newAccessCode|nowIso|applyBatch|pushMutations)$/],
  ['garbage collection', /^\(garbage collector\)$/],
  ['idle (waiting for the client)', /^\(idle\)$/],
];

const [file, mutationsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profileSplit.ts FILE.cpuprofile [mutations]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const stackOf = (id: number): string[] => {
  const names: string[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) names.push(byId.get(at)?.callFrame.functionName || '(anonymous)');
  return names;
};

// The push's span: from the first to the last sample under pushMutations (warm-up included).
let time = 0;
const samples = profile.samples.map((id, i) => ({ stack: stackOf(id), at: (time += profile.timeDeltas[i] ?? 0), dt: profile.timeDeltas[i] ?? 0 }));
const inPush = samples.filter((s) => s.stack.includes('pushMutations'));
const start = inPush[0]?.at ?? 0;
const end = inPush.at(-1)?.at ?? 0;
const totals = new Map<string, number>();
let total = 0;
for (const sample of samples) {
  if (sample.at < start || sample.at > end) continue;
  const phase = sample.stack.map((name) => phases.find(([, pattern]) => pattern.test(name))?.[0]).find((p) => p !== undefined) ?? 'other (routing, hooks, promise glue)';
  totals.set(phase, (totals.get(phase) ?? 0) + sample.dt);
  total += sample.dt;
}
const mutations = Number(mutationsArg ?? 12_000);
console.log('| phase | µs per mutation | share |\n|---|---|---|');
for (const [phase, us] of [...totals].sort((a, b) => b[1] - a[1])) {
  console.log(`| ${phase} | ${(us / mutations).toFixed(1)} | ${((us / total) * 100).toFixed(0)} % |`);
}
console.log(`| **total** (${((end - start) / 1e6).toFixed(2)} s for ${mutations} mutations) | ${(total / mutations).toFixed(1)} | 100 % |`);
