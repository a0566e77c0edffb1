/**
 * Money formatting comes from the shared contract, so the dashboard, the donation form and the
 * server's receipts show the same figures (our exponents, USD fallback, exact digits).
 */
export { currencyExponent, formatMoney, normaliseCurrency } from '@kindling/contracts';

export function formatCount(value: number | string, locale?: string): string {
  return new Intl.NumberFormat(locale).format(Number(value));
}
