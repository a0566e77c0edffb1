import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';

export type MoneyRow = {
  period: string;
  currency: string;
  donations: number;
  gross: number;
  refunds: number;
  fees: number;
};

/**
 * Money per UTC day or month and base currency since `from`, across organisations: each
 * organisation's ledger through its own (npo_id, created_at) index (a lateral join per
 * organisation), summed by the day the money moved. Gross is gifts and fees covered, refunds are
 * refunds and disputes, fees the platform's fees (docs/decisions/046-platform-console.md).
 */
export async function moneySince(db: Tx, from: Date, unit: 'day' | 'month'): Promise<MoneyRow[]> {
  const { rows } = await db.execute<MoneyRow>(sql`
    SELECT to_char(date_trunc(${unit}, l.created_at AT TIME ZONE 'UTC'), ${unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'}) AS period,
      l.base_currency AS currency,
      (count(*) FILTER (WHERE l.kind = 'gift'))::int AS donations,
      coalesce(sum(l.base_amount_minor) FILTER (WHERE l.kind IN ('gift', 'fee_covered')), 0)::bigint AS gross,
      coalesce(-sum(l.base_amount_minor) FILTER (WHERE l.kind IN ('refund', 'dispute')), 0)::bigint AS refunds,
      coalesce(-sum(l.base_amount_minor) FILTER (WHERE l.kind = 'platform_fee'), 0)::bigint AS fees
    FROM npos n CROSS JOIN LATERAL (
      SELECT e.kind, e.base_amount_minor, e.base_currency, e.created_at FROM ledger_entries e
      WHERE e.npo_id = n.id AND e.created_at >= ${from.toISOString()}::timestamptz) l
    GROUP BY 1, 2 ORDER BY 1`);
  return rows.map((r) => ({
    ...r,
    donations: Number(r.donations),
    gross: Number(r.gross),
    refunds: Number(r.refunds),
    fees: Number(r.fees),
  }));
}

export async function organisationCounts(db: Tx, monthStart: Date) {
  const { rows } = await db.execute<Record<string, number>>(sql`
    SELECT (count(*) FILTER (WHERE status = 'active'))::int AS active,
      (count(*) FILTER (WHERE status = 'suspended'))::int AS suspended,
      (count(*) FILTER (WHERE status = 'closed'))::int AS closed,
      (count(*) FILTER (WHERE created_at >= ${monthStart.toISOString()}::timestamptz))::int AS new_this_month
    FROM npos`);
  const r = rows[0] ?? {};
  return {
    active: Number(r.active ?? 0),
    suspended: Number(r.suspended ?? 0),
    closed: Number(r.closed ?? 0),
    new_this_month: Number(r.new_this_month ?? 0),
  };
}

export async function activePlans(db: Tx): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM recurring_plans WHERE status = 'active'`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** pg-boss's failed jobs not yet archived and the jobs waiting; zeros before its schema exists. */
export async function jobFigures(db: Tx): Promise<{ failed: number; queued: number }> {
  const { rows: exists } = await db.execute<{ t: string | null }>(sql`SELECT to_regclass('pgboss.job')::text AS t`);
  if (!exists[0]?.t) return { failed: 0, queued: 0 };
  const { rows } = await db.execute<{ failed: number; queued: number }>(sql`
    SELECT (count(*) FILTER (WHERE state = 'failed'))::int AS failed,
      (count(*) FILTER (WHERE state IN ('created', 'retry')))::int AS queued
    FROM pgboss.job`);
  return { failed: Number(rows[0]?.failed ?? 0), queued: Number(rows[0]?.queued ?? 0) };
}
