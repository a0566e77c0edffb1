import { currencyExponent } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';

/** Our exponent per currency (docs/product/payments.md#money), from the contract. */
export const exponentOf = (currency: string): number => currencyExponent(currency);

/** The pivot of the default rate set (drizzle/0004_exchange_rate_defaults.sql). */
const PIVOT = 'USD';

type RateRow = { from_currency: string; to_currency: string; rate: string };
/** A factor of the conversion: the rate as PostgreSQL numeric text, used as is or inverted. */
type Factor = { rate: string; invert: boolean };

export type Conversion = { baseAmountMinor: number; fxRate: string };

/**
 * Converts minor units of `from` into minor units of `to` with numeric arithmetic in PostgreSQL
 * (never floats). The rate is the organisation's own latest one for the pair, else the platform
 * default; a pair without a rate in either direction goes through USD. The returned rate (major
 * units of `to` per major unit of `from`, 8 decimals) is what is stored and what the base amount
 * is computed from, so it can always be recomputed.
 */
export async function convertToBase(
  tx: Tx,
  npoId: number,
  amountMinor: number,
  from: string,
  to: string,
): Promise<Conversion> {
  if (from === to) return { baseAmountMinor: amountMinor, fxRate: '1' };
  const { rows } = await tx.execute<RateRow>(sql`
    SELECT from_currency, to_currency, rate::text AS rate FROM exchange_rates
    WHERE (npo_id = ${npoId} OR npo_id IS NULL) AND as_of <= current_date
      AND from_currency IN (${from}, ${to}, ${PIVOT}) AND to_currency IN (${from}, ${to}, ${PIVOT})
    ORDER BY (npo_id IS NULL), as_of DESC, id DESC`);
  const factors = pathOf(rows, from, to);
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

/** The first (preferred) rate between a and b in either direction. */
function factorOf(rows: RateRow[], a: string, b: string): Factor | null {
  for (const r of rows) {
    if (r.from_currency === a && r.to_currency === b) return { rate: r.rate, invert: false };
    if (r.from_currency === b && r.to_currency === a) return { rate: r.rate, invert: true };
  }
  return null;
}

function pathOf(rows: RateRow[], from: string, to: string): Factor[] | null {
  const direct = factorOf(rows, from, to);
  if (direct) return [direct];
  const first = factorOf(rows, from, PIVOT);
  const second = factorOf(rows, PIVOT, to);
  return first && second ? [first, second] : null;
}
