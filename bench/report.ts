import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Machine } from './lib';
import { root } from './lib';

/** One line of a part's table: a measured figure, and the aim it is held against (if it has one). */
export interface Figure {
  label: string;
  value: string;
  aim?: string;
  met?: boolean;
}

export interface PartReport {
  figures: Figure[];
  /** How it was measured: method, baseline, what the figures include. Printed below the table. */
  notes: string[];
}

export interface PartOutcome {
  id: string;
  title: string;
  startedAt: Date;
  seconds: number;
  /** 1-minute load average when the part started: other work on the machine shows up here. */
  load: number;
  report?: PartReport;
  error?: string;
}

const docsFile = path.join(root, 'docs/benchmarks.md');
const verdict = (f: Figure) => (f.aim === undefined ? '' : f.met ? 'met' : '**not met**');

/** A GitHub-flavoured Markdown table; readable in a terminal too. */
export function figureTable(figures: Figure[]): string {
  const rows = figures.map((f) => [f.label, f.value, f.aim ?? '', verdict(f)]);
  const header = ['Measurement', 'Value', 'Aim', 'Aim met'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export function partMarkdown(outcome: PartOutcome, machine: Machine): string {
  const when = `_Run ${outcome.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine.cores} × ${machine.cpu}, Node ${machine.node}; load average ${outcome.load.toFixed(1)} at the start; took ${outcome.seconds.toFixed(0)} s._`;
  if (!outcome.report) return [`### ${outcome.title}`, '', when, '', `**Failed:** ${outcome.error ?? 'unknown reason'}`].join('\n');
  const notes = outcome.report.notes.map((n) => `- ${n}`);
  return [`### ${outcome.title}`, '', when, '', figureTable(outcome.report.figures), '', ...notes].join('\n');
}

export function machineMarkdown(machine: Machine, date: Date, chromium: string, load: number): string {
  return [
    '| Machine | |',
    '|---|---|',
    `| CPU | ${machine.cpu} |`,
    `| Cores | ${machine.cores} |`,
    `| RAM | ${machine.ramGiB} GiB |`,
    `| OS | ${machine.os} |`,
    `| Node | ${machine.node} |`,
    `| Chromium | ${chromium} |`,
    `| Date | ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC |`,
    `| Load average (1 min) at the start | ${load.toFixed(1)} |`,
  ].join('\n');
}

const begin = (id: string) => `<!-- bench:${id} -->`;
const end = (id: string) => `<!-- /bench:${id} -->`;
const block = (id: string, body: string) => `${begin(id)}\n${body}\n${end(id)}`;

/**
 * Writes the figures into docs/benchmarks.md. Only the generated blocks between the
 * `<!-- bench:… -->` markers are replaced; the hand-written analysis around them stays. A part
 * run alone replaces only its own block (each block says when and where it was measured).
 */
export function writeDocs(blocks: { id: string; body: string }[], partOrder: string[]): void {
  let text = existsSync(docsFile) ? readFileSync(docsFile, 'utf8') : '# Benchmarks\n';
  for (const { id, body } of blocks) {
    const start = text.indexOf(begin(id));
    const stop = text.indexOf(end(id));
    if (start >= 0 && stop > start) {
      text = text.slice(0, start) + block(id, body) + text.slice(stop + end(id).length);
      continue;
    }
    // A block the file does not have yet: after the block that precedes it in run order, else at the end.
    const before = partOrder.slice(0, Math.max(0, partOrder.indexOf(id))).reverse().find((p) => text.includes(end(p)));
    const at = before ? text.indexOf(end(before)) + end(before).length : text.length;
    const after = text.slice(at).trimStart();
    text = `${text.slice(0, at).trimEnd()}\n\n${block(id, body)}\n${after ? `\n${after}` : ''}`;
  }
  writeFileSync(docsFile, `${text.trimEnd()}\n`);
}

export const docsPath = docsFile;
