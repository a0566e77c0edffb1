/** Zero-decimal currencies of spec 02 section 5; every other currency has two decimals (DESIGN 3). */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'PYG', 'VND', 'IDR', 'HUF', 'ISK', 'CLP', 'TWD']);

/** An unknown, null or missing currency falls back to USD (spec 02 section 5). */
export function normaliseCurrency(currency: string | null | undefined): string {
  const code = (currency ?? '').trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : 'USD';
}

export function currencyExponent(currency: string): number {
  return ZERO_DECIMAL.has(normaliseCurrency(currency)) ? 0 : 2;
}

/**
 * Formats an integer count of minor units for display. The division happens only here, for the
 * screen; stored and compared amounts stay integers.
 */
export function formatMoney(amountMinor: number | string, currency: string, locale?: string): string {
  const code = normaliseCurrency(currency);
  const exponent = currencyExponent(code);
  // bigint columns can arrive as strings; the figure shown must still be right.
  const major = Number(amountMinor) / 10 ** exponent;
  const options = { style: 'currency', minimumFractionDigits: exponent, maximumFractionDigits: exponent } as const;
  try {
    return new Intl.NumberFormat(locale, { ...options, currency: code }).format(major);
  } catch {
    // A three-letter code Intl does not know: show the amount with the code beside it.
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: exponent, maximumFractionDigits: exponent }).format(major)} ${code}`;
  }
}

export function formatCount(value: number | string, locale?: string): string {
  return new Intl.NumberFormat(locale).format(Number(value));
}
