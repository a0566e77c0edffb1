// Presets and amount limits per offered currency (docs/product/donation-form.md#amount-limits and
// #presets-per-currency, decision 035): computed with the organisation's exchange rates when the
// campaign is read, so the public form needs no further request and the payment calls check the
// same figures from the cached campaign.
import { amountLimitsOf, currencyExponent, type TAmountLimits, type TPublicCampaign } from '@kindling/contracts';
import type { SQL } from 'drizzle-orm';

/**
 * The organisation's exchange rates as the campaign read needs them, supplied by the
 * payment-settings module (which owns the rates and already depends on this one): a correlated
 * subquery that the campaign's single statement embeds, and the factors computed from its rows.
 */
export type CurrencyFactors = {
  /** JSON array of the rate rows usable for organisation `npo` between `currencies` (SQL expressions). */
  rowsJson: (npo: SQL, currencies: SQL) => SQL;
  /** Major units of each `to` per major unit of `from`; a currency without a usable rate is absent. */
  factors: (rows: readonly unknown[], from: string, to: readonly string[]) => Readonly<Record<string, number>>;
};

type Extras = Required<Pick<TPublicCampaign, 'amount_limits' | 'currency_amounts' | 'max_amount_minor'>>;

const NICE_STEPS = [1, 2, 2.5, 5] as const;

/**
 * The "nice" amount nearest to `major` (by ratio): 1, 2, 2.5 or 5 times a power of ten, never
 * below one whole unit. 23.4 → 25; 3,712 → 5,000; 0.3 → 1.
 */
export function niceMajor(major: number): number {
  if (!(major > 1)) return 1;
  const power = Math.floor(Math.log10(major));
  let best = 1;
  for (const k of [power - 1, power, power + 1]) {
    for (const step of NICE_STEPS) {
      const candidate = step * 10 ** k;
      if (candidate < 1) continue;
      if (Math.abs(Math.log(candidate / major)) < Math.abs(Math.log(best / major))) best = candidate;
    }
  }
  return best;
}

/** minor units of `from` → minor units of `to` at `factor` (major per major), unrounded. */
function convert(minor: number, from: string, to: string, factor: number): number {
  return (minor / 10 ** currencyExponent(from)) * factor * 10 ** currencyExponent(to);
}

/** The presets converted into `to` and rounded to nice amounts. */
export function presetsIn(
  amounts: readonly { id: number; amount_minor: number }[],
  from: string,
  to: string,
  factor: number,
): { id: number; amount_minor: number }[] {
  const scale = 10 ** currencyExponent(to);
  return amounts.map((a) => ({
    id: a.id,
    amount_minor: Math.round(niceMajor(convert(a.amount_minor, from, to, factor) / scale) * scale),
  }));
}

/**
 * The per-currency figures of a campaign: presets and limits for every offered currency. The
 * campaign's maximum is converted (rounded down) where a rate exists; elsewhere only the
 * providers' limits apply. A currency without a rate keeps its presets' face value.
 */
export function currencyExtras(
  form: { currency: string; currencies: readonly string[]; max_amount_minor: number | null },
  amounts: readonly { id: number; amount_minor: number }[],
  factors: Readonly<Record<string, number>>,
): Extras {
  const own = form.currency.toUpperCase();
  const limits: Record<string, TAmountLimits> = {};
  const presets: Record<string, { id: number; amount_minor: number }[]> = {};
  for (const raw of form.currencies) {
    const code = raw.toUpperCase();
    const factor = code === own ? 1 : factors[code];
    const max = form.max_amount_minor && factor ? Math.floor(convert(form.max_amount_minor, own, code, factor)) : null;
    limits[code] = amountLimitsOf(code, max);
    if (code !== own && factor) presets[code] = presetsIn(amounts, own, code, factor);
  }
  return { amount_limits: limits, currency_amounts: presets, max_amount_minor: form.max_amount_minor };
}

/** The factors a campaign needs, from the rate rows its statement read (none for one currency). */
export function factorsFor(
  rates: CurrencyFactors | undefined,
  rows: readonly unknown[] | null,
  form: { currency: string; currencies: readonly string[] },
): Readonly<Record<string, number>> {
  const own = form.currency.toUpperCase();
  const others = form.currencies.map((c) => c.toUpperCase()).filter((c) => c !== own);
  if (!rates || !rows || others.length === 0) return {};
  return rates.factors(rows, own, others);
}
