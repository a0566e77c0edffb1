// Zod-free: the public donation form's bundle imports this module directly (decision 006).
/**
 * Giving intervals (docs/product/donation-form.md#step-1-amount). We store one canonical value per interval; 'once' is
 * the form's 'Once-off' tab and its 'one_time' default label. Older spellings are accepted on input
 * ('one_time', 'once-off', 'Monthly') so return-path URLs and imported data still parse.
 */
export const GIVING_INTERVALS = ['once', 'daily', 'weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type TGivingInterval = (typeof GIVING_INTERVALS)[number];

/** Tab labels of the donation form, in tab order. */
export const INTERVAL_LABELS = {
  once: 'Once-off',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
} as const satisfies Record<TGivingInterval, string>;

/**
 * The interval as a word inside a sentence: 'Thank you for your monthly $25.00 donation'. The form
 * lower-cases the stored value and turns underscores into spaces, which makes 'one_time' 'one time'.
 */
export const INTERVAL_PHRASES = {
  once: 'one time',
  daily: 'daily',
  weekly: 'weekly',
  monthly: 'monthly',
  quarterly: 'quarterly',
  yearly: 'yearly',
} as const satisfies Record<TGivingInterval, string>;

const ALIASES: Readonly<Record<string, TGivingInterval>> = {
  one_time: 'once',
  onetime: 'once',
  once_off: 'once',
  one_off: 'once',
  single: 'once',
  annually: 'yearly',
  annual: 'yearly',
  year: 'yearly',
  month: 'monthly',
  week: 'weekly',
  day: 'daily',
  quarter: 'quarterly',
};

/** Canonical interval for any accepted spelling, or null when it is not an interval at all. */
export function parseInterval(value: unknown): TGivingInterval | null {
  if (typeof value !== 'string') return null;
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if ((GIVING_INTERVALS as readonly string[]).includes(key)) return key as TGivingInterval;
  return ALIASES[key] ?? null;
}

/** The intervals that have at least one preset, in tab order (docs/product/donation-form.md#step-1-amount). */
export function configuredIntervals(amounts: readonly { interval: TGivingInterval }[]): TGivingInterval[] {
  return GIVING_INTERVALS.filter((interval) => amounts.some((a) => a.interval === interval));
}

/** Presets grouped by interval, each group in the order given. */
export function amountsByInterval<T extends { interval: TGivingInterval }>(
  amounts: readonly T[],
): Partial<Record<TGivingInterval, T[]>> {
  const groups: Partial<Record<TGivingInterval, T[]>> = {};
  for (const amount of amounts) {
    const group = groups[amount.interval] ?? [];
    group.push(amount);
    groups[amount.interval] = group;
  }
  return groups;
}

/** True for every interval that makes a recurring plan (all but once-off). */
export const isRecurringInterval = (interval: TGivingInterval): boolean => interval !== 'once';
