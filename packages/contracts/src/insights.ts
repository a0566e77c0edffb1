import { z } from 'zod';

// AI insights (docs/product/insights.md): the seven categories, the call's filters and the insight
// shape, with the constants and display defaults the page keeps.

export const INSIGHT_CATEGORIES = [
  'donor_insights',
  'campaign_insights',
  'churn_insights',
  'next_action_insights',
  'payment_insights',
  'fraud_insights',
  'geographical_insights',
] as const;
export type TInsightCategory = (typeof INSIGHT_CATEGORIES)[number];

export const INSIGHT_CATEGORY_LABELS: Record<TInsightCategory, string> = {
  donor_insights: 'Donors',
  campaign_insights: 'Campaigns',
  churn_insights: 'Churn',
  next_action_insights: 'Next actions',
  payment_insights: 'Payments',
  fraud_insights: 'Fraud',
  geographical_insights: 'Geography',
};

export const INSIGHT_TIME_RANGES = ['last_7_days', 'last_30_days', 'last_90_days'] as const;
export type TInsightTimeRange = (typeof INSIGHT_TIME_RANGES)[number];
export const DEFAULT_INSIGHT_TIME_RANGE: TInsightTimeRange = 'last_30_days';
export const INSIGHT_TIME_RANGE_DAYS: Record<TInsightTimeRange, number> = {
  last_7_days: 7,
  last_30_days: 30,
  last_90_days: 90,
};
export const DEFAULT_RISK_THRESHOLD = 70;
export const PRIORITY_WEIGHTS = { high: 3, medium: 2, low: 1 } as const;
export const INSIGHT_SORTS = ['priority', 'confidence'] as const;
export type TInsightSort = (typeof INSIGHT_SORTS)[number];

/** What a card shows when the insight leaves a field out (docs/product/insights.md#display). */
export const INSIGHT_DEFAULTS = {
  priority: 'medium',
  confidence: 75,
  aiConfidence: 80,
  trend: 'neutral',
  value: 'N/A',
} as const;

export const INSIGHT_MESSAGES = {
  emptyTitle: 'No insights available',
  emptyBody: 'No insights available for the selected filter. Try adjusting your filters or check back later.',
  refresh: 'Refresh Insights',
  noDataPoints: 'No data points available',
  unexpected: 'Received unexpected response format',
} as const;

const ZPriority = z.enum(['high', 'medium', 'low']);
const ZTrend = z.enum(['up', 'down', 'neutral']);

export const ZInsight = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.string(),
  priority: ZPriority,
  confidence: z.number(),
  entity: z.object({ name: z.string(), type: z.enum(['account', 'deal', 'other']), id: z.number().optional() }),
  suggested_actions: z.array(z.object({ text: z.string(), type: z.enum(['call', 'email', 'meeting', 'internal']) })),
  data_points: z.array(z.object({ label: z.string(), value: z.union([z.string(), z.number()]), trend: ZTrend })),
  /** The two-letter country the insight is about, where it is about one (the map colours it). */
  location: z.string().optional(),
});
export type TInsight = z.infer<typeof ZInsight>;

/** How the churn model did on held-out donors, or the rule it fell back to. */
export const ZChurnModelQuality = z.object({
  method: z.enum(['logistic_regression', 'rules']),
  auc: z.number().nullable(),
  recency_auc: z.number().nullable(),
  lift: z.number().nullable(),
  trained_on: z.number(),
  held_out: z.number(),
  note: z.string(),
});
export type TChurnModelQuality = z.infer<typeof ZChurnModelQuality>;

export const ZInsightsResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    insights: z.partialRecord(z.enum(INSIGHT_CATEGORIES), z.array(ZInsight)),
    time_range: z.enum(INSIGHT_TIME_RANGES),
    computed_at: z.string().nullable(),
    refreshing: z.boolean(),
    currency: z.string(),
    churn_model: ZChurnModelQuality.nullable(),
  }),
});
export type TInsightsResponse = z.infer<typeof ZInsightsResponse>;

const listOf = (value: unknown) =>
  value === undefined
    ? undefined
    : (Array.isArray(value) ? value : [value])
        .flatMap((v) => String(v).split(','))
        .map((v) => v.trim())
        .filter(Boolean);

const ZWholeNumber = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int({ error: `${label} must be a whole number.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(max, { error: `${label} can be at most ${max}.` });

export const ZInsightsQuery = z.object({
  insights: z
    .preprocess(
      listOf,
      z
        .array(
          z.enum(INSIGHT_CATEGORIES, {
            error: (issue) =>
              `${String(issue.input)} is not an insight category. Use one of: ${INSIGHT_CATEGORIES.join(', ')}.`,
          }),
        )
        .optional(),
    )
    .optional(),
  time_range: z
    .enum(INSIGHT_TIME_RANGES, { error: `The time range must be one of: ${INSIGHT_TIME_RANGES.join(', ')}.` })
    .default(DEFAULT_INSIGHT_TIME_RANGE),
  /** A minimum amount in whole units of the organisation's currency. */
  amount: ZWholeNumber('The amount', 100_000_000).optional(),
  payment_method: z
    .string()
    .trim()
    .max(40, { error: 'The payment method can be at most 40 characters.' })
    .regex(/^[a-z_]*$/, { error: 'The payment method is not one Kindling knows (for example card or paypal).' })
    .optional(),
  /** A two-letter country code. */
  location: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'The location must be a two-letter country code, such as US or GB.' })
    .transform((v) => v.toUpperCase())
    .optional(),
  risk_threshold: ZWholeNumber('The risk threshold', 100).default(DEFAULT_RISK_THRESHOLD),
});
export type TInsightsQuery = z.infer<typeof ZInsightsQuery>;

export const ZInsightsRefresh = z.object({ status: z.literal('success'), data: z.object({ queued: z.boolean() }) });

/** Spec number formatting: 0–100 integers as percent, 1000 and above as dollars, other non-integers with 2 decimals. */
export function formatInsightValue(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return INSIGHT_DEFAULTS.value;
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return INSIGHT_DEFAULTS.value;
  if (Number.isInteger(value) && value >= 0 && value <= 100) return `${value}%`;
  if (value >= 1000) return `$${Math.round(value).toLocaleString('en-US', { maximumFractionDigits: 0 })}`;
  if (!Number.isInteger(value)) return value.toFixed(2);
  return String(value);
}

/** Priority first (high 3, medium 2, low 1), confidence breaking ties; or confidence alone. */
export function sortInsights<T extends { priority?: string; confidence?: number }>(list: T[], by: TInsightSort): T[] {
  const weight = (i: T) => PRIORITY_WEIGHTS[(i.priority as keyof typeof PRIORITY_WEIGHTS) ?? 'medium'] ?? 2;
  const conf = (i: T) => i.confidence ?? INSIGHT_DEFAULTS.confidence;
  return [...list].sort((a, b) => (by === 'priority' ? weight(b) - weight(a) || conf(b) - conf(a) : conf(b) - conf(a)));
}
