import type { OrganizationStatistics, StatisticsFigures } from '@sanidok/schema';
import { csvTable, formatDate, transportRate } from '@sanidok/schema';
import { statisticsDe as t } from '../../i18n/statistics.de';

/**
 * The statistics as two CSV files, one rectangular table each (docs/decisions.md "CSV: one writer,
 * one table per file"): the figures per month with their total, and the patients per service. Both
 * through the shared writer (packages/schema/src/csv.ts): BOM, semicolons, formula escaping.
 */
export function statisticsMonthsCsv(stats: OrganizationStatistics): string {
  const tt = t.table;
  const figures = (label: string, f: StatisticsFigures) => [
    label, f.services, f.minorTreatments, f.protocols, f.patients, rateText(f), f.averageMinutesOnSite ?? '', (f.materialCostCents / 100).toFixed(2).replace('.', ','), f.manvPersons,
  ];
  return csvTable(
    [tt.month, tt.services, tt.minorTreatments, tt.protocols, tt.patients, `${tt.transportRate} (%)`, `${tt.onSite} (min)`, `${tt.materialCost} (EUR)`, tt.manvPersons],
    [...stats.months.map((m) => figures(t.monthLabel(m.month), m)), figures(tt.total, stats.total)],
  );
}

export function statisticsServicesCsv(stats: OrganizationStatistics): string {
  const ts = t.perService;
  return csvTable([ts.service, ts.start, ts.patients], stats.services.map((s) => [s.name, formatDate(s.startDate), s.patients]));
}

function rateText(f: StatisticsFigures): string {
  const rate = transportRate(f);
  return rate === null ? '' : String(rate).replace('.', ',');
}
