// The built-in analyst's reading of a question (docs/product/insights.md#assistant): which of the
// fixed queries it asks for, and the period, campaign, amounts and count it names. Pure: the
// campaigns to look for are passed in, so a question can only name the organisation's own.
import { INSIGHT_TIME_RANGE_DAYS, type TInsightTimeRange } from '@kindling/contracts';
import { addDays, addMonthsToFirst, dayIn, midnightIn } from '../../platform/format/calendar.ts';

export const INTENTS = [
  'top_donors',
  'lapsed_donors',
  'donation_frequency',
  'campaign_comparison',
  'underperforming_campaigns',
  'campaign_optimization',
  'forecast',
  'churn_risk',
  'growth',
  'payment_methods',
  'failed_payments',
  'fraud',
] as const;
export type Intent = (typeof INTENTS)[number];

export type Period = { start: Date; end: Date; label: string };
export type Question = {
  intent: Intent | null;
  period: Period;
  /** True when the question named its period (otherwise the call's time range, or the query's own default). */
  periodNamed: boolean;
  campaign: { id: number; name: string } | null;
  /** Gift amount bounds in minor units of the organisation's currency. */
  minAmount: number | null;
  maxAmount: number | null;
  limit: number;
  horizon: 'month' | 'quarter';
};

/** Keyword rules in order: the first that matches decides (more specific questions first). */
const RULES: [Intent, RegExp][] = [
  ['forecast', /\b(forecast|predict|projection|project(ed)?|expect(ed)?|next (month|quarter))\b/],
  ['churn_risk', /\b(churn|at risk|likely to (stop|lapse|leave|cancel)|retention risk)\b/],
  ['fraud', /\b(fraud|card[- ]testing|suspicious|dispute|chargeback)/],
  ['failed_payments', /\b(fail(ed|ing|ures?)?|declin(ed|es?)|past[- ]due)\b/],
  [
    'payment_methods',
    /\b(payment methods?|by method|paypal|card vs|how (do|did) (people|donors) pay|payment types?)\b/,
  ],
  ['underperforming_campaigns', /\b(underperform\w*|behind|lagging|off (pace|track)|struggling|not on track)\b/],
  [
    'campaign_optimization',
    /\b(optimi[sz]\w*|improve|better|boost)\b.*\bcampaign|\bcampaign.*\b(optimi[sz]\w*|improve)/,
  ],
  [
    'campaign_comparison',
    /\b(compar\w*|vs|versus|best|worst|rank)\b.*\bcampaigns?\b|\bcampaigns?\b.*\b(compar\w*|perform\w*|raised)\b|^campaigns?\b/,
  ],
  ['lapsed_donors', /\b(lapsed|lapsing|stopped giving|no longer giv|inactive|lost donors?|haven'?t given)\b/],
  ['donation_frequency', /\b(frequency|how often|how many times|repeat donors?|gifts per donor)\b/],
  ['growth', /\b(grow(th|ing|n)?|trend|month (by|over) month|year over year|yoy|mom)\b/],
  [
    'top_donors',
    /\b(top|biggest|largest|best|major|leading|most generous)\b.*\b(donors?|givers?|supporters?)\b|\bwho gave (the )?most\b/,
  ],
];

export function intentOf(text: string): Intent | null {
  for (const [intent, re] of RULES) if (re.test(text)) return intent;
  return null;
}

const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };

/**
 * The last `days` days in `zone`: the whole days before today there and today so far (decision 094),
 * so a gift counts on the day and in the month the organisation saw it.
 */
export function lastDays(days: number, now: Date, zone: string, label = `the last ${days} days`): Period {
  return { start: midnightIn(addDays(dayIn(now, zone), -days), zone), end: now, label };
}

/** The period a question names, in the organisation's time zone, or null when it names none. */
export function periodOf(text: string, now: Date, zone = 'UTC'): Period | null {
  const today = dayIn(now, zone);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const at = (day: string) => midnightIn(day, zone);
  const month = addMonthsToFirst(today, 0);
  const quarter = addMonthsToFirst(today, -((m - 1) % 3));
  const year = `${y}-01-01`;
  if (/\bthis quarter\b|\bquarter to date\b|\bqtd\b/.test(text))
    return { start: at(quarter), end: now, label: 'this quarter' };
  if (/\blast quarter\b|\bprevious quarter\b/.test(text))
    return { start: at(addMonthsToFirst(quarter, -3)), end: at(quarter), label: 'last quarter' };
  if (/\bthis month\b|\bmonth to date\b/.test(text)) return { start: at(month), end: now, label: 'this month' };
  if (/\blast month\b|\bprevious month\b/.test(text))
    return { start: at(addMonthsToFirst(month, -1)), end: at(month), label: 'last month' };
  if (/\bthis year\b|\byear to date\b|\bytd\b/.test(text)) return { start: at(year), end: now, label: 'this year' };
  if (/\blast year\b|\bprevious year\b/.test(text))
    return { start: at(`${y - 1}-01-01`), end: at(year), label: 'last year' };
  if (/\bthis week\b/.test(text)) return lastDays(7, now, zone);
  if (/\btoday\b/.test(text)) return { start: at(today), end: now, label: 'today' };
  const last = text.match(/\b(?:last|past|previous)\s+(\d{1,3})\s+(day|week|month|year)s?\b/);
  if (last) {
    const n = Number(last[1]);
    const unit = last[2] ?? 'day';
    const days = Math.min(n * (UNIT_DAYS[unit] ?? 1), 3650);
    return lastDays(days, now, zone, `the last ${n} ${unit}${n === 1 ? '' : 's'}`);
  }
  const single = text.match(/\b(?:last|past)\s+(day|week|month|year)\b/);
  if (single) return lastDays(UNIT_DAYS[single[1] ?? 'day'] ?? 1, now, zone);
  const inYear = text.match(/\b(?:in|during|for)\s+(20\d\d)\b/);
  if (inYear) {
    const n = Number(inYear[1]);
    return { start: at(`${n}-01-01`), end: at(`${n + 1}-01-01`), label: String(n) };
  }
  return null;
}

const AMOUNT = String.raw`[$£€]?\s?(\d[\d,]*(?:\.\d{1,2})?)\s?(k)?`;
const toMinor = (digits: string, k: string | undefined) =>
  Math.round(Number(digits.replaceAll(',', '')) * (k ? 1000 : 1) * 100);

/** Gift amount bounds a question names ("over $100", "under 50", "between 100 and 500"). */
export function amountsOf(text: string): { min: number | null; max: number | null } {
  const between = text.match(new RegExp(String.raw`\bbetween\s+${AMOUNT}\s+and\s+${AMOUNT}`));
  if (between?.[1] && between[3]) return { min: toMinor(between[1], between[2]), max: toMinor(between[3], between[4]) };
  const min = text.match(new RegExp(String.raw`\b(?:over|above|more than|at least|greater than|>=?)\s*${AMOUNT}`));
  const max = text.match(new RegExp(String.raw`\b(?:under|below|less than|at most|<=?)\s*${AMOUNT}`));
  return {
    min: min?.[1] ? toMinor(min[1], min[2]) : null,
    max: max?.[1] ? toMinor(max[1], max[2]) : null,
  };
}

/** The campaign a question names: the longest of the organisation's campaign names found in it. */
export function campaignOf(text: string, campaigns: { id: number; name: string }[]) {
  const found = campaigns
    .filter((c) => c.name.trim().length >= 3 && text.includes(c.name.trim().toLowerCase()))
    .sort((a, b) => b.name.length - a.name.length);
  return found[0] ?? null;
}

export function parseQuestion(
  prompt: string,
  options: { now: Date; timeRange: TInsightTimeRange; campaigns: { id: number; name: string }[]; zone?: string },
): Question {
  const text = prompt.toLowerCase().replace(/\s+/g, ' ').trim();
  const zone = options.zone ?? 'UTC';
  const named = periodOf(text, options.now, zone);
  const period = named ?? lastDays(INSIGHT_TIME_RANGE_DAYS[options.timeRange], options.now, zone);
  const top = text.match(/\btop\s+(\d{1,3})\b/);
  const amounts = amountsOf(text.replace(/\btop\s+\d{1,3}\b/, ''));
  return {
    intent: intentOf(text),
    period,
    periodNamed: named !== null,
    campaign: campaignOf(text, options.campaigns),
    minAmount: amounts.min,
    maxAmount: amounts.max,
    limit: Math.min(Math.max(Number(top?.[1] ?? 10), 1), 50),
    horizon: /\bquarter\b/.test(text) && /\b(next|coming|forecast|predict)/.test(text) ? 'quarter' : 'month',
  };
}
