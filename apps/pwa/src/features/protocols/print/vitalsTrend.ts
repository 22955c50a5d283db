import { vitalParameterTypes } from '@sanidok/schema';
import type { ProtocolView } from '../../../data/repositories/protocols';
import { printDe } from '../../../i18n/print.de';
import { formatDateTime, formatTime } from '../../../lib/format';
import type { PrintBlock } from './printModel';
import { valueWithUnit, vitalLabel } from './printModel';

const t = printDe.document;

/** Time columns per table: eight fit the 800 px print window and an A4 page in portrait. */
export const trendColumnsPerTable = 8;

/** 'HH:MM', or with the date when the care ran past midnight; a wrong measurement says so. */
function columnHeading(record: ProtocolView['vitals'][number], sameDay: boolean): string {
  const when = sameDay ? formatTime(record.recordedAt) : formatDateTime(record.recordedAt);
  return record.enteredInError ? `${when} (${t.markedWrong})` : when;
}

/**
 * The handover's vital signs as the paper protocol's trend grid: one row per parameter measured
 * (in the fixed parameter order), one column per measurement, oldest first, so the first
 * 105/70 stands beside the last 132/84. A parameter not taken at a time shows '–'. Long care
 * continues in a second table rather than squeezing the columns.
 */
export function vitalsTrendBlocks(vitals: ProtocolView['vitals']): PrintBlock[] {
  const records = [...vitals].sort((a, b) => (a.recordedAt === b.recordedAt ? a.id.localeCompare(b.id) : a.recordedAt.localeCompare(b.recordedAt)));
  if (records.length === 0) return [{ title: t.sections.vitalsTrend, kind: 'table', headers: [], rows: [], empty: t.noVitals }];
  const days = new Set(records.map((r) => formatDateTime(r.recordedAt).slice(0, 10)));
  const measured = vitalParameterTypes.filter((type) => records.some((r) => r.values.some((v) => v.parameterType === type)));
  const blocks: PrintBlock[] = [];
  for (let start = 0; start < records.length; start += trendColumnsPerTable) {
    const chunk = records.slice(start, start + trendColumnsPerTable);
    blocks.push({
      title: start === 0 ? t.sections.vitalsTrend : t.sections.vitalsTrendContinued,
      kind: 'table',
      headers: [t.columns.parameter, ...chunk.map((r) => columnHeading(r, days.size === 1))],
      rows: measured.flatMap((type) => {
        const cells = chunk.map((r) => {
          const value = r.values.find((v) => v.parameterType === type);
          return value ? valueWithUnit(value) : t.notMeasured;
        });
        if (cells.every((c) => c === t.notMeasured)) return [];
        const label = vitalLabel({ parameterType: type, value: '', unit: null });
        return [[label, ...cells]];
      }),
      empty: t.noVitals,
    });
  }
  return blocks;
}
