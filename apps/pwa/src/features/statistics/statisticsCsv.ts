import type { OrganizationStatistics, StatisticsFigures } from '@sanidok/schema';
import { formatDate, transportRate } from '@sanidok/schema';
import { statisticsDe as t } from '../../i18n/statistics.de';

/** One cell, quoted and formula-safe the way the event report writes its CSV (packages/reports csvCell). */
type Cell = (value: string | number) => string;

/** The statistics as CSV: the month table and the per-service table, German Excel style (semicolons, BOM). */
export function statisticsCsv(stats: OrganizationStatistics, csvCell: Cell): string {
  const tt = t.table;
  const figures = (label: string, f: StatisticsFigures) => [
    label, f.services, f.minorTreatments, f.protocols, f.patients, rateText(f), f.averageMinutesOnSite ?? '', (f.materialCostCents / 100).toFixed(2).replace('.', ','),
  ];
  const rows: (string | number)[][] = [
    [tt.month, tt.services, tt.minorTreatments, tt.protocols, tt.patients, `${tt.transportRate} (%)`, `${tt.onSite} (min)`, `${tt.materialCost} (EUR)`],
    ...stats.months.map((m) => figures(t.monthLabel(m.month), m)),
    figures(tt.total, stats.total),
    [],
    [t.perService.service, t.perService.start, t.perService.patients],
    ...stats.services.map((s) => [s.name, formatDate(s.startDate), s.patients]),
  ];
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

function rateText(f: StatisticsFigures): string {
  const rate = transportRate(f);
  return rate === null ? '' : String(rate).replace('.', ',');
}
