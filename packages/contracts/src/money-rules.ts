// Zod-free: the public donation form's bundle imports this module directly (decision 006).
import { currencyExponent, normaliseCurrency } from './currency-rules.ts';
import { formatWithPattern, type TMoneyPattern } from './money-pattern.ts';

/**
 * Money is an integer count of minor units plus an ISO 4217 code (docs/product/payments.md#money), with our
 * exponent per currency (currencyExponent). No floating point touches a stored or compared amount:
 * parsing and conversion work on digit strings and BigInt; only formatMoney produces a display.
 */

/** Largest amount we accept anywhere: 999,999,999,999 minor units (well inside 2^53). */
export const MAX_AMOUNT_MINOR = 999_999_999_999;

export type TRoundingMode = 'half-even' | 'half-up';

/**
 * n / d rounded to an integer. 'half-up' rounds halves away from zero (what people expect of a fee:
 * 0.5 → 1); 'half-even' rounds halves to the even neighbour (banker's rounding, no drift when many
 * converted amounts are added up). d must be positive.
 */
export function divideRounded(n: bigint, d: bigint, mode: TRoundingMode): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  const negative = n < 0n;
  const abs = negative ? -n : n;
  let q = abs / d;
  const twiceRest = (abs % d) * 2n;
  if (twiceRest > d || (twiceRest === d && (mode === 'half-up' || q % 2n === 1n))) q += 1n;
  return negative ? -q : q;
}

export type TParsedAmount = { ok: true; minor: number } | { ok: false; error: string };

// Digits with optional comma grouping in threes ('1,234,567'), then an optional fraction.
const AMOUNT_PATTERN = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;

/** A JS number as plain decimal digits, never in exponent form (1e-7 → '0.0000001'). */
function numberToDecimal(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

const fail = (error: string): TParsedAmount => ({ ok: false, error });

/**
 * Reads an amount a person typed ('12.34', '1,234', '.50', '1200') in major units into minor
 * units of `currency`, exactly. Refuses what cannot be represented instead of rounding it away:
 * '12.345' USD and '1200.5' JPY are errors; trailing zeros ('12.340', '1200.00') are fine.
 */
export function toMinorUnits(input: string | number, currency: string | null | undefined): TParsedAmount {
  const code = normaliseCurrency(currency);
  const exponent = currencyExponent(code);
  if (typeof input === 'number' && !Number.isFinite(input)) return fail('Enter an amount using digits');
  const text = typeof input === 'number' ? numberToDecimal(input) : input.trim();
  if (text === '') return fail('Enter an amount');
  if (text.startsWith('-')) return fail('The amount cannot be negative');
  const match = AMOUNT_PATTERN.exec(text);
  const whole = (match?.[1] ?? '').replaceAll(',', '');
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) {
    return fail(`Enter an amount using digits, like ${exponent === 0 ? '1200' : '12.34'}`);
  }
  if (/[1-9]/.test(fraction.slice(exponent))) {
    return fail(exponent === 0 ? `${code} amounts are whole numbers` : `${code} amounts have at most 2 decimals`);
  }
  const minor =
    BigInt(whole || '0') * 10n ** BigInt(exponent) + BigInt(fraction.slice(0, exponent).padEnd(exponent, '0') || '0');
  if (minor > BigInt(MAX_AMOUNT_MINOR)) return fail('The amount is too large');
  return { ok: true, minor: Number(minor) };
}

/** Integer minor units as a safe BigInt; anything else is a programming error. */
export function toBigIntMinor(value: number | bigint | string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number of minor units: ${value}`);
    return BigInt(value);
  }
  if (!/^-?\d+$/.test(value.trim())) throw new RangeError(`not a whole number of minor units: ${value}`);
  return BigInt(value.trim());
}

/**
 * Minor units as an exact major-unit decimal string: 1234 USD → '12.34', -5 EUR → '-0.05',
 * 1200 JPY → '1200'. Accepts strings because bigint columns can arrive as text.
 */
export function fromMinorUnits(minor: number | bigint | string, currency: string | null | undefined): string {
  const exponent = currencyExponent(currency);
  const value = toBigIntMinor(minor);
  const sign = value < 0n ? '-' : '';
  const digits = (value < 0n ? -value : value).toString();
  if (exponent === 0) return `${sign}${digits}`;
  const padded = digits.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

export type TFormatMoneyOptions = {
  /** Show a whole amount without decimals ('$25' rather than '$25.00'), e.g. on preset tiles. */
  trimWholeZeros?: boolean;
};

type TFormatter = { format(value: `${number}`): string };

const formatters = new Map<string, TFormatter>();

function intlFormatter(locale: string, code: string, digits: number): TFormatter {
  const key = `${locale}|${code}|${digits}|intl`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options = { style: 'currency', currency: code, minimumFractionDigits: digits, maximumFractionDigits: digits };
    try {
      formatter = new Intl.NumberFormat(locale, options as Intl.NumberFormatOptions);
    } catch {
      // A malformed locale tag must not break a page; the amount still shows in English.
      formatter = new Intl.NumberFormat('en-US', options as Intl.NumberFormatOptions);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

function currencyFormatter(locale: string, code: string, digits: number): TFormatter {
  return formatters.get(`${locale}|${code}|${digits}`) ?? intlFormatter(locale, code, digits);
}

/**
 * Formats `pattern`'s currency in its locale from now on without creating an Intl object (the
 * donation page's first load, docs/product/donation-form.md#performance); a value the pattern
 * cannot write (a negative one) still goes through Intl.
 */
export function adoptMoneyPattern(pattern: TMoneyPattern): void {
  const code = normaliseCurrency(pattern.currency);
  for (const digits of new Set([0, currencyExponent(code)])) {
    formatters.set(`${pattern.locale}|${code}|${digits}`, {
      format: (value) =>
        formatWithPattern(pattern, value, digits) ?? intlFormatter(pattern.locale, code, digits).format(value),
    });
  }
}

/**
 * Minor units for display, with OUR number of decimals (not Intl's: Intl gives TWD two decimals,
 * our rule gives it none). The value is passed to Intl as an exact decimal string, so large
 * amounts keep every digit. A fractional number (an average) is rounded to whole minor units.
 */
export function formatMoney(
  minor: number | bigint | string,
  currency: string | null | undefined,
  locale = 'en-US',
  options: TFormatMoneyOptions = {},
): string {
  const code = normaliseCurrency(currency);
  // A display must not break a page over an average that arrived with a fraction of a cent.
  const whole = typeof minor === 'number' && Number.isFinite(minor) ? Math.round(minor) : minor;
  const major = fromMinorUnits(whole, code);
  const isWhole = !major.includes('.') || /\.0+$/.test(major);
  const digits = options.trimWholeZeros && isWhole ? 0 : currencyExponent(code);
  return currencyFormatter(locale, code, digits).format(major as `${number}`);
}

/**
 * A preset amount in another currency the campaign offers, at the same face value: 25.00 stays 25
 * when the donor switches from USD to EUR or JPY, as the form keeps the typed figure. Presets
 * are suggestions, not exchange-rate conversions (that is convertMinor). Losing decimals rounds
 * half-up (25.50 USD → 26 JPY).
 */
export function faceValueIn(
  amountMinor: number,
  from: string | null | undefined,
  to: string | null | undefined,
): number {
  const shift = currencyExponent(to) - currencyExponent(from);
  const amount = toBigIntMinor(amountMinor);
  if (shift >= 0) return Number(amount * 10n ** BigInt(shift));
  return Number(divideRounded(amount, 10n ** BigInt(-shift), 'half-up'));
}
