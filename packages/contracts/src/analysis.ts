import { z } from 'zod';

// Home charts and the analysis page (docs/product/analysis.md). Money figures are integer minor units of the
// organisation's base currency (`currency`). A gift counts when its status is 'succeeded'; its
// amount is its base-currency amount plus its refund and dispute ledger rows (negative), so a
// partial refund lowers it and the figures reconcile with the donations list.

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_PERIOD_DAYS = 3660;

const isRealDay = (value: string) => {
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(value);
};

const ZDay = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .regex(ISO_DAY, { error: `${label} must be a date written YYYY-MM-DD.` })
    .refine(isRealDay, { error: `${label} is not a real date.` });

/** A period of whole UTC days, both ends included: `from=2026-01-01&to=2026-01-31` is January. */
export const ZAnalysisPeriodQuery = z
  .object({ from: ZDay('Start date'), to: ZDay('End date') })
  .refine((p) => p.from <= p.to, { error: 'The end date must not be before the start date.', path: ['to'] })
  .refine((p) => (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000 < MAX_PERIOD_DAYS, {
    error: 'A period can cover at most ten years.',
    path: ['to'],
  });
export type TAnalysisPeriodQuery = z.infer<typeof ZAnalysisPeriodQuery>;

const ZPeriod = z.object({ from: z.string(), to: z.string() });

/** One point of a time series: `bucket` is the first day of the day or month it stands for. */
const ZMoneyPoint = z.object({ bucket: z.string(), amount: z.number(), count: z.number() });
export type TMoneyPoint = z.infer<typeof ZMoneyPoint>;

export const ZHomeAnalysis = z.object({
  currency: z.string(),
  /** The last ?months= calendar months (twelve by default), oldest first, months without gifts included as 0. */
  raised_by_month: z.array(ZMoneyPoint),
  by_campaign: z.array(
    z.object({ campaign_id: z.number().nullable(), name: z.string(), amount: z.number(), count: z.number() }),
  ),
  by_method: z.array(z.object({ method: z.string(), amount: z.number(), count: z.number() })),
  recent_donations: z.array(
    z.object({
      id: z.number(),
      donor_name: z.string(),
      campaign_name: z.string().nullable(),
      amount_minor: z.number(),
      currency: z.string(),
      base_amount_minor: z.number(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type THomeAnalysis = z.infer<typeof ZHomeAnalysis>;

export const ZGiftAnalysis = z.object({
  currency: z.string(),
  period: ZPeriod,
  /**
   * The base amounts of the period's succeeded and refunded donations as charged: the donations
   * list's `totals.base_amount_minor` for the same days with status succeeded and refunded.
   */
  gross: z.number(),
  /** What was refunded (or lost in disputes) of those donations, whenever it happened. */
  refunded: z.number(),
  /** gross − refunded. */
  total: z.number(),
  /** Succeeded donations: the list's `totals.count` for the same days with status succeeded. */
  count: z.number(),
  average: z.number(),
  median: z.number(),
  /** 'day' for periods up to 62 days, 'month' beyond. */
  granularity: z.enum(['day', 'month']),
  series: z.array(ZMoneyPoint),
  /** How many gifts fall in each amount band: [min, max) in minor units, max null for the last band. */
  distribution: z.array(z.object({ min: z.number(), max: z.number().nullable(), count: z.number() })),
});
export type TGiftAnalysis = z.infer<typeof ZGiftAnalysis>;

const ZRate = z.object({
  /** Donors of the previous period in this group. */
  base: z.number(),
  /** Of those, donors who gave again in the period. */
  retained: z.number(),
  /** retained / base in percent with one decimal, null when base is 0. */
  rate: z.number().nullable(),
});

export const ZRetentionAnalysis = z.object({
  period: ZPeriod,
  /** The period of the same length just before, whose donors are measured. */
  previous_period: ZPeriod,
  overall: ZRate,
  /** Donors whose first gift ever was in the previous period. */
  new: ZRate,
  /** Donors of the previous period who had also given before it. */
  repeat: ZRate,
});
export type TRetentionAnalysis = z.infer<typeof ZRetentionAnalysis>;

const ZLapsedDonor = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  last_gift_at: z.string(),
  /** What they gave in the previous giving year (0 for SYBUNT donors), base currency. */
  last_year_amount: z.number(),
  lifetime_amount: z.number(),
});

export const ZLapsedAnalysis = z.object({
  currency: z.string(),
  /** The current giving year's label (the calendar year it ends in) and start month. */
  giving_year: z.number(),
  fiscal_year_start_month: z.number(),
  lybunt: z.object({ count: z.number(), amount: z.number(), donors: z.array(ZLapsedDonor) }),
  sybunt: z.object({ count: z.number(), amount: z.number(), donors: z.array(ZLapsedDonor) }),
});
export type TLapsedAnalysis = z.infer<typeof ZLapsedAnalysis>;

export const ZRecurringAnalysis = z.object({
  currency: z.string(),
  period: ZPeriod,
  /** Monthly recurring revenue of active and past-due plans now, each interval normalised to a month. */
  mrr: z.number(),
  /** The same for the plans that were running when the period began. */
  mrr_at_start: z.number(),
  plans_at_start: z.number(),
  new_plans: z.number(),
  churn: z.object({
    /** Cancelled by the donor or staff in the period. */
    voluntary: z.number(),
    /** Cancelled by the scheduler after the last retry (failure_reason 'retries_exhausted'). */
    failed: z.number(),
    /** (voluntary + failed) / plans_at_start in percent, null without plans at start. */
    rate: z.number().nullable(),
  }),
  recovery: z.object({
    /** Plans with a failed charge in the period. */
    past_due: z.number(),
    /** Of those, plans charged successfully after their first failure in the period. */
    recovered: z.number(),
    rate: z.number().nullable(),
  }),
  /** Per month of the period: new plans and plans lost each way. */
  series: z.array(z.object({ bucket: z.string(), new_plans: z.number(), voluntary: z.number(), failed: z.number() })),
});
export type TRecurringAnalysis = z.infer<typeof ZRecurringAnalysis>;
