/**
 * pnpm bench [part …] — builds what the chosen parts need, runs them one after another, prints
 * each part's table and writes the figures into docs/benchmarks.md. A part that fails prints its
 * reason; the others still run. Measures; asserts nothing (the exit code is 1 only when a part
 * could not run at all).
 *
 *   pnpm bench                    all parts
 *   pnpm bench sync pull          some parts: sync capture pull bundle lighthouse archive serialize logins syncpg load device board manv reports reconnect
 *   BENCH_SKIP_BUILD=1 pnpm bench bundle    use the existing builds
 *   BENCH_EXCLUSIVE=1 pnpm bench            hold the build/e2e lock for the whole run, so that no
 *                                           build or e2e run of others competes for the CPU
 *   pnpm bench --compare old.md   each figure next to an earlier run's (a docs/benchmarks.md or
 *                                 a --json file), with the ratio now/before (bench/compare.ts)
 *   pnpm bench --json run.json    also write this run's figures as JSON
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { benchArchive } from './archive';
import { benchBoard } from './board';
import { benchBundle } from './bundle';
import { benchCapture } from './capture';
import { compareFigures, comparisonTable, parseBenchArgs, readPreviousFigures, writeFiguresJson } from './compare';
import { benchDeltaPull } from './deltaPull';
import { benchDeviceCrypto } from './deviceCrypto';
import { chromiumPath, machineInfo, root } from './lib';
import { benchLighthouse } from './lighthouse';
import { benchLoad } from './load';
import { benchLoginStorm } from './loginStorm';
import { benchReconnect } from './reconnect';
import { benchReports } from './reports';
import { benchManv } from './manv';
import { benchSerialization } from './serialization';
import type { Figure, PartOutcome, PartReport } from './report';
import { docsPath, figureTable, machineMarkdown, partMarkdown, writeDocs } from './report';
import { benchSync } from './sync';
import { benchSyncPostgres } from './syncPostgres';

type Build = 'pwa' | 'server';

interface Part {
  id: string;
  title: string;
  needs: Build[];
  run(pwaDist: string | undefined): Promise<PartReport> | PartReport;
}

const parts: Part[] = [
  { id: 'sync', title: '1. Sync: push and pull of the same 10,000 records', needs: ['server'], run: () => benchSync() },
  { id: 'capture', title: '2. Offline save latency (minor treatment)', needs: ['pwa', 'server'], run: (dist) => benchCapture(dist) },
  { id: 'pull', title: '3. No-change delta pull', needs: ['server'], run: () => benchDeltaPull() },
  { id: 'bundle', title: '4. Initial JS bundle (gzip)', needs: ['pwa'], run: (dist) => benchBundle(dist ?? path.join(root, 'apps/pwa/dist')) },
  { id: 'lighthouse', title: '5. Lighthouse: landing page and signed-in pages (dashboard, service, protocol)', needs: ['pwa', 'server'], run: (dist) => benchLighthouse(dist) },
  { id: 'archive', title: '6. Archive: opening 1,000 sealed protocols', needs: ['pwa', 'server'], run: (dist) => benchArchive(dist) },
  { id: 'serialize', title: '7. Replies through their schema', needs: [], run: () => benchSerialization() },
  { id: 'logins', title: '8. Login storm: /api/health during 50 logins/s', needs: ['server'], run: () => benchLoginStorm() },
  { id: 'syncpg', title: '9. Sync on PostgreSQL: push and pull of the same 10,000 records', needs: ['server'], run: () => benchSyncPostgres() },
  { id: 'load', title: '10. Load: 500 devices pulling every 5 s, pushing 20 every 60 s', needs: ['server'], run: () => benchLoad() },
  { id: 'device', title: '12. Device encryption: unlock, pull apply, list', needs: [], run: () => benchDeviceCrypto() },
  { id: 'board', title: '13. Command-post board: live updates with 20 devices, 200 open event streams', needs: ['server'], run: () => benchBoard() },
  { id: 'manv', title: '14. MANV: 100 tags triaged by 3 offline tablets, merged on reconnect', needs: ['server'], run: () => benchManv() },
  { id: 'reports', title: '15. Reports: event report on a tablet-class CPU, organisation statistics', needs: ['server'], run: () => benchReports() },
  { id: 'reconnect', title: '16. Reconnect drill: a tablet back after a shift offline, 2,000 out and 5,000 in', needs: ['pwa', 'server'], run: (dist) => benchReconnect(dist) },
];

const lockFile = '/tmp/sanidok-e2e.lock';
const buildCommands: Record<Build, string> = {
  pwa: 'pnpm --filter @sanidok/pwa build',
  server: 'pnpm --filter @sanidok/sync-server build',
};

/**
 * Builds under the shared lock (builds and the e2e port are shared with other work in this tree)
 * and, still under it, copies the PWA build to a snapshot the servers of this run serve.
 * Returns why a build failed, per build.
 */
