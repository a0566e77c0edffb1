// Our minor units ⇄ PayPal's decimal strings (https://developer.paypal.com/api/rest/reference/currency-codes/).
// PayPal's no-decimal set (HUF, JPY, TWD) differs from ours; amounts are strings like "10.00".
import { WALLET_CURRENCIES } from '@kindling/contracts';
import { currencyExponent, normaliseCurrency, rescaleMinor } from '../currency.ts';

/** The 24 currencies PayPal's REST API accepts (docs/product/payments.md#currencies, the wallet list). */
export const PAYPAL_CURRENCIES: ReadonlySet<string> = new Set(WALLET_CURRENCIES);
const PAYPAL_NO_DECIMALS = new Set(['HUF', 'JPY', 'TWD']);

export const paypalExponent = (currency: string): number =>
  PAYPAL_NO_DECIMALS.has(normaliseCurrency(currency)) ? 0 : 2;

/** Exact check: an unknown code is not PayPal's, even though display code would show it as USD. */
export const isPayPalCurrency = (currency: string): boolean => PAYPAL_CURRENCIES.has(currency.trim().toUpperCase());

/** Our minor units → PayPal's `value`, e.g. 1050 USD → "10.50", 1000 JPY → "1000". */
export function toPayPalValue(amountMinor: number, currency: string): string {
  const exponent = paypalExponent(currency);
  const units = rescaleMinor(amountMinor, currencyExponent(currency), exponent);
  const sign = units < 0 ? '-' : '';
  const digits = String(Math.abs(units)).padStart(exponent + 1, '0');
  return exponent === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** PayPal's `value` → our minor units, without floating point ("10.5" and "10.50" both → 1050). */
export function fromPayPalValue(value: string, currency: string): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new RangeError(`"${value}" is not a PayPal amount`);
  const [, sign, whole = '0', fraction = ''] = match;
  const exponent = Math.max(fraction.length, 0);
  const units = Number(`${whole}${fraction}`);
  const minor = rescaleMinor(units, exponent, currencyExponent(currency));
  return sign === '-' ? -minor : minor;
}
