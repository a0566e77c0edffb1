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
