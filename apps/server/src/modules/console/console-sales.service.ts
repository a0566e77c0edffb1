import type { TConsoleSales } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { figuresThrough } from './console-figures.repository.ts';
import { factorsInto } from './console-index.service.ts';
import { getPlatformSettings } from './console-settings.ts';

type Row = { npo_id: number; period: string; currency: string; donations: number; gross: number; fees: number };

/**
 * Each organisation's gross and platform fees per month since `from`: closed days from the daily
 * roll-up, the days after it from the ledger (docs/decisions/054-console-transactions-and-roll-up.md).
 */
async function monthsByOrganisation(db: Db, from: string): Promise<Row[]> {
  const through = await figuresThrough(db);
  const liveFrom =
    through === null || through < from
      ? from
      : new Date(Date.parse(`${through}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const { rows } = await db.execute<Row>(sql`
    SELECT npo_id, period, currency, sum(donations)::int AS donations, sum(gross)::bigint AS gross, sum(fees)::bigint AS fees
    FROM (
      SELECT f.npo_id, to_char(f.day, 'YYYY-MM') AS period, f.currency, f.donations, f.gross_minor AS gross, f.fees_minor AS fees
      FROM console_daily_figures f WHERE f.day >= ${from}::date AND f.day < ${liveFrom}::date
      UNION ALL
      SELECT n.id, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM'), l.base_currency,
        (count(*) FILTER (WHERE l.kind = 'gift'))::int,
        coalesce(sum(l.base_amount_minor) FILTER (WHERE l.kind IN ('gift', 'fee_covered')), 0)::bigint,
        coalesce(-sum(l.base_amount_minor) FILTER (WHERE l.kind = 'platform_fee'), 0)::bigint
      FROM npos n CROSS JOIN LATERAL (
        SELECT e.kind, e.base_amount_minor, e.base_currency, e.created_at FROM ledger_entries e
        WHERE e.npo_id = n.id AND e.created_at >= ${liveFrom}::date::timestamp AT TIME ZONE 'UTC') l
      GROUP BY 1, 2, 3
    ) m GROUP BY 1, 2, 3`);
  return rows.map((r) => ({
    ...r,
    npo_id: Number(r.npo_id),
    donations: Number(r.donations),
    gross: Number(r.gross),
    fees: Number(r.fees),
  }));
}

/** GET /console/sales: platform fees and volume by month, sign-ups, the top organisations. */
export async function consoleSales(db: Db, now = new Date()): Promise<TConsoleSales> {
  const monthFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const from = monthFrom.toISOString().slice(0, 10);
  const settings = await getPlatformSettings(db);
  const rows = await monthsByOrganisation(db, from);
  const factors = await factorsInto(db, settings.reporting_currency, [...new Set(rows.map((r) => r.currency))]);
  const { rows: created } = await db.execute<{ period: string; n: number }>(sql`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS period, count(*)::int AS n FROM npos
    WHERE created_at >= ${from}::date::timestamp AT TIME ZONE 'UTC' GROUP BY 1`);
  const periods = Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(monthFrom.getUTCFullYear(), monthFrom.getUTCMonth() + i, 1)).toISOString().slice(0, 7),
  );
  const months = new Map(
    periods.map((p) => [
      p,
      { period: p, gross_minor: 0, fees_minor: 0, active: new Set<number>(), new_organisations: 0 },
    ]),
  );
  const organisations = new Map<number, { gross_minor: number; fees_minor: number }>();
  for (const r of rows) {
    const month = months.get(r.period);
    const factor = factors.get(r.currency);
    if (!month || factor === undefined) continue;
    month.gross_minor += Math.round(r.gross * factor);
    month.fees_minor += Math.round(r.fees * factor);
    if (r.donations > 0) month.active.add(r.npo_id);
    const own = organisations.get(r.npo_id) ?? { gross_minor: 0, fees_minor: 0 };
    own.gross_minor += Math.round(r.gross * factor);
    own.fees_minor += Math.round(r.fees * factor);
    organisations.set(r.npo_id, own);
  }
  for (const c of created) {
    const month = months.get(c.period);
    if (month) month.new_organisations = Number(c.n);
  }
  const top = [...organisations.entries()]
    .sort((a, b) => b[1].fees_minor - a[1].fees_minor || b[1].gross_minor - a[1].gross_minor || a[0] - b[0])
    .slice(0, 10);
  const { rows: names } = await db.execute<{ id: number; name: string }>(
    sql`SELECT id, name FROM npos WHERE id = ANY(${`{${top.map(([id]) => id).join(',')}}`}::bigint[])`,
  );
  const nameOf = new Map(names.map((n) => [Number(n.id), n.name]));
  return {
    reporting_currency: settings.reporting_currency,
    by_month: [...months.values()].map(({ active, ...m }) => ({ ...m, active_organisations: active.size })),
    top_organisations: top.map(([npoId, m]) => ({ npo_id: npoId, name: nameOf.get(npoId) ?? '', ...m })),
    unconverted: [...new Set(rows.map((r) => r.currency))].filter((c) => !factors.has(c)),
  };
}
