import { readFileSync, writeFileSync } from 'node:fs';
import type { Figure, PartOutcome } from './report';

/**
 * `pnpm bench --compare <file>`: each figure of this run next to the same figure
 * of an earlier run — a docs/benchmarks.md (e.g. `git show main:docs/benchmarks.md > /tmp/old.md`)
 * or the JSON a run wrote with `--json <file>` — with the ratio now/before, so a change that costs
 * 20 % shows in review. Figures match by part and label; the first number of each value counts
 * (`14,712 mutations/s (0.68 s)` → 14712). Measures only: nothing here fails a run.
 */
export type FigureMap = Map<string, Map<string, string>>;

/** The figures of an earlier run, per part id and label. */
export function readPreviousFigures(file: string): FigureMap {
  const text = readFileSync(file, 'utf8');
  return file.endsWith('.json') ? fromJson(text) : fromMarkdown(text);
}

function fromJson(text: string): FigureMap {
  const parts = JSON.parse(text) as Record<string, Figure[]>;
  return new Map(Object.entries(parts).map(([id, figures]) => [id, new Map(figures.map((f) => [f.label, f.value]))]));
}

/** The tables between `<!-- bench:part-… -->` markers (bench/report.ts writes them). */
export function fromMarkdown(text: string): FigureMap {
  const parts: FigureMap = new Map();
  for (const match of text.matchAll(/<!-- bench:part-([\w-]+) -->([\s\S]*?)<!-- \/bench:part-\1 -->/g)) {
    const rows = new Map<string, string>();
    for (const line of (match[2] ?? '').split('\n')) {
      const cells = line.split('|').slice(1, -1).map((c) => c.trim());
      const [label, value] = cells;
      if (!label || value === undefined || label === 'Measurement' || /^-+$/.test(label)) continue;
      rows.set(label, value);
    }
    parts.set(match[1] ?? '', rows);
  }
  return parts;
}

/** The first number of a figure's value; undefined when it has none. */
export function leadingNumber(value: string): number | undefined {
  const match = /-?\d[\d,]*(?:\.\d+)?/.exec(value);
  return match ? Number(match[0].replace(/,/g, '')) : undefined;
}

export interface ComparedFigure {
  part: string;
  label: string;
  before: string;
  now: string;
  /** now / before; undefined when either has no number or before is 0. */
  ratio?: number;
}

export function compareFigures(outcomes: readonly PartOutcome[], previous: FigureMap): ComparedFigure[] {
  return outcomes.flatMap((outcome) =>
    (outcome.report?.figures ?? []).flatMap((figure) => {
      const before = previous.get(outcome.id)?.get(figure.label);
      if (before === undefined) return [];
      const [a, b] = [leadingNumber(before), leadingNumber(figure.value)];
      return [{ part: outcome.id, label: figure.label, before, now: figure.value, ratio: a && b !== undefined ? b / a : undefined }];
    }));
}

export function comparisonTable(rows: readonly ComparedFigure[]): string {
  const cells = rows.map((r) => [r.label.startsWith(`${r.part}:`) ? r.label : `${r.part}: ${r.label}`, r.before, r.now, r.ratio === undefined ? '–' : `${r.ratio.toFixed(2)}×`]);
  const header = ['Measurement', 'Before', 'Now', 'Now / before'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

/** `--json <file>`: this run's figures, for a later `--compare`. */
export function writeFiguresJson(file: string, outcomes: readonly PartOutcome[]): void {
  const parts = Object.fromEntries(outcomes.filter((o) => o.report).map((o) => [o.id, o.report?.figures ?? []]));
  writeFileSync(file, `${JSON.stringify(parts, null, 2)}\n`);
}

/** Splits `--compare <file>` and `--json <file>` off the part ids. */
export function parseBenchArgs(args: readonly string[]): { parts: string[]; compare?: string; json?: string } {
  const parts: string[] = [];
  let compare: string | undefined;
  let json: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '--compare' || arg === '--json') {
      const file = args[i + 1];
      if (!file) throw new Error(`${arg} needs a file`);
      if (arg === '--compare') compare = file;
      else json = file;
      i += 1;
    } else if (arg !== '--') {
      parts.push(arg);
    }
  }
  return { parts, compare, json };
}
