import { describe, expect, it } from 'vitest';
import {
  CARD_CURRENCIES,
  CURRENCIES,
  currencyExponent,
  normaliseCurrency,
  searchCurrencies,
  WALLET_CURRENCIES,
  ZCurrencyCode,
  ZERO_DECIMAL_CURRENCIES,
} from './currencies.ts';
import { convertMinor, divideRounded, faceValueIn, formatMoney, fromMinorUnits, toMinorUnits } from './money.ts';

const minor = (input: string | number, currency: string) => {
  const parsed = toMinorUnits(input, currency);
  if (!parsed.ok) throw new Error(`expected ${input} ${currency} to parse: ${parsed.error}`);
  return parsed.minor;
};
const error = (input: string | number, currency: string) => {
  const parsed = toMinorUnits(input, currency);
  return parsed.ok ? `parsed as ${parsed.minor}` : parsed.error;
};

describe('currencies', () => {
  it('gives the zero-decimal list exponent 0 and every other currency 2', () => {
    for (const code of ZERO_DECIMAL_CURRENCIES) expect(currencyExponent(code)).toBe(0);
    expect(currencyExponent('twd')).toBe(0);
    for (const code of ['USD', 'EUR', 'GBP', 'INR', 'AED', 'ZAR', 'BIF', 'XOF']) expect(currencyExponent(code)).toBe(2);
  });

  it('falls back to USD for an unknown, null or missing currency', () => {
    expect(normaliseCurrency(null)).toBe('USD');
    expect(normaliseCurrency(undefined)).toBe('USD');
    expect(normaliseCurrency('')).toBe('USD');
    expect(normaliseCurrency('dollars')).toBe('USD');
    expect(normaliseCurrency('HRK')).toBe('USD');
    expect(normaliseCurrency(' eur ')).toBe('EUR');
    expect(currencyExponent('XYZ')).toBe(2);
  });

  it('lists the 24 wallet currencies inside about 130 card currencies, USD first', () => {
    expect(WALLET_CURRENCIES).toHaveLength(24);
    expect(new Set(WALLET_CURRENCIES).size).toBe(24);
    expect(CARD_CURRENCIES[0]).toBe('USD');
    expect(CARD_CURRENCIES.length).toBeGreaterThanOrEqual(125);
    expect(new Set(CARD_CURRENCIES).size).toBe(CARD_CURRENCIES.length);
    for (const code of [...WALLET_CURRENCIES, 'AED', 'INR', 'ZAR']) expect(CARD_CURRENCIES).toContain(code);
    for (const c of CURRENCIES) expect(c.name.length).toBeGreaterThan(2);
  });

  it('searches by code and by name, ignoring case and accents', () => {
    expect(searchCurrencies('eu')[0]?.code).toBe('EUR');
    expect(searchCurrencies('rand').map((c) => c.code)).toEqual(['ZAR']);
    expect(searchCurrencies('krona').map((c) => c.code)).toEqual(expect.arrayContaining(['ISK', 'SEK']));
    expect(searchCurrencies('zzzz')).toEqual([]);
    expect(searchCurrencies('', ['gbp', 'USD']).map((c) => c.code)).toEqual(['GBP', 'USD']);
    expect(searchCurrencies('pound', ['USD', 'GBP', 'EUR'])).toEqual([{ code: 'GBP', name: 'British Pound' }]);
  });

  it('accepts supported codes in either case and refuses others', () => {
    expect(ZCurrencyCode.parse('usd')).toBe('USD');
    const refused = ZCurrencyCode.safeParse('ABC');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Choose a supported currency');
  });
});

