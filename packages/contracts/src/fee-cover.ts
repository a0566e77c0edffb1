// Zod-free: the public donation form's bundle imports this module directly (decision 006).
import { normaliseCurrency } from './currency-rules.ts';
import { divideRounded, fromMinorUnits } from './money-rules.ts';

/**
 * Fee cover ('Support Our Work', docs/product/donation-form.md#fee-cover): the donor adds 3.2 % so the
 * organisation receives the whole gift after processing costs.
 *
 * Rounding: the fee is rounded half-up to whole minor units of the currency. In our data a
 * zero-decimal currency's minor unit IS its whole unit, so JPY/KRW/HUF fees come out in whole yen,
 * won or forints, and two-decimal currencies in whole cents.
 *
 * Both directions agree: for any amount a, removeFeeCover(addFeeCover(a).totalMinor) === a, because
 * the fee's rounding error (at most half a unit) shrinks below half a unit when divided by 1.032.
 */

/** 3.2 % as an exact fraction: 32 / 1000. */
export const FEE_COVER_RATE = { numerator: 32n, denominator: 1000n, percent: '3.2' } as const;

export type TFeeCover = {
  /** What the donor pays: the chosen amount plus the fee. */
  totalMinor: number;
  /** The part of the total that covers fees (the donation's included_fees). */
  feeMinor: number;
};

function assertAmount(minor: number): bigint {
  if (!Number.isSafeInteger(minor) || minor < 0) {
    throw new RangeError(`fee cover needs a non-negative whole number of minor units, got ${minor}`);
  }
  return BigInt(minor);
}

/** The fee on an amount, in minor units of the same currency. */
export function feeCoverMinor(amountMinor: number, _currency?: string | null): number {
  const amount = assertAmount(amountMinor);
  return Number(divideRounded(amount * FEE_COVER_RATE.numerator, FEE_COVER_RATE.denominator, 'half-up'));
}

/** Turning fee cover on: the amount grows by 3.2 % (docs/product/donation-form.md#fee-cover). */
export function addFeeCover(amountMinor: number, currency?: string | null): TFeeCover {
  const feeMinor = feeCoverMinor(amountMinor, currency);
  return { totalMinor: amountMinor + feeMinor, feeMinor };
}

/**
 * Turning fee cover off: the total is divided by 1.032 (rounded half-up) and included_fees goes
 * back to 0. Returns the amount before the fee was added.
 */
export function removeFeeCover(totalMinor: number, _currency?: string | null): number {
  const total = assertAmount(totalMinor);
  const denominator = FEE_COVER_RATE.denominator + FEE_COVER_RATE.numerator;
  return Number(divideRounded(total * FEE_COVER_RATE.denominator, denominator, 'half-up'));
}

/**
 * The fee shown next to the toggle, as a major-unit decimal string ('0.32' for a 10.00 USD gift,
 * '32' for 1000 JPY).
 *
 * The display formula the form once used is `amount * 3.2 / 10000` with `amount` in minor units: for a
 * two-decimal currency that is (amount / 100) * 0.032, i.e. the fee in MAJOR units (1000 cents →
 * 0.32 dollars). It would be 100 times too small for a zero-decimal currency, so this function uses
 * the same rounded fee as addFeeCover and converts it with our exponent; for two-decimal
 * currencies the result equals that formula rounded to cents.
 */
export function feeCoverEstimate(amountMinor: number, currency: string | null | undefined): string {
  const code = normaliseCurrency(currency);
  return fromMinorUnits(feeCoverMinor(amountMinor, code), code);
}
