// Shared pieces of the built-in analyst's fixed queries (docs/product/insights.md#assistant): the
// organisation scope every query starts from, the gift filter a question's period, campaign and
// amounts make, money formatting and the note that says what was understood.
import { formatMoney } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { dayIn } from '../../platform/format/calendar.ts';
import type { Question } from './parse.ts';

export type AnalystContext = {
  db: Db;
  /** The signed-in user's selected organisation: every query is scoped to it, whatever was asked. */
  npoId: number;
  currency: string;
  locale: string;
  /** The organisation's time zone: periods, days and months are its own (decision 094). */
  zone: string;
  now: Date;
  q: Question;
};

export const money = (ctx: AnalystContext, minor: number | string | null) =>
  formatMoney(Math.round(Number(minor ?? 0)), ctx.currency, ctx.locale);

/** The calendar day of an instant in the organisation's time zone. */
export const day = (ctx: Pick<AnalystContext, 'zone'>, value: Date | string | null) =>
  value ? dayIn(new Date(value), ctx.zone) : '';

export async function rows<T>(ctx: AnalystContext, query: SQL): Promise<T[]> {
  return (await ctx.db.execute(query)).rows as T[];
}

/** Succeeded (or `status`) gifts of the organisation in the question's period, campaign and amounts, as `d`. */
export function giftFilter(ctx: AnalystContext, options: { status?: string; period?: boolean } = {}): SQL {
  const { q } = ctx;
  const parts: SQL[] = [sql`d.npo_id = ${ctx.npoId}`, sql`d.status = ${options.status ?? 'succeeded'}`];
  if (options.period !== false) {
    parts.push(sql`d.created_at >= ${q.period.start.toISOString()}`, sql`d.created_at < ${q.period.end.toISOString()}`);
  }
  if (q.campaign) parts.push(sql`(d.campaign_id = ${q.campaign.id} OR d.peer_campaign_id = ${q.campaign.id})`);
  if (q.minAmount !== null) parts.push(sql`d.base_amount_minor >= ${q.minAmount}`);
  if (q.maxAmount !== null) parts.push(sql`d.base_amount_minor <= ${q.maxAmount}`);
  return sql.join(parts, sql` AND `);
}

/** What the analyst understood, said under the answer so staff can check it. */
export function understood(ctx: AnalystContext, options: { period?: boolean } = {}): string {
  const { q } = ctx;
  const bits: string[] = [];
  if (options.period !== false)
    bits.push(
      `Period: ${q.period.label} (${day(ctx, q.period.start)} to ${day(ctx, new Date(q.period.end.getTime() - 1))}, ${ctx.zone})`,
    );
  if (q.campaign) bits.push(`campaign: ${q.campaign.name}`);
  if (q.minAmount !== null) bits.push(`gifts of at least ${money(ctx, q.minAmount)}`);
  if (q.maxAmount !== null) bits.push(`gifts of at most ${money(ctx, q.maxAmount)}`);
  return bits.length ? `${bits.join('; ')}.` : '';
}
