import type { TConsoleSales, TConsoleSalesOrganisationQuery, TConsoleSalesOrganisations } from '@kindling/contracts';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { closedMonthsSince, figuresThrough } from './console-figures.repository.ts';
import { factorsInto } from './console-index.service.ts';
import { getPlatformSettings } from './console-settings.ts';

// The sales screen's figures (docs/product/console.md#consolesales, decision 096): every
// organisation's twelve months are summed into flat arrays indexed [organisation × 12 + month],
// then the summary call returns the platform's months and the table call one sorted page, so
// neither builds nor sends an object per organisation and month.

const MONTHS = 12;

type LiveRow = { npo_id: string; period: string; currency: string; donations: number; gross: string; fees: string };

/** The sales of the 12 UTC months up to `now`'s, in the reporting currency. */
export type SalesGrid = {
  reportingCurrency: string;
  /** YYYY-MM, oldest first. */
  periods: string[];
  /** The organisations with money rows in the months, and their names and rates (bps). */
  ids: number[];
  names: string[];
  rates: number[];
  /** [organisation × 12 + month]: summed per row after conversion, as the ledger's lines were. */
  gross: Float64Array;
  fees: Float64Array;
  owed: Float64Array;
  /** 1 where the organisation has a row that month (the export writes those), 2 where it had a gift. */
  seen: Uint8Array;
  /** The organisations' sums over the 12 months. */
  totals: { gross: Float64Array; fees: Float64Array; owed: Float64Array };
  unconverted: string[];
  newOrganisations: Map<string, number>;
};

const bump = (into: Float64Array, at: number, by: number) => {
  into[at] = (into[at] as number) + by;
};

const monthIndex = (period: string, first: number) =>
  Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1 - first;

