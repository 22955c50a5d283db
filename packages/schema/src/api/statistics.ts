import { z } from 'zod';
import type { OrganizationStatistics, StatisticsFigures, StatisticsMonth } from '../statistics';
import { replyOf } from './common';

const figureFields = {
  services: z.number(),
  minorTreatments: z.number(),
  protocols: z.number(),
  patients: z.number(),
  transported: z.number(),
  closedProtocols: z.number(),
  averageMinutesOnSite: z.number().nullable(),
  materialCostCents: z.number(),
  materialUnitsWithoutPrice: z.number(),
  manvPersons: z.number(),
};

const figures = replyOf<StatisticsFigures>()(z.object(figureFields));
const monthFigures = replyOf<StatisticsMonth>()(z.object({ month: z.string(), ...figureFields }));

/** GET /api/organizations/{id}/statistics (domain/statistics/organizationStatistics.ts). */
export const organizationStatisticsReply = replyOf<OrganizationStatistics>()(
  z.object({
    organizationId: z.number(),
    from: z.string(),
    to: z.string(),
    months: z.array(monthFigures),
    total: figures,
    services: z.array(z.object({ id: z.string(), name: z.string(), startDate: z.string(), patients: z.number() })),
  }).meta({ id: 'OrganizationStatistics' }),
);
