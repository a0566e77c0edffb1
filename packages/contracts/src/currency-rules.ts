// Zod-free: the public donation form's bundle imports this module directly (decision 006).
import { CARD_CURRENCY_DATA } from './currency-data.ts';

/**
 * Currencies of the donation flow. Our data keeps money as integer minor units with OUR exponent
 * (docs/product/payments.md#money): 0 for the zero-decimal list below, 2 for every other currency. Each payment
 * provider has its own idea of minor units (Stripe treats IDR, HUF, ISK and TWD as two-decimal,
 * BIF or XOF as zero-decimal); those conversions live in the provider adapters, never here.
 */

/** docs/product/payments.md#money: displayed and stored without decimals. */
export const ZERO_DECIMAL_CURRENCIES = ['JPY', 'KRW', 'PYG', 'VND', 'IDR', 'HUF', 'ISK', 'CLP', 'TWD'] as const;

/** An unknown, null or missing currency falls back to this one (docs/product/payments.md#money and #currencies). */
export const DEFAULT_CURRENCY = 'USD';

/** The wallet provider's (PayPal) 24 currencies, in the order in docs/product/payments.md#currencies. */
export const WALLET_CURRENCIES = [
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'HKD',
  'HUF',
  'ILS',
  'JPY',
  'MYR',
  'MXN',
  'TWD',
  'NZD',
  'NOK',
  'PHP',
  'PLN',
  'GBP',
  'SGD',
  'SEK',
  'CHF',
  'THB',
  'USD',
] as const;

/** The card provider's currencies (131 codes, USD first; includes every wallet currency). */
export const CARD_CURRENCIES: readonly string[] = CARD_CURRENCY_DATA.map(([code]) => code);

export type TCurrencyOption = { code: string; name: string };

/**
 * Every currency a campaign may offer, with its English name, for the 'Search currencies...' box.
 * The card list already holds all 24 wallet currencies, so it is the union of both.
 */
export const CURRENCIES: readonly TCurrencyOption[] = CARD_CURRENCY_DATA.map(([code, name]) => ({ code, name }));

const ZERO_DECIMAL_SET: ReadonlySet<string> = new Set(ZERO_DECIMAL_CURRENCIES);
const KNOWN_SET: ReadonlySet<string> = new Set(CURRENCIES.map((c) => c.code));
const NAMES: ReadonlyMap<string, string> = new Map(CURRENCIES.map((c) => [c.code, c.name]));

/** True for a code (any case) that some provider of ours can charge. */
export const isSupportedCurrency = (code: string | null | undefined): boolean =>
  KNOWN_SET.has((code ?? '').trim().toUpperCase());

/**
 * Upper-cases a code and falls back to USD for anything we do not know (null, '', 'dollars', a
 * withdrawn ISO code): docs/product/payments.md#money. Use it where a value must be shown or computed anyway;
 * use ZCurrencyCode where a wrong code must be refused instead.
 */
export function normaliseCurrency(code: string | null | undefined): string {
  const upper = (code ?? '').trim().toUpperCase();
  return KNOWN_SET.has(upper) ? upper : DEFAULT_CURRENCY;
}

/** Our exponent: 0 for the zero-decimal list, 2 otherwise; unknown codes count as USD. */
export function currencyExponent(code: string | null | undefined): 0 | 2 {
  return ZERO_DECIMAL_SET.has(normaliseCurrency(code)) ? 0 : 2;
}

export const isZeroDecimal = (code: string | null | undefined): boolean => currencyExponent(code) === 0;

/** English name of a currency, or the code itself when we have no name for it. */
export const currencyName = (code: string): string => NAMES.get(code.trim().toUpperCase()) ?? code;

/** Lower-case, without accents, so 'colon' finds 'Colón' and 'krona' finds 'Króna'. */
const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The currency selector's search: matches the code or any part of the name, ignoring case and
 * accents. Codes that start with the query come first, then name matches, each in list order.
 * `allowed` limits the search to a campaign's configured currencies (its order is kept).
 */
export function searchCurrencies(query: string, allowed?: readonly string[]): TCurrencyOption[] {
  const pool = allowed
    ? allowed.map((code) => code.trim().toUpperCase()).map((code) => ({ code, name: currencyName(code) }))
    : [...CURRENCIES];
  const q = fold(query.trim());
  if (!q) return pool;
  const byCode = pool.filter((c) => fold(c.code).startsWith(q));
  const byName = pool.filter((c) => !fold(c.code).startsWith(q) && fold(c.name).includes(q));
  return [...byCode, ...byName];
}
