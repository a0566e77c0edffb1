import { describe, expect, it } from 'vitest';
import { currencyExponent, formatMoney } from './format-money.ts';

describe('formatMoney', () => {
  it('reads integer minor units with two decimals for most currencies', () => {
    expect(formatMoney(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatMoney(5, 'EUR', 'en-GB')).toBe('€0.05');
  });

  it('treats the zero-decimal currencies as whole units', () => {
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('huf')).toBe(0);
    expect(formatMoney(1050, 'JPY', 'en-US')).toBe('¥1,050');
    expect(currencyExponent('KWD')).toBe(2);
  });

  it('falls back to USD for a missing or malformed currency', () => {
    expect(formatMoney(250, '', 'en-US')).toBe('$2.50');
    expect(formatMoney(250, 'dollars', 'en-US')).toBe('$2.50');
  });

  it('accepts amounts that arrive as strings (bigint columns)', () => {
    expect(formatMoney('2500000', 'USD', 'en-US')).toBe('$25,000.00');
  });
});