describe('minor units and rounding per currency class', () => {
  it('reads two-decimal amounts exactly, without floating-point drift', () => {
    expect(minor('12.34', 'USD')).toBe(1234);
    expect(minor('0.29', 'USD')).toBe(29);
    expect(minor('19.99', 'EUR')).toBe(1999);
    expect(minor('1,234', 'USD')).toBe(123400);
    expect(minor('1,234,567.8', 'GBP')).toBe(123456780);
    expect(minor('.5', 'USD')).toBe(50);
    expect(minor('7.', 'USD')).toBe(700);
    expect(minor(' 12.340 ', 'USD')).toBe(1234);
    expect(minor(12.34, 'USD')).toBe(1234);
    expect(minor(0.29, 'USD')).toBe(29);
  });

  it('reads zero-decimal amounts as whole units', () => {
    expect(minor('1200', 'JPY')).toBe(1200);
    expect(minor('1,200', 'KRW')).toBe(1200);
    expect(minor('1200.00', 'HUF')).toBe(1200);
    expect(minor(5000, 'ISK')).toBe(5000);
  });

  it('parses a missing currency as USD', () => {
    expect(minor('12.34', '')).toBe(1234);
  });

  it('refuses what it cannot represent, with a message a donor understands', () => {
    expect(error('12.345', 'USD')).toBe('USD amounts have at most 2 decimals');
    expect(error('1200.5', 'JPY')).toBe('JPY amounts are whole numbers');
    expect(error(0.1 + 0.2, 'USD')).toBe('USD amounts have at most 2 decimals');
    expect(error('', 'USD')).toBe('Enter an amount');
    expect(error('-5', 'USD')).toBe('The amount cannot be negative');
    expect(error('12,34', 'EUR')).toBe('Enter an amount using digits, like 12.34');
    expect(error('1e3', 'USD')).toBe('Enter an amount using digits, like 12.34');
    expect(error('abc', 'JPY')).toBe('Enter an amount using digits, like 1200');
    expect(error('.', 'USD')).toBe('Enter an amount using digits, like 12.34');
    expect(error('10000000000000', 'USD')).toBe('The amount is too large');
    expect(error(Number.NaN, 'USD')).toBe('Enter an amount using digits');
  });

  it('writes minor units back as exact decimals', () => {
    expect(fromMinorUnits(1234, 'USD')).toBe('12.34');
    expect(fromMinorUnits(5, 'EUR')).toBe('0.05');
    expect(fromMinorUnits(-5, 'EUR')).toBe('-0.05');
    expect(fromMinorUnits('2500000', 'USD')).toBe('25000.00');
    expect(fromMinorUnits(1200, 'JPY')).toBe('1200');
    expect(fromMinorUnits(123456789012345678901n, 'GBP')).toBe('1234567890123456789.01');
    expect(() => fromMinorUnits(1.5, 'USD')).toThrow(RangeError);
  });

  it('round-trips every amount it writes', () => {
    for (const code of ['USD', 'JPY']) {
      for (let m = 0; m < 2000; m += 7) expect(minor(fromMinorUnits(m, code), code)).toBe(m);
    }
  });

  it('rounds halves up or to even as asked', () => {
    expect(divideRounded(5n, 2n, 'half-up')).toBe(3n);
    expect(divideRounded(5n, 2n, 'half-even')).toBe(2n);
    expect(divideRounded(7n, 2n, 'half-even')).toBe(4n);
    expect(divideRounded(-5n, 2n, 'half-up')).toBe(-3n);
    expect(divideRounded(-5n, 2n, 'half-even')).toBe(-2n);
    expect(divideRounded(10n, 3n, 'half-up')).toBe(3n);
    expect(divideRounded(11n, 3n, 'half-up')).toBe(4n);
  });
});

describe('formatMoney per currency class', () => {
  it('shows two decimals for two-decimal currencies', () => {
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(5, 'EUR', 'en-GB')).toBe('€0.05');
    expect(formatMoney('2500000', 'USD')).toBe('$25,000.00');
    expect(formatMoney(-250, 'GBP', 'en-GB')).toBe('-£2.50');
  });

  it('shows no decimals for our zero-decimal currencies, even where Intl would show some', () => {
    expect(formatMoney(1050, 'JPY')).toBe('¥1,050');
    expect(formatMoney(1200, 'TWD')).toBe('NT$1,200');
    expect(formatMoney(1200, 'IDR')).toBe('IDR\u00a01,200');
    expect(formatMoney(1200, 'huf')).toBe('HUF\u00a01,200');
    expect(formatMoney(1200, 'ISK')).toBe('ISK\u00a01,200');
  });

  it('falls back to USD and to English for bad input', () => {
    expect(formatMoney(250, '')).toBe('$2.50');
    expect(formatMoney(250, null)).toBe('$2.50');
    expect(formatMoney(250, 'dollars')).toBe('$2.50');
    expect(formatMoney(250, 'USD', 'not a locale!')).toBe('$2.50');
    expect(formatMoney(1234.6, 'USD')).toBe('$12.35');
  });

  it('keeps every digit of large amounts and can trim whole zeros for tiles', () => {
    expect(formatMoney(999_999_999_999_99n, 'USD')).toBe('$999,999,999,999.99');
    expect(formatMoney(2500, 'USD', 'en-US', { trimWholeZeros: true })).toBe('$25');
    expect(formatMoney(2550, 'USD', 'en-US', { trimWholeZeros: true })).toBe('$25.50');
  });
});

describe('base-currency conversion', () => {
  it('converts between exponents at a decimal rate, rounding half to even', () => {
    expect(convertMinor(10000, 'GBP', 'USD', '1.27050000')).toBe(12705);
    expect(convertMinor(1000, 'JPY', 'USD', '0.0067')).toBe(670);
    expect(convertMinor(670, 'USD', 'JPY', '149.25')).toBe(1000);
    expect(convertMinor(1, 'USD', 'EUR', '0.5')).toBe(0);
    expect(convertMinor(3, 'USD', 'EUR', '0.5')).toBe(2);
    expect(convertMinor(1234, 'EUR', 'EUR', '1')).toBe(1234);
  });

  it('refuses a malformed or zero rate', () => {
    expect(() => convertMinor(100, 'USD', 'EUR', 'abc')).toThrow(RangeError);
    expect(() => convertMinor(100, 'USD', 'EUR', '0.000')).toThrow(RangeError);
    expect(() => convertMinor(100, 'USD', 'EUR', '-1.2')).toThrow(RangeError);
  });
});

describe('preset face value across the campaign currencies', () => {
  it('keeps the figure and changes only the decimals', () => {
    expect(faceValueIn(2500, 'USD', 'EUR')).toBe(2500);
    expect(faceValueIn(2500, 'USD', 'JPY')).toBe(25);
    expect(faceValueIn(2550, 'USD', 'JPY')).toBe(26);
    expect(faceValueIn(2549, 'USD', 'KRW')).toBe(25);
    expect(faceValueIn(25, 'JPY', 'GBP')).toBe(2500);
  });
});
