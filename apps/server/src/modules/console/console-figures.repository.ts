import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Tx } from '../../platform/db/tx.ts';
import type { MoneyRow } from './console-index.repository.ts';

// The console's money figures from the daily roll-up plus the live ledger after it
// (docs/decisions/054-console-transactions-and-roll-up.md). The ledger is append-only and dated by
// when the money moved, so a closed day's sums never change: the roll-up of days up to
// `figures_through` plus the ledger rows after that day equals the ledger summed live.

const LEDGER_SUMS = sql`
  (count(*) FILTER (WHERE l.kind = 'gift'))::int AS donations,
  coalesce(sum(l.base_amount_minor) FILTER (WHERE l.kind IN ('gift', 'fee_covered')), 0)::bigint AS gross,
  coalesce(-sum(l.base_amount_minor) FILTER (WHERE l.kind IN ('refund', 'dispute')), 0)::bigint AS refunds,
  coalesce(-sum(l.base_amount_minor) FILTER (WHERE l.kind = 'platform_fee'), 0)::bigint AS fees`;

/** The ledger rows of [from, to) of every organisation, each through its own (npo_id, created_at) index. */
const ledgerBetween = (from: SQLDate, to: SQLDate | null) => sql`
  npos n CROSS JOIN LATERAL (
    SELECT e.kind, e.base_amount_minor, e.base_currency, e.created_at FROM ledger_entries e
    WHERE e.npo_id = n.id AND e.created_at >= ${from}::date::timestamp AT TIME ZONE 'UTC'
      ${to === null ? sql`` : sql`AND e.created_at < ${to}::date::timestamp AT TIME ZONE 'UTC'`}) l`;
type SQLDate = string;

const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/** The last closed day, or null before the first roll-up. */
export async function figuresThrough(db: Tx): Promise<string | null> {
  const { rows } = await db.execute<{ through: string | null }>(
    sql`SELECT figures_through::text AS through FROM platform_settings WHERE id = 1`,
  );
  return rows[0]?.through ?? null;
}

/**
 * Closes every UTC day before `now`'s that is not closed yet, and the last closed day again (a
 * ledger row written a moment before midnight may commit after the run): the days' rows are
 * replaced, so a second run changes nothing. Under an advisory lock, in one transaction.
 */
