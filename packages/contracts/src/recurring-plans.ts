import { z } from 'zod';
import { CARD_EXPIRY_STATES } from './card-expiry-rules.ts';
import { ZGivingIntervalValue } from './intervals.ts';
import { MAX_AMOUNT_MINOR } from './money-rules.ts';

/**
 * Recurring plans as staff see them (/dashboard/recurring, /dashboard/recurring-plan/{id}), under
 * /api/v1/npo_admin/recurring_plans. Money is integer minor units in our exponent; the monthly
 * recurring revenue is in the organisation's base currency.
 */

export const RECURRING_PLAN_STATUSES = ['active', 'paused', 'past_due', 'cancelled', 'failed'] as const;
export const ZRecurringPlanStatus = z.enum(RECURRING_PLAN_STATUSES);
export type TRecurringPlanStatus = z.infer<typeof ZRecurringPlanStatus>;

/** The list's status filter: the four tabs of the page (failed plans show under "all"). */
export const RECURRING_PLAN_FILTERS = ['all', 'active', 'paused', 'past_due', 'cancelled'] as const;

export const ZRecurringPlanListQuery = z.object({
  status: z.enum(RECURRING_PLAN_FILTERS, { error: 'Choose all, active, paused, past due or cancelled' }).default('all'),
  /** Donor name or e-mail, any part. */
  q: z.string().trim().max(200, 'Search for at most 200 characters').default(''),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type TRecurringPlanListQuery = z.input<typeof ZRecurringPlanListQuery>;

export const ZRecurringPlanDonor = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});

export const ZRecurringPlanSummary = z.object({
  id: z.number().int(),
  donor: ZRecurringPlanDonor,
  amount_minor: z.number().int(),
  currency: z.string(),
  interval: ZGivingIntervalValue,
  status: ZRecurringPlanStatus,
  /** no_saved_payment_method, retries_exhausted, or null. */
  failure_reason: z.string().nullable(),
  provider: z.string(),
  campaign_id: z.number().int().nullable(),
  campaign_name: z.string().nullable(),
  next_charge_at: z.string().nullable(),
  last_charged_at: z.string().nullable(),
  failed_attempts: z.number().int(),
  started_at: z.string(),
});
export type TRecurringPlanSummary = z.infer<typeof ZRecurringPlanSummary>;

/** Monthly recurring revenue: what active and past-due plans bring in a month, in base currency. */
export const ZMonthlyRecurringRevenue = z.object({
  amount_minor: z.number().int(),
  currency: z.string(),
  /** The part from past-due plans (revenue at risk). */
  past_due_minor: z.number().int(),
  plans: z.number().int(),
});
export type TMonthlyRecurringRevenue = z.infer<typeof ZMonthlyRecurringRevenue>;

export const ZRecurringPlanListResponse = z.object({
  plans: z.array(ZRecurringPlanSummary),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  counts: z.object({
    active: z.number().int(),
    paused: z.number().int(),
    past_due: z.number().int(),
    cancelled: z.number().int(),
  }),
  mrr: ZMonthlyRecurringRevenue,
});
export type TRecurringPlanListResponse = z.infer<typeof ZRecurringPlanListResponse>;

/** One line of a plan's charge history: a recorded gift or an attempt that did not succeed. */
export const ZPlanCharge = z.object({
  kind: z.enum(['donation', 'attempt']),
  id: z.number().int(),
  amount_minor: z.number().int(),
  currency: z.string(),
  /** succeeded / refunded… for gifts, failed / requires_action / canceled for attempts. */
  status: z.string(),
  failure_message: z.string().nullable(),
  receipt_number: z.string().nullable(),
  provider_reference: z.string().nullable(),
  created_at: z.string(),
});
export type TPlanCharge = z.infer<typeof ZPlanCharge>;

/**
 * The saved card a plan is charged to, as its provider described it (brand such as visa, the last
 * four digits, the expiry month and year); `expiry` is read in the months of the card-expiring
 * e-mail. Null when the plan has no saved card (PayPal, no method) or nothing is known of it yet.
 */
export const ZPlanCard = z.object({
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  expiry: z.enum(CARD_EXPIRY_STATES),
});
export type TPlanCard = z.infer<typeof ZPlanCard>;

export const ZRecurringPlanDetail = ZRecurringPlanSummary.extend({
  fee_covered_minor: z.number().int(),
  payment_method_id: z.string().nullable(),
  card: ZPlanCard.nullable(),
  paused_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  past_due_since: z.string().nullable(),
  /** Retries still to come in the current period when past due. */
  retries_left: z.number().int(),
  /** Null for a plan imported from another platform (no first gift here). */
  first_donation_id: z.number().int().nullable(),
  charges: z.array(ZPlanCharge),
});
export type TRecurringPlanDetail = z.infer<typeof ZRecurringPlanDetail>;

export const ZRecurringPlanResponse = z.object({ plan: ZRecurringPlanDetail });
export type TRecurringPlanResponse = z.infer<typeof ZRecurringPlanResponse>;

/** Staff change what each charge takes and/or the next date (a calendar date, YYYY-MM-DD, UTC). */
export const ZRecurringPlanUpdate = z
  .object({
    amount_minor: z
      .number({ error: 'Enter the amount in minor units' })
      .int('Enter a whole number of minor units')
      .min(1, 'Enter an amount greater than zero')
      .max(MAX_AMOUNT_MINOR, 'That amount is too large')
      .optional(),
    next_charge_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the next date as YYYY-MM-DD')
      .optional(),
  })
  .refine((v) => v.amount_minor !== undefined || v.next_charge_date !== undefined, {
    error: 'Change the amount or the next date',
  });
export type TRecurringPlanUpdate = z.infer<typeof ZRecurringPlanUpdate>;

/** POST …/recurring_plans/{id}/retry answers what the charge came to. */
export const ZRecurringPlanRetryResponse = z.object({
  outcome: z.enum(['charged', 'failed', 'cancelled', 'deferred', 'error']),
  message: z.string(),
  plan: ZRecurringPlanDetail,
});
export type TRecurringPlanRetryResponse = z.infer<typeof ZRecurringPlanRetryResponse>;
