import type { TAnalysisPeriodQuery } from '@kindling/contracts';
import { addDays, daysBetween, midnightIn } from '../../platform/format/calendar.ts';

/**
 * A period as instants: `start` inclusive, `end` exclusive (midnights of the organisation's time
 * zone, decision 027), with its day labels and that zone.
 */
export type Period = { start: Date; end: Date; from: string; to: string; zone: string };

/** The instants of a query's whole days in `zone`: `to` is included, so the period ends at the next midnight. */
export function periodOf(query: TAnalysisPeriodQuery, zone: string): Period {
  return {
    start: midnightIn(query.from, zone),
    end: midnightIn(addDays(query.to, 1), zone),
    from: query.from,
    to: query.to,
    zone,
  };
}

const lengthInDays = (period: Period) => daysBetween(period.from, period.to) + 1;

/** The period of the same number of days that ends where `period` starts. */
export function previousPeriodOf(period: Period): Period {
  const from = addDays(period.from, -lengthInDays(period));
  return periodOf({ from, to: addDays(period.from, -1) }, period.zone);
}

/** Days up to about two months are drawn day by day; longer periods month by month. */
export const granularityOf = (period: Period): 'day' | 'month' => (lengthInDays(period) <= 62 ? 'day' : 'month');

export const labelsOf = (period: Period) => ({ from: period.from, to: period.to });
