// Zod-free: the public donation form's bundle imports this module directly (decision 006).
// The limits on a typed gift per currency (docs/product/donation-form.md#amount-limits, decision 035):
// the providers' smallest and largest charge, narrowed by a campaign's own maximum.
import { currencyExponent, normaliseCurrency } from './currency-rules.ts';
import { formatMoney } from './money-rules.ts';

/**
 * The card provider's smallest charge per currency, in MAJOR units as Stripe publishes them
 * (docs/product/payments.md#currencies). Stripe does not expose these through its API, so the form and the
 * intent call refuse a smaller gift before asking Stripe. Strictly the limit applies to the
 * settlement currency; using it for the presentment currency catches the common case (a gift in
 * the organisation's own currency) and Stripe's own refusal covers the rest.
 */
export const CARD_MINIMUM_CHARGE: Readonly<Record<string, string>> = {
  USD: '0.50',
  AED: '2.00',
  ARS: '0.50',
  AUD: '0.50',
  BRL: '0.50',
  CAD: '0.50',
  CHF: '0.50',
  COP: '0.50',
  CZK: '15.00',
  DKK: '2.50',
  EUR: '0.50',
  GBP: '0.30',
  HKD: '4.00',
  HUF: '175.00',
  IDR: '0.50',
  ILS: '0.50',
  INR: '0.50',
  JPY: '50',
  KRW: '50',
  MXN: '10',
  MYR: '2.00',
  NOK: '3.00',
  NZD: '0.50',
  PHP: '0.50',
  PLN: '2.00',
  RON: '2.00',
  RUB: '0.50',
  SEK: '3.00',
  SGD: '0.50',
  THB: '10',
  ZAR: '0.50',
};

/**
 * The smallest card gift in minor units of OUR exponent, rounded up where our exponent cannot
 * express the published figure (0.50 IDR → 1 IDR); null when the provider publishes none.
 */
export function cardMinimumMinor(currency: string | null | undefined): number | null {
  const code = normaliseCurrency(currency);
  const published = CARD_MINIMUM_CHARGE[code];
  if (!published) return null;
  const exponent = currencyExponent(code);
  const [whole = '0', fraction = ''] = published.split('.');
  const kept =
    BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.slice(0, exponent).padEnd(exponent, '0') || '0');
  const roundUp = /[1-9]/.test(fraction.slice(exponent)) ? 1n : 0n;
  return Number(kept + roundUp);
}

/**
 * Stripe's `amount` holds at most eight digits of ITS minor units (99999999: $999,999.99). Where
 * our exponent is 0 but Stripe's is 2 (IDR, HUF, TWD, ISK) that leaves six digits of ours.
 */
const CARD_MAXIMUM_DIGITS = 8;
const STRIPE_TWO_DECIMAL_OF_OUR_ZERO = new Set(['IDR', 'HUF', 'TWD', 'ISK']);

/** The largest card gift in our minor units. */
export function cardMaximumMinor(currency: string | null | undefined): number {
  const code = normaliseCurrency(currency);
  const digits = STRIPE_TWO_DECIMAL_OF_OUR_ZERO.has(code) ? CARD_MAXIMUM_DIGITS - 2 : CARD_MAXIMUM_DIGITS;
  return 10 ** digits - 1;
}

/**
 * PayPal's largest single payment per currency, in MAJOR units, as its currency-code reference
 * lists them; other currencies are left to PayPal's own refusal.
 */
export const PAYPAL_MAXIMUM_CHARGE: Readonly<Record<string, number>> = {
  AUD: 12_500,
  CAD: 12_500,
  EUR: 8_000,
  GBP: 5_500,
  JPY: 1_000_000,
  USD: 10_000,
};

/** PayPal's largest payment in our minor units, or null when it publishes none for the currency. */
export function walletMaximumMinor(currency: string | null | undefined): number | null {
  const code = normaliseCurrency(currency);
  const major = PAYPAL_MAXIMUM_CHARGE[code];
  return major === undefined ? null : major * 10 ** currencyExponent(code);
}

/** Smallest and largest gift in minor units of one currency. */
export type TAmountLimits = { min_minor: number; max_minor: number };

/**
 * The limits of a gift in `currency`: at least the card minimum (one minor unit where none is
 * published), at most the card maximum, and at most `campaignMaxMinor` (already in `currency`).
 */
export function amountLimitsOf(currency: string | null | undefined, campaignMaxMinor?: number | null): TAmountLimits {
  const providerMax = cardMaximumMinor(currency);
  return {
    min_minor: cardMinimumMinor(currency) ?? 1,
    max_minor: campaignMaxMinor ? Math.min(providerMax, campaignMaxMinor) : providerMax,
  };
}

export const AMOUNT_LIMIT_MESSAGES = {
  below: (code: string, limit: string) => `The smallest donation in ${code} is ${limit}.`,
  above: (code: string, limit: string) => `The largest donation in ${code} is ${limit}.`,
} as const;

/**
 * The message for a gift outside its limits, naming the limit in that currency (formatted for the
 * organisation's locale), or null when the gift is within them. The form and the server's payment
 * calls give the same words.
 */
export function amountLimitError(
  amountMinor: number,
  currency: string | null | undefined,
  limits: TAmountLimits,
  locale?: string,
): string | null {
  const code = normaliseCurrency(currency);
  const format = (minor: number) => formatMoney(minor, code, locale, { trimWholeZeros: true });
  if (amountMinor < limits.min_minor) return AMOUNT_LIMIT_MESSAGES.below(code, format(limits.min_minor));
  if (amountMinor > limits.max_minor) return AMOUNT_LIMIT_MESSAGES.above(code, format(limits.max_minor));
  return null;
}

/** A campaign's limits for `currency`: the server's per-currency figures, else the providers' own. */
export function campaignLimitsFor(
  campaign: { amount_limits?: Readonly<Record<string, TAmountLimits>> | undefined },
  currency: string,
): TAmountLimits {
  return campaign.amount_limits?.[normaliseCurrency(currency)] ?? amountLimitsOf(currency);
}