export async function rollUpDailyFigures(db: Tx, now = new Date()): Promise<{ from: string; through: string } | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('console_daily_figures'))`);
    const through = addDays(utcDay(now), -1);
    const last = await figuresThrough(tx);
    let from = last === null ? null : last;
    if (from === null) {
      const { rows } = await tx.execute<{ first: string | null }>(
        sql`SELECT (min(created_at) AT TIME ZONE 'UTC')::date::text AS first FROM ledger_entries`,
      );
      from = rows[0]?.first ?? through;
    }
    if (from > through) return null;
    await shiftTotals(tx, from, through, -1);
    await tx.execute(sql`DELETE FROM console_daily_figures WHERE day >= ${from}::date AND day <= ${through}::date`);
    await tx.execute(sql`
      INSERT INTO console_daily_figures (npo_id, day, currency, donations, gross_minor, refunds_minor, fees_minor)
      SELECT n.id, (l.created_at AT TIME ZONE 'UTC')::date, l.base_currency, ${LEDGER_SUMS}
      FROM ${ledgerBetween(from, addDays(through, 1))}
      GROUP BY 1, 2, 3`);
    await shiftTotals(tx, from, through, 1);
    await rewriteMonths(tx, from, through);
    await tx.execute(sql`UPDATE platform_settings SET figures_through = ${through}::date WHERE id = 1`);
    return { from, through };
  });
}

/**
 * Adds (sign 1) or takes away (sign -1) the daily rows of [from, through] to each organisation's
 * totals (decision 073): taken away before the days are rewritten, added after, so the totals stay
 * the sum of every closed day at the cost of the days rewritten.
 */
async function shiftTotals(tx: Tx, from: string, through: string, sign: 1 | -1) {
  await tx.execute(sql`
    INSERT INTO console_organisation_totals AS t (npo_id, currency, donations, gross_minor, refunds_minor, fees_minor)
    SELECT f.npo_id, f.currency, ${sign} * sum(f.donations), ${sign} * sum(f.gross_minor), ${sign} * sum(f.refunds_minor),
      ${sign} * sum(f.fees_minor)
    FROM console_daily_figures f WHERE f.day >= ${from}::date AND f.day <= ${through}::date GROUP BY 1, 2
    ON CONFLICT (npo_id, currency) DO UPDATE SET donations = t.donations + excluded.donations,
      gross_minor = t.gross_minor + excluded.gross_minor, refunds_minor = t.refunds_minor + excluded.refunds_minor,
      fees_minor = t.fees_minor + excluded.fees_minor`);
}

/**
 * Re-sums, from the days, every month that holds a day of [from, through], and recounts its new
 * donors (decision 095): a run closes a day or two, so this reads at most two months of rows.
 */
async function rewriteMonths(tx: Tx, from: string, through: string) {
  await tx.execute(sql`
    DELETE FROM console_monthly_figures
    WHERE month >= date_trunc('month', ${from}::date)::date AND month <= ${through}::date`);
  await tx.execute(sql`
    INSERT INTO console_monthly_figures (npo_id, month, currency, donations, gross_minor, refunds_minor, fees_minor)
    SELECT f.npo_id, date_trunc('month', f.day)::date, f.currency, sum(f.donations), sum(f.gross_minor),
      sum(f.refunds_minor), sum(f.fees_minor)
    FROM console_daily_figures f
    WHERE f.day >= date_trunc('month', ${from}::date)::date AND f.day <= ${through}::date
    GROUP BY 1, 2, 3`);
  await tx.execute(sql`
    DELETE FROM console_monthly_donors
    WHERE month >= date_trunc('month', ${from}::date)::date AND month <= ${through}::date`);
  await tx.execute(sql`
    INSERT INTO console_monthly_donors (npo_id, month, donors_new)
    SELECT d.npo_id, date_trunc('month', d.created_at AT TIME ZONE 'UTC')::date, count(*)
    FROM donors d
    WHERE d.created_at >= date_trunc('month', ${from}::date)::timestamp AT TIME ZONE 'UTC'
      AND d.created_at < (${through}::date + 1)::timestamp AT TIME ZONE 'UTC'
    GROUP BY 1, 2`);
}

const toMoneyRows = (rows: MoneyRow[]) =>
  rows.map((r) => ({
    ...r,
    donations: Number(r.donations),
    gross: Number(r.gross),
    refunds: Number(r.refunds),
    fees: Number(r.fees),
  }));

/**
 * The roll-up's days before the last closed one: a run rewrites only that day and the ones after,
 * so these sums hold until the next closed day, and each process keeps them by it.
 */
const settled = new LRUCache<string, MoneyRow[]>({ max: 16 });

async function rolledBetween(db: Tx, from: string, to: string, format: string): Promise<MoneyRow[]> {
  if (from >= to) return [];
  const { rows } = await db.execute<MoneyRow>(sql`
    SELECT to_char(f.day, ${format}) AS period, f.currency, sum(f.donations)::int AS donations,
      sum(f.gross_minor)::bigint AS gross, sum(f.refunds_minor)::bigint AS refunds, sum(f.fees_minor)::bigint AS fees
    FROM console_daily_figures f WHERE f.day >= ${from}::date AND f.day < ${to}::date GROUP BY 1, 2`);
  return toMoneyRows(rows);
}

/**
 * The ledger after the last closed day (from `from` before the first roll-up) by UTC day and base
 * currency, read once per request through the time-ordered ledger's BRIN index on created_at
 * (migration 0127): a few page ranges at the end of the table, whatever the number of
 * organisations, where a probe of each organisation's own index cost a read per organisation.
 */
export async function liveLedgerByDay(db: Tx, through: string | null, from: Date): Promise<MoneyRow[]> {
  const fromDay = utcDay(from);
  const liveFrom = through === null || through < fromDay ? fromDay : addDays(through, 1);
  const { rows } = await db.execute<MoneyRow>(sql`
    SELECT to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS period, l.base_currency AS currency, ${LEDGER_SUMS}
    FROM ledger_entries l WHERE l.created_at >= ${liveFrom}::date::timestamp AT TIME ZONE 'UTC' GROUP BY 1, 2`);
  return toMoneyRows(rows);
}

/**
 * Money per UTC day or month and base currency since `from`: closed days from the roll-up (those
 * before the last closed day from this process's memory), the days after it from `live` (the
 * ledger's days after the roll-up, liveLedgerByDay, read once for every unit).
 */
export async function rolledMoneySince(
  db: Tx,
  from: Date,
  unit: 'day' | 'month',
  through: string | null,
  live: MoneyRow[],
): Promise<MoneyRow[]> {
  const fromDay = utcDay(from);
  const liveFrom = through === null || through < fromDay ? fromDay : addDays(through, 1);
  const format = unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const stableTo = through === null || through < fromDay ? fromDay : through;
  const key = `${fromDay}|${stableTo}|${unit}`;
  let stable = settled.get(key);
  if (!stable) {
    stable = await rolledBetween(db, fromDay, stableTo, format);
    settled.set(key, stable);
  }
  const recent = await rolledBetween(db, stableTo, liveFrom, format);
  const liveRows = live
    .filter((r) => r.period >= liveFrom)
    .map((r) => ({ ...r, period: unit === 'day' ? r.period : r.period.slice(0, 7) }));
  const sums = new Map<string, MoneyRow>();
  for (const r of [...stable, ...recent, ...liveRows]) {
    const k = `${r.period}|${r.currency}`;
    const sum = sums.get(k);
    if (!sum) sums.set(k, { ...r });
    else {
      sum.donations += r.donations;
      sum.gross += r.gross;
      sum.refunds += r.refunds;
      sum.fees += r.fees;
    }
  }
  return [...sums.values()].sort((a, b) => a.period.localeCompare(b.period));
}

/** One organisation's closed-day money in one UTC month (`month` is its first day) and base currency. */
export type MonthRow = {
  npo_id: number;
  month: string;
  currency: string;
  donations: number;
  gross: number;
  refunds: number;
  fees: number;
};

/** The months before the last closed day's month: a run rewrites only that day and after (decision 095). */
const settledMonths = new LRUCache<string, MonthRow[]>({ max: 8 });

async function monthRows(db: Tx, from: string, to: string | null): Promise<MonthRow[]> {
  const { rows } = await db.execute<MonthRow>(sql`
    SELECT f.npo_id, f.month::text AS month, f.currency, f.donations, f.gross_minor AS gross,
      f.refunds_minor AS refunds, f.fees_minor AS fees
    FROM console_monthly_figures f
    WHERE f.month >= ${from}::date ${to === null ? sql`` : sql`AND f.month < ${to}::date`}`);
  return rows.map((r) => ({
    npo_id: Number(r.npo_id),
    month: r.month,
    currency: r.currency,
    donations: Number(r.donations),
    gross: Number(r.gross),
    refunds: Number(r.refunds),
    fees: Number(r.fees),
  }));
}

/**
 * Every organisation's closed-day money per month from `from` (a month's first day), for the
 * analytics and sales screens (decision 095): the months settled before the last closed day's month
 * from this process's memory, that month (and any after) read each time.
 */
export async function closedMonthsSince(db: Tx, from: string): Promise<MonthRow[]> {
  const through = await figuresThrough(db);
  const current = through === null ? from : `${through.slice(0, 7)}-01`;
  const key = `${from}|${current}`;
  let settledRows = settledMonths.get(key);
  if (!settledRows) {
    settledRows = current > from ? await monthRows(db, from, current) : [];
    settledMonths.set(key, settledRows);
  }
  return [...settledRows, ...(await monthRows(db, current > from ? current : from, null))];
}
