import { type SQL, sql } from 'drizzle-orm';

/** The kinds of giving_days rows (giving-days.tables.ts says what each sums). */
export type GivingKind = 'total' | 'campaign' | 'method' | 'amount' | 'list';

/**
 * The last closed day of an organisation's day rows (giving_days_closed) and the time zone its days
 * are cut in (decision 027), as a one-row `through`, `tz`.
 */
export const closedThrough = (npoId: number): SQL =>
  sql`SELECT coalesce((SELECT c.through FROM giving_days_closed c WHERE c.npo_id = ${npoId}), '-infinity'::date) AS through,
    (SELECT n.time_zone FROM npos n WHERE n.id = ${npoId}) AS tz`;

/**
 * The giving_days rows of one kind for `range` (midnights of the organisation's time zone, `from`
 * inclusive, `to` exclusive; either may be omitted), as one SQL source with the table's columns: the stored sums of closed days
 * and, for the days after the last closed one, the same sums computed from the donations by the
 * same database function (giving_day_rows). Read in one statement, so a day being closed meanwhile
 * is counted once.
 */
export function givingDays(npoId: number, kind: GivingKind, range: { from?: Date; to?: Date } = {}): SQL {
  const from = range.from?.toISOString() ?? '-infinity';
  const to = range.to?.toISOString() ?? 'infinity';
  return sql`(
    WITH closed AS (${closedThrough(npoId)})
    SELECT r.day, r.recurring, r.campaign_id, r.method, r.amount, r.status, r.currency, r.donations, r.gifts,
      r.gross, r.net, r.gift_net, r.amount_minor
    FROM giving_days r, closed
    WHERE r.npo_id = ${npoId} AND r.kind = ${kind} AND r.day <= closed.through
      AND r.day >= (${from}::timestamptz AT TIME ZONE closed.tz)::date AND r.day < (${to}::timestamptz AT TIME ZONE closed.tz)::date
    UNION ALL
    SELECT l.day, l.recurring, l.campaign_id, l.method, l.amount, l.status, l.currency, l.donations, l.gifts,
      l.gross, l.net, l.gift_net, l.amount_minor
    FROM closed, giving_day_rows(${npoId},
      greatest(${from}::timestamptz, (closed.through + 1)::timestamp AT TIME ZONE closed.tz), ${to}::timestamptz) l
    WHERE l.kind = ${kind}
  )`;
}

/**
 * The giving_day_returns rows (day, firsts, prev_gaps, first_gaps) for `range`, like `givingDays`:
 * stored for closed days, computed from the donations by giving_day_return_rows for the rest.
 */
export function givingDayReturns(npoId: number, range: { from: Date; to: Date }): SQL {
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  return sql`(
    WITH closed AS (${closedThrough(npoId)})
    SELECT r.day, r.firsts, r.prev_gaps, r.first_gaps
    FROM giving_day_returns r, closed
    WHERE r.npo_id = ${npoId} AND r.day <= closed.through
      AND r.day >= (${from}::timestamptz AT TIME ZONE closed.tz)::date AND r.day < (${to}::timestamptz AT TIME ZONE closed.tz)::date
    UNION ALL
    SELECT l.day, l.firsts, l.prev_gaps, l.first_gaps
    FROM closed, giving_day_return_rows(${npoId},
      greatest(${from}::timestamptz, (closed.through + 1)::timestamp AT TIME ZONE closed.tz), ${to}::timestamptz) l
  )`;
}
