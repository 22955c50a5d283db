import { z } from './zodConfig';

/**
 * Organisation statistics: per month of a service's start (Europe/Berlin), for
 * owner and admins. Months are 'YYYY-MM'; the period is at most 36 months.
 */
export const statisticsMaxMonths = 36;
export const statisticsMessages = {
  monthInvalid: 'Bitte geben Sie einen Monat im Format JJJJ-MM an.',
  periodReversed: 'Der Beginn des Zeitraums liegt nach seinem Ende.',
  periodTooLong: `Der Zeitraum darf höchstens ${statisticsMaxMonths} Monate umfassen.`,
} as const;

const month = z.string({ error: statisticsMessages.monthInvalid }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, statisticsMessages.monthInvalid);

/** Whole months from..to, both included; 1 for the same month. */
export function monthsBetween(from: string, to: string): number {
  const [fy = 0, fm = 0] = from.split('-').map(Number);
  const [ty = 0, tm = 0] = to.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** ?from=&to= of GET /api/organizations/{id}/statistics; without them the last 12 months up to `now`'s. */
export const statisticsQuerySchema = z
  .object({ from: month.optional(), to: month.optional() })
  .superRefine((value, ctx) => {
    if (!value.from || !value.to) return;
    const months = monthsBetween(value.from, value.to);
    if (months < 1) ctx.addIssue({ code: 'custom', path: ['from'], message: statisticsMessages.periodReversed });
    else if (months > statisticsMaxMonths) ctx.addIssue({ code: 'custom', path: ['to'], message: statisticsMessages.periodTooLong });
  });
export type StatisticsQuery = z.input<typeof statisticsQuerySchema>;

/** One month, or the whole period (then `month` is null). */
export interface StatisticsFigures {
  services: number;
  minorTreatments: number;
  protocols: number;
  /** Minor treatments + protocols. */
  patients: number;
  /** Protocols closed with outcome 'ambulance'. */
  transported: number;
  /** Closed protocols (the base of the transport rate). */
  closedProtocols: number;
  /** Mean minutes from a protocol's creation to its discharge; null without discharged protocols. */
  averageMinutesOnSite: number | null;
  /** Σ quantity × unit price of materials that have one. */
  materialCostCents: number;
  /** Units used of materials without a price: the cost leaves them out and the page says so. */
  materialUnitsWithoutPrice: number;
  /**
   * Persons registered in MANV mode (tags, merged duplicates once): not among `patients`, which
   * counts treatments and protocols; the page names them beside the patients.
   */
  manvPersons: number;
}

export interface StatisticsMonth extends StatisticsFigures {
  month: string;
}

export interface OrganizationStatistics {
  organizationId: number;
  from: string;
  to: string;
  months: StatisticsMonth[];
  total: StatisticsFigures;
  /** Patients per service, services in the period by start. */
  services: { id: string; name: string; startDate: string; patients: number }[];
}

/** Transport rate in percent with one decimal; null when no protocol was closed. */
export function transportRate(figures: Pick<StatisticsFigures, 'transported' | 'closedProtocols'>): number | null {
  return figures.closedProtocols ? Math.round((figures.transported / figures.closedProtocols) * 1000) / 10 : null;
}