/** The closed months from the roll-up, the days after the last closed one from the ledger (decisions 054, 095). */
async function readSales(db: Db, from: string) {
  const [through, settings] = await Promise.all([figuresThrough(db), getPlatformSettings(db)]);
  const liveFrom =
    through === null || through < from
      ? from
      : new Date(Date.parse(`${through}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const [closed, live, npos, created] = await Promise.all([
    closedMonthsSince(db, from),
    db.execute<LiveRow>(sql`
      SELECT l.npo_id, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS period, l.base_currency AS currency,
        (count(*) FILTER (WHERE l.kind = 'gift'))::int AS donations,
        coalesce(sum(l.base_amount_minor) FILTER (WHERE l.kind IN ('gift', 'fee_covered')), 0)::bigint AS gross,
        coalesce(-sum(l.base_amount_minor) FILTER (WHERE l.kind = 'platform_fee'), 0)::bigint AS fees
      FROM ledger_entries l WHERE l.created_at >= ${liveFrom}::date::timestamp AT TIME ZONE 'UTC'
      GROUP BY 1, 2, 3`),
    // Every organisation (a thousand short rows): cheaper than probing the ones with money by id.
    db.execute<{ id: string; name: string; bps: number }>(sql`
      SELECT id, name, coalesce(platform_fee_bps, ${settings.default_platform_fee_bps})::int AS bps FROM npos`),
    db.execute<{ period: string; n: number }>(sql`
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS period, count(*)::int AS n FROM npos
      WHERE created_at >= ${from}::date::timestamp AT TIME ZONE 'UTC' GROUP BY 1`),
  ]);
  return { settings, liveFrom, closed, live: live.rows, npos: npos.rows, created: created.rows };
}

/** Sums every organisation's months (docs/product/console.md#consolesales for what is owed). */
export async function salesGrid(db: Db, now = new Date()): Promise<SalesGrid> {
  const monthFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1), 1));
  const from = monthFrom.toISOString().slice(0, 10);
  const first = monthFrom.getUTCFullYear() * 12 + monthFrom.getUTCMonth();
  const periods = Array.from({ length: MONTHS }, (_, i) =>
    new Date(Date.UTC(monthFrom.getUTCFullYear(), monthFrom.getUTCMonth() + i, 1)).toISOString().slice(0, 7),
  );
  const { settings, liveFrom, closed, live, npos, created } = await readSales(db, from);
  const currencies = new Set<string>();
  for (const r of closed) currencies.add(r.currency);
  for (const r of live) currencies.add(r.currency);
  const factors = await factorsInto(db, settings.reporting_currency, [...currencies]);

  const slot = new Map<number, number>();
  const ids: number[] = [];
  const cells: number[] = [];
  const amounts: number[] = [];
  // One pass over the rows: a cell per (organisation, month), its converted gross and fees.
  const add = (npoId: number, month: number, currency: string, donations: number, gross: number, fees: number) => {
    const factor = factors.get(currency);
    if (factor === undefined || month < 0 || month >= MONTHS) return;
    let i = slot.get(npoId);
    if (i === undefined) {
      i = ids.length;
      slot.set(npoId, i);
      ids.push(npoId);
    }
    cells.push(i * MONTHS + month, donations > 0 ? 2 : 1);
    amounts.push(Math.round(gross * factor), Math.round(fees * factor));
  };
  for (const r of closed) {
    if (r.month < liveFrom) add(r.npo_id, monthIndex(r.month, first), r.currency, r.donations, r.gross, r.fees);
  }
  for (const r of live) {
    add(Number(r.npo_id), monthIndex(r.period, first), r.currency, r.donations, Number(r.gross), Number(r.fees));
  }

  const n = ids.length;
  const gross = new Float64Array(n * MONTHS);
  const fees = new Float64Array(n * MONTHS);
  const owed = new Float64Array(n * MONTHS);
  const seen = new Uint8Array(n * MONTHS);
  for (let k = 0; k < cells.length; k += 2) {
    const cell = cells[k] as number;
    bump(gross, cell, amounts[k] as number);
    bump(fees, cell, amounts[k + 1] as number);
    seen[cell] = Math.max(seen[cell] as number, cells[k + 1] as number);
  }
  const nameOf = new Map(npos.map((o) => [Number(o.id), o]));
  const names = ids.map((id) => nameOf.get(id)?.name ?? '');
  const rates = ids.map((id) => Number(nameOf.get(id)?.bps ?? 0));
  const totals = { gross: new Float64Array(n), fees: new Float64Array(n), owed: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    const bps = rates[i] as number;
    for (let m = i * MONTHS; m < (i + 1) * MONTHS; m++) {
      if (seen[m] === 0) continue;
      owed[m] = Math.max(0, Math.round(((gross[m] as number) * bps) / 10_000) - (fees[m] as number));
      bump(totals.gross, i, gross[m] as number);
      bump(totals.fees, i, fees[m] as number);
      bump(totals.owed, i, owed[m] as number);
    }
  }
  return {
    reportingCurrency: settings.reporting_currency,
    periods,
    ids,
    names,
    rates,
    gross,
    fees,
    owed,
    seen,
    totals,
    unconverted: [...currencies].filter((c) => !factors.has(c)),
    newOrganisations: new Map(created.map((c) => [c.period, Number(c.n)])),
  };
}

/** GET /console/sales: the platform's fees and volume by month, sign-ups and the top organisations. */
export async function consoleSales(db: Db, now = new Date()): Promise<TConsoleSales> {
  const g = await salesGrid(db, now);
  const byMonth = g.periods.map((period) => ({
    period,
    gross_minor: 0,
    fees_minor: 0,
    active_organisations: 0,
    new_organisations: g.newOrganisations.get(period) ?? 0,
    owed_minor: 0,
  }));
  for (let i = 0; i < g.ids.length; i++) {
    for (let m = 0; m < MONTHS; m++) {
      const cell = i * MONTHS + m;
      const month = byMonth[m];
      if (g.seen[cell] === 0 || !month) continue;
      month.gross_minor += g.gross[cell] as number;
      month.fees_minor += g.fees[cell] as number;
      month.owed_minor += g.owed[cell] as number;
      if (g.seen[cell] === 2) month.active_organisations += 1;
    }
  }
  const top = g.ids
    .map((_, i) => i)
    .sort(
      (a, b) =>
        (g.totals.fees[b] as number) - (g.totals.fees[a] as number) ||
        (g.totals.gross[b] as number) - (g.totals.gross[a] as number) ||
        (g.ids[a] as number) - (g.ids[b] as number),
    )
    .slice(0, 10);
  return {
    reporting_currency: g.reportingCurrency,
    by_month: byMonth,
    top_organisations: top.map((i) => ({
      npo_id: g.ids[i] as number,
      name: g.names[i] as string,
      gross_minor: g.totals.gross[i] as number,
      fees_minor: g.totals.fees[i] as number,
    })),
    unconverted: g.unconverted,
  };
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * GET /console/sales/organizations: one page of the organisations with money processed or fees
 * taken in the period (the 12 months or one of them), sorted and searched here (decision 096).
 */
export async function consoleSalesOrganisations(
  db: Db,
  query: TConsoleSalesOrganisationQuery,
  now = new Date(),
): Promise<TConsoleSalesOrganisations> {
  const g = await salesGrid(db, now);
  const period = query.period;
  const month = period === 'all' ? -1 : g.periods.indexOf(period);
  if (month < 0 && period !== 'all') {
    throw new AppError('VALIDATION_FAILED', 'Choose the last 12 months or one of them.', {
      period: 'Choose the last 12 months or one of them.',
    });
  }
  const pick = (all: Float64Array, byMonth: Float64Array, i: number) =>
    (month < 0 ? all[i] : byMonth[i * MONTHS + month]) as number;
  const needle = query.q?.trim().toLocaleLowerCase() ?? '';
  const matching: number[] = [];
  for (let i = 0; i < g.ids.length; i++) {
    if (pick(g.totals.gross, g.gross, i) === 0 && pick(g.totals.fees, g.fees, i) === 0) continue;
    if (needle && !(g.names[i] as string).toLocaleLowerCase().includes(needle)) continue;
    matching.push(i);
  }
  const owed = (i: number) => pick(g.totals.owed, g.owed, i);
  const fees = (i: number) => pick(g.totals.fees, g.fees, i);
  const gross = (i: number) => pick(g.totals.gross, g.gross, i);
  const byId = (a: number, b: number) => (g.ids[a] as number) - (g.ids[b] as number);
  const sort = query.sort;
  const order: Record<typeof sort, (a: number, b: number) => number> = {
    owed: (a, b) => owed(b) - owed(a) || fees(b) - fees(a) || byId(a, b),
    fees: (a, b) => fees(b) - fees(a) || gross(b) - gross(a) || byId(a, b),
    gross: (a, b) => gross(b) - gross(a) || fees(b) - fees(a) || byId(a, b),
    name: (a, b) => collator.compare(g.names[a] as string, g.names[b] as string) || byId(a, b),
  };
  matching.sort(order[sort]);
  const page = query.page;
  const perPage = query.per_page;
  return {
    reporting_currency: g.reportingCurrency,
    period,
    sort,
    page,
    per_page: perPage,
    total: matching.length,
    organisations: matching.slice((page - 1) * perPage, page * perPage).map((i) => ({
      npo_id: g.ids[i] as number,
      name: g.names[i] as string,
      fee_bps: g.rates[i] as number,
      gross_minor: gross(i),
      fees_minor: fees(i),
      owed_minor: owed(i),
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

/**
 * Every organisation and month with money as CSV (amounts in minor units of the reporting
 * currency), the organisations most owed first, as the table shows them.
 */
export async function consoleSalesCsv(db: Db, now = new Date()): Promise<string> {
  const g = await salesGrid(db, now);
  const order = g.ids
    .map((_, i) => i)
    .sort(
      (a, b) =>
        (g.totals.owed[b] as number) - (g.totals.owed[a] as number) ||
        (g.totals.fees[b] as number) - (g.totals.fees[a] as number) ||
        (g.ids[a] as number) - (g.ids[b] as number),
    );
  const lines: (string | number)[][] = [];
  for (const i of order) {
    for (let m = 0; m < MONTHS; m++) {
      const cell = i * MONTHS + m;
      if (g.seen[cell] === 0) continue;
      lines.push([
        g.names[i] as string,
        g.ids[i] as number,
        g.periods[m] as string,
        g.rates[i] as number,
        g.gross[cell] as number,
        g.fees[cell] as number,
        g.owed[cell] as number,
        g.reportingCurrency,
      ]);
    }
  }
  return stringify(lines, { bom: true, header: true, columns: SALES_HEADERS, escape_formulas: true });
}
