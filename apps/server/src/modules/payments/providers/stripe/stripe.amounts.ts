// Our minor units ⇄ Stripe's amount field (https://docs.stripe.com/currencies). Stripe's lists
// differ from ours: IDR, HUF, TWD and ISK are zero-decimal for us but two-decimal at Stripe;
// BIF, DJF, … are zero-decimal at Stripe only; three-decimal currencies exist at Stripe only.
import { currencyExponent, normaliseCurrency, rescaleMinor } from '../currency.ts';

/** Stripe's zero-decimal currencies: the amount is the number of whole units. */
const STRIPE_ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
/** Zero-decimal in reality but sent as two-decimal values ending in 00 (5 ISK → 500). */
const STRIPE_WHOLE_UNITS_TIMES_100 = new Set(['ISK', 'UGX']);
/**
 * Three-decimal currencies: the last digit must be 0 (5.124 KWD → 5120). None is in our card list
 * today; kept so that adding one cannot charge a tenth of the gift.
 */
const STRIPE_THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** Decimal places of Stripe's `amount` for the currency. */
export function stripeExponent(currency: string): number {
  const code = normaliseCurrency(currency);
  if (STRIPE_ZERO_DECIMAL.has(code)) return 0;
  if (STRIPE_THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/** Lower-case code, as Stripe asks for in every request. */
export const toStripeCurrency = (currency: string): string => normaliseCurrency(currency).toLowerCase();

/** Our minor units → Stripe's `amount`, honouring the ISK/UGX and three-decimal rules. */
export function toStripeAmount(amountMinor: number, currency: string): number {
  const code = normaliseCurrency(currency);
  if (STRIPE_WHOLE_UNITS_TIMES_100.has(code)) {
    // Whole units only, then ×100: a fraction of a krona cannot be charged.
    return rescaleMinor(amountMinor, currencyExponent(code), 0) * 100;
  }
  if (STRIPE_THREE_DECIMAL.has(code)) return rescaleMinor(amountMinor, currencyExponent(code), 2) * 10;
  return rescaleMinor(amountMinor, currencyExponent(code), stripeExponent(code));
}

/** Stripe's `amount` → our minor units. */
export const fromStripeAmount = (amount: number, currency: string): number =>
  rescaleMinor(amount, stripeExponent(currency), currencyExponent(currency));
