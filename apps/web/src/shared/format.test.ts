import { currencyExponent } from '@kindling/contracts';
import { describe, expect, it } from 'vitest';
import { formatFor } from './format.ts';

const formatMoney = (minor: number | string, currency: string, locale: string) =>
  formatFor({ locale, timeZone: 'UTC' }).money(minor, currency);

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

describe('formatFor', () => {
  it('writes days and instants in the organisation’s locale and on its clock', () => {
    const london = formatFor({ locale: 'en-GB', timeZone: 'Europe/London' });
    expect(london.money(123456, 'GBP')).toBe('£1,234.56');
    expect(london.count(1234567)).toBe('1,234,567');
    expect(london.date('2031-02-14T12:00:00Z')).toBe('14 Feb 2031');
    // 8 pm in New York is the next day in UTC; the organisation's day is the 14th.
    expect(formatFor({ locale: 'en-US', timeZone: 'America/New_York' }).date('2031-02-15T01:00:00Z')).toBe(
      'Feb 14, 2031',
    );
  });

  it('knows the organisation’s today, for default dates and period presets', () => {
    // 10 pm in New York on 25 November is already the 26th in UTC and in Berlin.
    const at = new Date('2026-11-26T03:00:00Z');
    expect(formatFor({ locale: 'en-US', timeZone: 'America/New_York' }).today(at)).toBe('2026-11-25');
    expect(formatFor({ locale: 'de-DE', timeZone: 'Europe/Berlin' }).today(at)).toBe('2026-11-26');
  });

  it('writes rates, short days and decimals as a de-DE organisation does', () => {
    const berlin = formatFor({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    expect(berlin.rate('0.00781250')).toBe('0,0078125');
    expect(berlin.decimal('1234.5678901')).toBe('1.234,5678901');
    expect(berlin.shortDay('2026-12-12T23:30:00Z')).toBe('13. Dez.');
    expect(berlin.dateTime('2026-11-26T08:00:00Z')).toBe('26.11.2026, 09:00');
    expect(berlin.money(123456, 'EUR')).toBe('1.234,56\u00a0€');
  });
});
