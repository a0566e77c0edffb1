// Zod-free and Intl-free at use: the public donation page formats its first amounts with a pattern
// the server read from Intl, because a page's first Intl object is the longest task of its first
// load on a phone (docs/product/donation-form.md#performance).

/** How one locale writes one currency: read once from Intl on the server, applied without Intl. */
export type TMoneyPattern = {
  locale: string;
  currency: string;
  /** Everything before the digits ('$', '€ ', 'CHF '), and after them (' €', ' zł'). */
  prefix: string;
  suffix: string;
  group: string;
  decimal: string;
  /** Digits in the group next to the decimal point, and in every group left of it (3 and 2 in en-IN). */
  primary: number;
  secondary: number;
  /** The whole part is grouped only from primary + minGrouping digits (es-ES writes 1234 €, 12.345 €). */
  minGrouping: number;
};

const ASCII_DIGITS = /^[0-9]+$/;

function partsOf(locale: string, currency: string, value: number): Intl.NumberFormatPart[] {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).formatToParts(value);
}

const groupsOf = (parts: Intl.NumberFormatPart[]): string[] =>
  parts.filter((p) => p.type === 'integer').map((p) => p.value);

/**
 * The pattern of `currency` in `locale`, or null where a pattern cannot stand in for Intl (digits
 * other than 0-9, a layout with text between the digits): the page then formats through Intl.
 */
export function moneyPatternOf(locale: string, currency: string): TMoneyPattern | null {
  const key = `${locale}|${currency}`;
  if (!patterns.has(key)) patterns.set(key, readPattern(locale, currency));
  return patterns.get(key) ?? null;
}

// A handful of locale and currency pairs per installation: read each from Intl once.
const patterns = new Map<string, TMoneyPattern | null>();

function readPattern(locale: string, currency: string): TMoneyPattern | null {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = partsOf(locale, currency, 1234567890.12);
  } catch {
    return null;
  }
  const first = parts.findIndex((p) => p.type === 'integer');
  const last = parts.findLastIndex((p) => p.type === 'fraction');
  const middle = parts.slice(first, last + 1);
  if (first < 0 || last < first || middle.some((p) => !['integer', 'group', 'decimal', 'fraction'].includes(p.type)))
    return null;
  const groups = groupsOf(parts);
  if (!groups.every((g) => ASCII_DIGITS.test(g)) || groups.join('') !== '1234567890') return null;
  const text = (list: Intl.NumberFormatPart[]) => list.map((p) => p.value).join('');
  const primary = groups.length > 1 ? (groups.at(-1)?.length ?? 0) : 0;
  const secondary = groups.length > 2 ? (groups.at(-2)?.length ?? primary) : primary;
  // The smallest whole part Intl groups tells the minimum grouping digits (1 in most locales).
  let minGrouping = 1;
  while (
    primary > 0 &&
    minGrouping < 4 &&
    groupsOf(partsOf(locale, currency, 10 ** (primary + minGrouping - 1))).length < 2
  )
    minGrouping++;
  return {
    locale,
    currency,
    prefix: text(parts.slice(0, first)),
    suffix: text(parts.slice(last + 1)),
    group: parts.find((p) => p.type === 'group')?.value ?? '',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    primary,
    secondary,
    minGrouping,
  };
}

function groupDigits(whole: string, pattern: TMoneyPattern): string {
  const { primary, secondary, group } = pattern;
  if (primary === 0 || whole.length < primary + pattern.minGrouping) return whole;
  const out = [whole.slice(-primary)];
  let rest = whole.slice(0, -primary);
  while (rest.length > secondary) {
    out.unshift(rest.slice(-secondary));
    rest = rest.slice(0, -secondary);
  }
  if (rest) out.unshift(rest);
  return out.join(group);
}

/**
 * A non-negative decimal string ('1234.5', '25') written with `pattern`, with exactly `digits`
 * decimals (the value already has at most that many); null for a negative amount, which the page
 * never shows on first load and leaves to Intl.
 */
export function formatWithPattern(pattern: TMoneyPattern, major: string, digits: number): string | null {
  if (!/^\d+(\.\d+)?$/.test(major)) return null;
  const [whole = '0', fraction = ''] = major.split('.');
  const decimals = fraction.padEnd(digits, '0').slice(0, digits);
  const number = groupDigits(whole.replace(/^0+(?=\d)/, ''), pattern) + (digits > 0 ? pattern.decimal + decimals : '');
  return pattern.prefix + number + pattern.suffix;
}

/** The patterns of `currencies` in `locale`, once each, leaving out those Intl must write. */
export function moneyPatternsFor(locale: string, currencies: readonly string[]): TMoneyPattern[] {
  return [...new Set(currencies)].flatMap((currency) => moneyPatternOf(locale, currency) ?? []);
}
