import { currencyExponent, normaliseCurrency } from './currencies.ts';
import { formatMoney } from './money.ts';

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

/** The message for a card gift below the minimum, or null when the amount is fine. */
export function cardMinimumError(amountMinor: number, currency: string | null | undefined): string | null {
  const minimum = cardMinimumMinor(currency);
  if (minimum === null || amountMinor >= minimum) return null;
  return `The smallest card donation in ${normaliseCurrency(currency)} is ${formatMoney(minimum, currency)}.`;
}
