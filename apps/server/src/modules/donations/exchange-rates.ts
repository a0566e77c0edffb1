import { currencyExponent } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';

/** Our exponent per currency (docs/product/payments.md#money), from the contract. */
export const exponentOf = (currency: string): number => currencyExponent(currency);

/**
 * Pivots for a pair without a direct rate: the default rate set is in US dollars
 * (drizzle/0004_exchange_rate_defaults.sql), the fetched reference rates in euros.
 */
const PIVOTS = ['EUR', 'USD'] as const;

/** Where a rate came from, best first (docs/product/payments.md#exchange-rates). */
export const RATE_TIERS = ['manual', 'ecb', 'default'] as const;
export type RateSource = (typeof RATE_TIERS)[number];

export type RateRow = { from_currency: string; to_currency: string; rate: string; tier: number; as_of: string };
/** A factor of the conversion: the rate as PostgreSQL numeric text, used as is or inverted. */
type Factor = { rate: string; invert: boolean; rank: number; row: RateRow };

export type Conversion = { baseAmountMinor: number; fxRate: string };

/**
 * The rates that may convert between these currencies today: per pair and source the newest one.
 * An organisation's own rows (manual, within their period) come first, then the fetched reference
 * rates, then the platform defaults.
 */
export async function usableRates(tx: Tx, npoId: number, currencies: readonly string[] | null): Promise<RateRow[]> {
  const among =
    currencies === null
      ? sql`true`
      : sql`from_currency IN (${sql.join(
          [...currencies, ...PIVOTS].map((c) => sql`${c}`),
          sql`, `,
        )})
        AND to_currency IN (${sql.join(
          [...currencies, ...PIVOTS].map((c) => sql`${c}`),
          sql`, `,
        )})`;
  const { rows } = await tx.execute<RateRow>(usableRatesSelect(sql`${npoId}`, among));
  return rows;
}

/** usableRates' statement, for an organisation given as an SQL expression. */
const usableRatesSelect = (npo: SQL, among: SQL) => sql`
    SELECT DISTINCT ON (tier, from_currency, to_currency) from_currency, to_currency, rate::text AS rate, tier,
      as_of::text AS as_of
    FROM (SELECT *, CASE WHEN npo_id IS NOT NULL THEN 0 WHEN source = 'ecb' THEN 1 ELSE 2 END AS tier
          FROM exchange_rates
          WHERE (npo_id = ${npo} OR npo_id IS NULL) AND as_of <= current_date
            AND (valid_to IS NULL OR valid_to >= current_date) AND ${among}) r
    ORDER BY tier, from_currency, to_currency, as_of DESC, id DESC`;

/**
 * usableRates as one JSON array inside another statement (the campaign read, decision 035):
 * `npo` and `currencies` (a text[]) are SQL expressions of that statement; rows keep the order.
 */
export const usableRatesJson = (npo: SQL, currencies: SQL) => {
  const codes = sql`(${currencies} || ARRAY[${sql.join(
    PIVOTS.map((c) => sql`${c}`),
    sql`, `,
  )}]::text[])`;
  return sql`(SELECT coalesce(json_agg(u), '[]'::json) FROM (${usableRatesSelect(
    npo,
    sql`from_currency = ANY${codes} AND to_currency = ANY${codes}`,
  )}) u)`;
};

/**
 * Converts minor units of `from` into minor units of `to` with numeric arithmetic in PostgreSQL
 * (never floats). The rate comes from the best source that connects the pair (ratePath). The
 * returned rate (major units of `to` per major unit of `from`, 8 decimals) is what is stored and
 * what the base amount is computed from, so it can always be recomputed.
 */
export async function convertToBase(
  tx: Tx,
  npoId: number,
  amountMinor: number,
  from: string,
  to: string,
): Promise<Conversion> {
  if (from === to) return { baseAmountMinor: amountMinor, fxRate: '1' };
  const factors = ratePath(await usableRates(tx, npoId, [from, to]), from, to);
  if (!factors) throw new AppError('NOT_CONFIGURED', `No exchange rate from ${from} to ${to}.`);
  const rateSql = sql.join(
    factors.map((f) => (f.invert ? sql`(1 / ${f.rate}::numeric)` : sql`${f.rate}::numeric`)),
    sql` * `,
  );
  const shift = exponentOf(to) - exponentOf(from);
  const { rows: result } = await tx.execute<{ rate: string; base: number }>(sql`
    WITH r AS (SELECT round(${rateSql}, 8) AS rate)
    SELECT r.rate::text AS rate, round(${amountMinor}::numeric * r.rate * power(10::numeric, ${shift}))::bigint AS base
    FROM r`);
  const row = result[0];
  if (!row) throw new Error('conversion query returned no row');
  return { baseAmountMinor: Number(row.base), fxRate: row.rate };
}

/** The first (best) rate between a and b in either direction. */
function factorOf(rows: RateRow[], a: string, b: string): Factor | null {
  for (const [rank, r] of rows.entries()) {
    if (r.from_currency === a && r.to_currency === b) return { rate: r.rate, invert: false, rank, row: r };
    if (r.from_currency === b && r.to_currency === a) return { rate: r.rate, invert: true, rank, row: r };
  }
  return null;
}

/** The path with the best worst source among direct and pivot paths over `rows`. */
function bestPath(rows: RateRow[], from: string, to: string): Factor[] | null {
  const candidates: Factor[][] = [];
  const direct = factorOf(rows, from, to);
  if (direct) candidates.push([direct]);
  for (const pivot of PIVOTS) {
    if (pivot === from || pivot === to) continue;
    const first = factorOf(rows, from, pivot);
    const second = factorOf(rows, pivot, to);
    if (first && second) candidates.push([first, second]);
  }
  const worst = (path: Factor[]) => Math.max(...path.map((f) => f.rank));
  return candidates.sort((a, b) => worst(a) - worst(b))[0] ?? null;
}

/**
 * The factors from `from` to `to` (docs/product/payments.md#exchange-rates): the organisation's
 * manual rate for the pair, else a path within the fetched reference rates (one consistent set, through
 * the euro), else within the platform defaults (through the dollar), else any mix. Rows must be in
 * usableRates' order.
 */
export function ratePath(rows: RateRow[], from: string, to: string): Factor[] | null {
  for (const tier of RATE_TIERS.keys()) {
    const path = bestPath(
      rows.filter((r) => r.tier === tier),
      from,
      to,
    );
    if (path) return path.map((f) => ({ ...f, rank: rows.indexOf(f.row) }));
  }
  return bestPath(rows, from, to);
}

/** What a path says about itself for the exchange-rates page: its weakest source and oldest date. */
export function describePath(path: Factor[]): { rate: number; source: RateSource; asOf: string } {
  const rate = path.reduce((value, f) => value * (f.invert ? 1 / Number(f.rate) : Number(f.rate)), 1);
  const tier = Math.max(...path.map((f) => f.row.tier));
  const asOf = path.map((f) => f.row.as_of).sort()[0] ?? '';
  return { rate, source: RATE_TIERS[tier] ?? 'default', asOf };
}
