// Our own money rules (spec 02 section 5). A local copy until @kindling/contracts exports
// currencyExponent / normaliseCurrency; then this file re-exports those and nothing else changes.

/** Currencies our data keeps without decimals (display and storage), per spec 02 section 5. */
const OUR_ZERO_DECIMAL = new Set(['JPY', 'KRW', 'PYG', 'VND', 'IDR', 'HUF', 'ISK', 'CLP', 'TWD']);

/** Upper-case ISO code; an unknown, null or missing currency falls back to USD (spec 02 section 5). */
export function normaliseCurrency(currency: string | null | undefined): string {
  const code = (currency ?? '').trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : 'USD';
}

/** Decimal places of OUR minor units for the currency: 0 or 2. */
export const currencyExponent = (currency: string | null | undefined): number =>
  OUR_ZERO_DECIMAL.has(normaliseCurrency(currency)) ? 0 : 2;

/**
 * Moves an integer amount between two exponents. Going to fewer decimals rounds half away from
 * zero: a provider that cannot express 0.50 BIF charges 1 BIF, and the amount recorded is the
 * one the provider then reports, never ours.
 */
export function rescaleMinor(amount: number, fromExponent: number, toExponent: number): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`amount ${amount} is not a safe integer`);
  if (toExponent >= fromExponent) return amount * 10 ** (toExponent - fromExponent);
  const divisor = 10 ** (fromExponent - toExponent);
  const rounded = Math.round(Math.abs(amount) / divisor);
  return amount < 0 ? -rounded : rounded;
}
