import type { TConsoleSales } from '@kindling/contracts';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { closedMonthsSince, figuresThrough } from './console-figures.repository.ts';
import { factorsInto } from './console-index.service.ts';
import { getPlatformSettings } from './console-settings.ts';

type Row = { npo_id: number; period: string; currency: string; donations: number; gross: number; fees: number };

/**
 * Each organisation's gross and platform fees per month since `from` (a month's first day): closed days
 * from the roll-up's months, the days after it from the ledger (docs/decisions/054-console-transactions-and-roll-up.md,
 * 095-console-monthly-figures.md).
 */
async function monthsByOrganisation(db: Db, from: string): Promise<Row[]> {
  const through = await figuresThrough(db);
  const liveFrom =
    through === null || through < from
      ? from
      : new Date(Date.parse(`${through}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const closed = (await closedMonthsSince(db, from))
    .filter((r) => r.month < liveFrom)
    .map((r) => ({ ...r, period: r.month.slice(0, 7) }));
  const { rows: live } = await db.execute<Row>(sql`
    SELECT l.npo_id, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS period, l.base_currency AS currency,
      (count(*) FILTER (WHERE l.kind = 'gift'))::int AS donations,
      coalesce(sum(l.base_amount_minor) FILTER (WHERE l.kind IN ('gift', 'fee_covered')), 0)::bigint AS gross,
      coalesce(-sum(l.base_amount_minor) FILTER (WHERE l.kind = 'platform_fee'), 0)::bigint AS fees
    FROM ledger_entries l WHERE l.created_at >= ${liveFrom}::date::timestamp AT TIME ZONE 'UTC'
    GROUP BY 1, 2, 3`);
  return [
    ...closed.map((r) => ({
      npo_id: r.npo_id,
      period: r.period,
      currency: r.currency,
      donations: r.donations,
      gross: r.gross,
      fees: r.fees,
    })),
    ...live.map((r) => ({
      ...r,
      npo_id: Number(r.npo_id),
      donations: Number(r.donations),
      gross: Number(r.gross),
      fees: Number(r.fees),
    })),
  ];
}

type Month = { period: string; gross_minor: number; fees_minor: number; owed_minor: number };
type Organisation = { gross_minor: number; fees_minor: number; owed_minor: number; months: Map<string, Month> };

const monthOf = (period: string): Month => ({ period, gross_minor: 0, fees_minor: 0, owed_minor: 0 });

/**
 * Each organisation's months in the reporting currency, with what is owed: the fee at its rate
 * that no provider took (a provider that takes the application fee itself leaves a platform_fee
 * line in the ledger; gifts through one that does not, or recorded by hand, leave none).
 */
function byOrganisation(rows: Row[], factors: Map<string, number>, rateOf: Map<number, number>) {
  const organisations = new Map<number, Organisation>();
  for (const r of rows) {
    const factor = factors.get(r.currency);
    if (factor === undefined) continue;
    const own = organisations.get(r.npo_id) ?? { gross_minor: 0, fees_minor: 0, owed_minor: 0, months: new Map() };
    const month = own.months.get(r.period) ?? monthOf(r.period);
    month.gross_minor += Math.round(r.gross * factor);
    month.fees_minor += Math.round(r.fees * factor);
    own.months.set(r.period, month);
    organisations.set(r.npo_id, own);
  }
  for (const [npoId, own] of organisations) {
    const bps = rateOf.get(npoId) ?? 0;
    for (const m of own.months.values()) {
      m.owed_minor = Math.max(0, Math.round((m.gross_minor * bps) / 10_000) - m.fees_minor);
      own.gross_minor += m.gross_minor;
      own.fees_minor += m.fees_minor;
      own.owed_minor += m.owed_minor;
    }
  }
  return organisations;
}

/** GET /console/sales: platform fees and volume by month, sign-ups, the top organisations, fees owed. */
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
  const months = new Map(periods.map((p) => [p, { ...monthOf(p), active: new Set<number>(), new_organisations: 0 }]));
  for (const r of rows) {
    if (r.donations > 0 && factors.has(r.currency)) months.get(r.period)?.active.add(r.npo_id);
  }
  const ids = [...new Set(rows.map((r) => r.npo_id))];
  const { rows: npos } = await db.execute<{ id: number; name: string; bps: number }>(sql`
    SELECT id, name, coalesce(platform_fee_bps, ${settings.default_platform_fee_bps})::int AS bps FROM npos
    WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[])`);
  const nameOf = new Map(npos.map((n) => [Number(n.id), n.name]));
  const rateOf = new Map(npos.map((n) => [Number(n.id), Number(n.bps)]));
  const organisations = byOrganisation(rows, factors, rateOf);
  for (const own of organisations.values()) {
    for (const m of own.months.values()) {
      const month = months.get(m.period);
      if (!month) continue;
      month.gross_minor += m.gross_minor;
      month.fees_minor += m.fees_minor;
      month.owed_minor += m.owed_minor;
    }
  }
  for (const c of created) {
    const month = months.get(c.period);
    if (month) month.new_organisations = Number(c.n);
  }
  const entries = [...organisations.entries()];
  const top = [...entries]
    .sort((a, b) => b[1].fees_minor - a[1].fees_minor || b[1].gross_minor - a[1].gross_minor || a[0] - b[0])
    .slice(0, 10);
  return {
    reporting_currency: settings.reporting_currency,
    by_month: [...months.values()].map(({ active, ...m }) => ({ ...m, active_organisations: active.size })),
    top_organisations: top.map(([npoId, m]) => ({
      npo_id: npoId,
      name: nameOf.get(npoId) ?? '',
      gross_minor: m.gross_minor,
      fees_minor: m.fees_minor,
    })),
    unconverted: [...new Set(rows.map((r) => r.currency))].filter((c) => !factors.has(c)),
    by_organisation: entries
      .sort((a, b) => b[1].owed_minor - a[1].owed_minor || b[1].fees_minor - a[1].fees_minor || a[0] - b[0])
      .map(([npoId, o]) => ({
        npo_id: npoId,
        name: nameOf.get(npoId) ?? '',
        fee_bps: rateOf.get(npoId) ?? 0,
        gross_minor: o.gross_minor,
        fees_minor: o.fees_minor,
        owed_minor: o.owed_minor,
        months: [...o.months.values()].sort((a, b) => a.period.localeCompare(b.period)),
      })),
  };
}

const SALES_HEADERS = [
  'Organisation',
  'Organisation id',
  'Month',
  'Rate (bps)',
  'Gross',
  'Fees taken',
  'Owed',
  'Currency',
];

/** The sales by organisation and month as CSV (amounts in minor units of the reporting currency). */
export async function consoleSalesCsv(db: Db, now = new Date()): Promise<string> {
  const sales = await consoleSales(db, now);
  const lines = sales.by_organisation.flatMap((o) =>
    o.months.map((m) => [
      o.name,
      o.npo_id,
      m.period,
      o.fee_bps,
      m.gross_minor,
      m.fees_minor,
      m.owed_minor,
      sales.reporting_currency,
    ]),
  );
  return stringify(lines, { bom: true, header: true, columns: SALES_HEADERS, escape_formulas: true });
}
