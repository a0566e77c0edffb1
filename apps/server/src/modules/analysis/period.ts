import type { TAnalysisPeriodQuery } from '@kindling/contracts';

const DAY_MS = 86_400_000;

/** A period as instants: `start` inclusive, `end` exclusive (UTC midnights), with its day labels. */
export type Period = { start: Date; end: Date; from: string; to: string };

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The instants of a query's whole days: `to` is included, so the period ends at the next midnight. */
export function periodOf(query: TAnalysisPeriodQuery): Period {
  const start = new Date(`${query.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS);
  return { start, end, from: query.from, to: query.to };
}

/** The period of the same number of days that ends where `period` starts. */
export function previousPeriodOf(period: Period): Period {
  const length = period.end.getTime() - period.start.getTime();
  const start = new Date(period.start.getTime() - length);
  return { start, end: period.start, from: dayOf(start), to: dayOf(new Date(period.start.getTime() - DAY_MS)) };
}

/** Days up to about two months are drawn day by day; longer periods month by month. */
export const granularityOf = (period: Period): 'day' | 'month' =>
  period.end.getTime() - period.start.getTime() <= 62 * DAY_MS ? 'day' : 'month';

export const labelsOf = (period: Period) => ({ from: period.from, to: period.to });
