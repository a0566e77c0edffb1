// Shared pieces of the insight builders (docs/product/insights.md): the stored shape with the
// facets GET /insights filters on, the window of a time range, money and trend helpers.
import { formatMoney, type TInsight } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { addDays, dayIn, midnightIn } from '../../platform/format/calendar.ts';

/** What the call filters on; never sent to the client. */
export type InsightFacets = { amount?: number; method?: string; country?: string; risk?: number };
export type StoredInsight = TInsight & { facets?: InsightFacets };

export type InsightContext = {
  db: Db;
  npoId: number;
  currency: string;
  locale: string;
  /** The time range's length in days and the computation's moment. */
  days: number;
  now: Date;
  /** The organisation's time zone: a range's days start at its midnights (decision 094); UTC when absent. */
  zone?: string;
};

export const money = (ctx: InsightContext, minor: number | string | null) =>
  formatMoney(Math.round(Number(minor ?? 0)), ctx.currency, ctx.locale);

export const trendOf = (current: number, previous: number): 'up' | 'down' | 'neutral' =>
  current > previous * 1.05 ? 'up' : current < previous * 0.95 ? 'down' : 'neutral';

/** A whole percentage 0–100, sent as a number (the page shows it as a percent). */
export const pct = (part: number, whole: number) => (whole > 0 ? Math.round((100 * part) / whole) : 0);

export const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * A time range's window: the range's whole days before today in the organisation's zone and today
 * so far, and the same number of whole days before it (decision 094).
 */
export const windowOf = (ctx: InsightContext) => {
  const zone = ctx.zone ?? 'UTC';
  const today = dayIn(ctx.now, zone);
  const start = midnightIn(addDays(today, -ctx.days), zone);
  const previous = midnightIn(addDays(today, -2 * ctx.days), zone);
  return { end: ctx.now.toISOString(), start: start.toISOString(), previous: previous.toISOString() };
};

export const periodName = (ctx: InsightContext) => `the last ${ctx.days} days`;

export async function rows<T>(ctx: InsightContext, query: Parameters<Db['execute']>[0]): Promise<T[]> {
  const result = await ctx.db.execute(query);
  return result.rows as T[];
}