function build(needed: Set<Build>): { failures: Map<Build, string>; pwaDist: string | undefined } {
  const failures = new Map<Build, string>();
  const skip = process.env.BENCH_SKIP_BUILD === '1';
  const snapshot = needed.has('pwa') ? mkdtempSync(path.join(tmpdir(), 'sanidok-bench-pwa-')) : undefined;
  const steps = [
    ...(skip ? [] : [...needed].map((b) => `${buildCommands[b]} >/tmp/sanidok-bench-build-${b}.log 2>&1 || echo "${b}" >>"$FAILED"`)),
    ...(snapshot ? [`[ -f apps/pwa/dist/index.html ] && cp -r apps/pwa/dist/. "${snapshot}" || echo pwa >>"$FAILED"`] : []),
  ];
  if (steps.length === 0) return { failures, pwaDist: undefined };
  const failedFile = path.join(mkdtempSync(path.join(tmpdir(), 'sanidok-bench-')), 'failed');
  console.log(`\n${skip ? 'Snapshot of the existing PWA build' : `Building ${[...needed].join(' and ')}`} (under ${lockFile}) …`);
  const script = ['set +e', 'pnpm --filter @sanidok/schema --filter @sanidok/crypto --filter @sanidok/reports run build >/dev/null 2>&1', ...steps].join('\n');
  const command = process.env.BENCH_LOCK_HELD ? ['bash', '-c', script] : ['flock', lockFile, 'bash', '-c', script];
  spawnSync(command[0] ?? 'bash', command.slice(1), { cwd: root, stdio: 'inherit', env: { ...process.env, FAILED: failedFile } });
  const failed = existsSync(failedFile) ? readFileSync(failedFile, 'utf8') : '';
  for (const b of new Set(failed.split('\n').filter(Boolean) as Build[])) {
    failures.set(b, skip ? `no ${b} build found (BENCH_SKIP_BUILD=1)` : `the ${b} build failed, see /tmp/sanidok-bench-build-${b}.log`);
  }
  return { failures, pwaDist: snapshot };
}

function chromiumVersion(): string {
  try {
    return execFileSync(chromiumPath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return `not found at ${chromiumPath}`;
  }
}

async function main(): Promise<number> {
  const args = parseBenchArgs(process.argv.slice(2));
  const requested = args.parts;
  // Read before the run: the file may be the docs/benchmarks.md this run rewrites.
  const previous = args.compare ? readPreviousFigures(args.compare) : undefined;
  const unknown = requested.filter((id) => !parts.some((p) => p.id === id));
  if (unknown.length > 0) {
    console.error(`Unknown part: ${unknown.join(', ')}. Parts: ${parts.map((p) => p.id).join(', ')}.`);
    return 2;
  }
  const chosen = requested.length === 0 ? parts : parts.filter((p) => requested.includes(p.id));
  const { failures, pwaDist } = build(new Set(chosen.flatMap((p) => p.needs)));
  const machine = machineInfo();
  const started = new Date();
  const load = loadavg()[0] ?? 0;
  const outcomes: PartOutcome[] = [];

  for (const part of chosen) {
    console.log(`\n=== ${part.title} ===`);
    const startedAt = new Date();
    const outcome: PartOutcome = { id: part.id, title: part.title, startedAt, seconds: 0, load: loadavg()[0] ?? 0 };
    const missing = part.needs.map((b) => failures.get(b)).find(Boolean);
    try {
      if (missing) throw new Error(missing);
      outcome.report = await part.run(pwaDist);
      console.log(figureTable(outcome.report.figures));
    } catch (error) {
      // The first line: Playwright and Lighthouse append call logs that would swamp the table.
      outcome.error = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.trim() ?? 'unknown error';
      console.log(`FAILED: ${outcome.error}`);
    }
    outcome.seconds = (Date.now() - startedAt.getTime()) / 1000;
    outcomes.push(outcome);
  }

  const aims: Figure[] = outcomes.flatMap((o) =>
    o.report ? o.report.figures.filter((f) => f.aim !== undefined).map((f) => ({ ...f, label: `${o.id}: ${f.label}` })) : [{ label: `${o.id}: did not run`, value: o.error ?? '', aim: '–', met: false }]);
  console.log(`\n=== Aims (${aims.filter((a) => a.met).length} of ${aims.length} met) ===\n${figureTable(aims)}`);

  const blocks = [
    { id: 'machine', body: `Last run: \`pnpm bench${requested.length ? ` ${requested.join(' ')}` : ''}\`\n\n${machineMarkdown(machine, started, chromiumVersion(), load)}` },
    ...(requested.length === 0 ? [{ id: 'summary', body: `#### Aims (${aims.filter((a) => a.met).length} of ${aims.length} met)\n\n${figureTable(aims)}` }] : []),
    ...outcomes.map((o) => ({ id: `part-${o.id}`, body: partMarkdown(o, machine) })),
  ];
  writeDocs(blocks, ['machine', 'summary', ...parts.map((p) => `part-${p.id}`)]);
  console.log(`\nWritten to ${path.relative(root, docsPath)}.`);
  if (args.json) writeFiguresJson(args.json, outcomes);
  if (previous) console.log(`\n=== Compared with ${args.compare ?? ''} ===\n${comparisonTable(compareFigures(outcomes, previous))}`);
  return outcomes.some((o) => o.error) ? 1 : 0;
}

if (process.env.BENCH_EXCLUSIVE === '1' && !process.env.BENCH_LOCK_HELD) {
  console.log(`Waiting for ${lockFile} (held for the whole run) …`);
  const child = spawnSync('flock', [lockFile, process.execPath, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, BENCH_LOCK_HELD: '1' } });
  process.exitCode = child.status ?? 1;
} else {
  process.exitCode = await main();
}
