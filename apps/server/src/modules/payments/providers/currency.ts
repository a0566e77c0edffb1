// Our own money rules come from the contracts (docs/product/payments.md#money); this file adds only the
// integer rescaling the provider adapters share.
import { isSupportedCurrency } from '@kindling/contracts';
import type { ProviderName } from './payment-provider.ts';
import { ProviderError } from './provider-error.ts';

export { currencyExponent, normaliseCurrency } from '@kindling/contracts';

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

/**
 * The upper-case code of a currency we can charge, or a currency_not_supported error: a provider
 * call must never turn an unknown code into USD the way display code may.
 */
export function requireCurrency(provider: ProviderName, currency: string): string {
  if (!isSupportedCurrency(currency)) {
    throw new ProviderError(provider, 'currency_not_supported', 'This currency is not supported.');
  }
  return currency.trim().toUpperCase();
}
