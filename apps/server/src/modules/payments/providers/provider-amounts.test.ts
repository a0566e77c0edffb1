import { describe, expect, it } from 'vitest';
import { fromPayPalValue, isPayPalCurrency, toPayPalValue } from './paypal/paypal.amounts.ts';
import { fromStripeAmount, toStripeAmount, toStripeCurrency } from './stripe/stripe.amounts.ts';

describe('provider unit conversion: Stripe', () => {
  it.each([
    // [class, currency, our minor units, Stripe amount]
    ['two-decimal everywhere', 'USD', 1050, 1050],
    ['two-decimal everywhere', 'gbp', 2500, 2500],
    ['zero-decimal everywhere', 'JPY', 1000, 1000],
    ['zero-decimal everywhere', 'KRW', 5000, 5000],
    ['zero-decimal for us, two-decimal at Stripe', 'HUF', 1750, 175000],
    ['zero-decimal for us, two-decimal at Stripe', 'TWD', 300, 30000],
    ['zero-decimal for us, two-decimal at Stripe', 'IDR', 10000, 1000000],
    ['zero-decimal sent as ×100 (ISK)', 'ISK', 5, 500],
    ['zero-decimal at Stripe only', 'BIF', 100000, 1000],
  ])('%s: %s %i → %i', (_class, currency, ours, stripe) => {
    expect(toStripeAmount(ours, currency)).toBe(stripe);
    expect(fromStripeAmount(stripe, currency)).toBe(ours);
  });

  it('rounds to what Stripe can charge when our units are finer', () => {
    // 1000.50 BIF (our two decimals) cannot be charged: Stripe gets whole francs.
    expect(toStripeAmount(100050, 'BIF')).toBe(1001);
    // UGX is two-decimal for us but whole shillings ×100 at Stripe: the last two digits are 00.
    expect(toStripeAmount(123456, 'UGX')).toBe(123500);
  });

  it('sends lower-case codes and falls back to USD', () => {
    expect(toStripeCurrency('EUR')).toBe('eur');
    expect(toStripeCurrency('')).toBe('usd');
  });
});

describe('provider unit conversion: PayPal', () => {
  it.each([
    ['two-decimal everywhere', 'USD', 1050, '10.50'],
    ['two-decimal everywhere', 'EUR', 5, '0.05'],
    ['zero-decimal everywhere', 'JPY', 1000, '1000'],
    ['zero-decimal for us and PayPal', 'HUF', 1750, '1750'],
    ['zero-decimal for us and PayPal', 'TWD', 300, '300'],
  ])('%s: %s %i → "%s"', (_class, currency, ours, value) => {
    expect(toPayPalValue(ours, currency)).toBe(value);
    expect(fromPayPalValue(value, currency)).toBe(ours);
  });

  it('reads decimal strings exactly, without floating point', () => {
    expect(fromPayPalValue('10.5', 'USD')).toBe(1050);
    expect(fromPayPalValue('0.29', 'USD')).toBe(29);
    expect(fromPayPalValue('19.99', 'GBP')).toBe(1999);
    expect(() => fromPayPalValue('ten', 'USD')).toThrow(RangeError);
  });

  it('knows the 24 PayPal currencies', () => {
    expect(isPayPalCurrency('usd')).toBe(true);
    expect(isPayPalCurrency('KRW')).toBe(false);
    expect(isPayPalCurrency('XYZ')).toBe(false);
  });
});
