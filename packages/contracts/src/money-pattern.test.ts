import { describe, expect, it } from 'vitest';
import { currencyExponent } from './currency-rules.ts';
import { formatWithPattern, moneyPatternOf } from './money-pattern.ts';
import { fromMinorUnits } from './money-rules.ts';

// The page's pattern must write every amount exactly as Intl does, or a donor would see two
// spellings of one currency on one page (docs/product/donation-form.md#performance).
const LOCALES = [
  'en-US',
  'en-GB',
  'de-DE',
  'fr-FR',
  'es-ES',
  'pl-PL',
  'en-IN',
  'ja-JP',
  'de-CH',
  'nl-NL',
  'pt-BR',
  'sv-SE',
  'he-IL',
  'fr-CH',
];
const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'INR', 'CHF', 'KWD', 'PLN', 'SEK'];
const MINORS = [0, 5, 99, 100, 1234, 12345, 123456, 1234567, 12345678, 100000000, 999999999999];

function intl(locale: string, currency: string, major: string, digits: number): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(major as `${number}`);
}

describe('money patterns', () => {
  it('write every amount as Intl does, with and without decimals, in every locale and currency', () => {
    const mismatches: string[] = [];
    for (const locale of LOCALES)
      for (const currency of CURRENCIES) {
        const pattern = moneyPatternOf(locale, currency);
        if (!pattern) {
          mismatches.push(`${locale} ${currency}: no pattern`);
          continue;
        }
        for (const minor of MINORS) {
          const major = fromMinorUnits(minor, currency);
          for (const digits of new Set([0, currencyExponent(currency)])) {
            const value = digits === 0 ? (major.split('.')[0] ?? '0') : major;
            const ours = formatWithPattern(pattern, value, digits);
            const theirs = intl(locale, currency, value, digits);
            if (ours !== theirs) mismatches.push(`${locale} ${currency} ${value}: ${ours} ≠ ${theirs}`);
          }
        }
      }
    expect(mismatches).toEqual([]);
  });

  it('groups as the locale does: lakh in India, no grouping of four digits in Spain', () => {
    const inr = moneyPatternOf('en-IN', 'INR');
    const eur = moneyPatternOf('es-ES', 'EUR');
    expect(inr && formatWithPattern(inr, '1234567', 0)).toBe('₹12,34,567');
    expect(eur && formatWithPattern(eur, '1234', 0)).toBe('1234\u00a0€');
    expect(eur && formatWithPattern(eur, '12345', 0)).toBe('12.345\u00a0€');
  });

  it('leaves to Intl what a pattern cannot write: other digits, negative amounts', () => {
    expect(moneyPatternOf('ar-EG', 'EGP')).toBeNull();
    const usd = moneyPatternOf('en-US', 'USD');
    expect(usd && formatWithPattern(usd, '-12.00', 2)).toBeNull();
  });
});
