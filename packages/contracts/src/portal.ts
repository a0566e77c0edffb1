import { z } from 'zod';
import { ZGivingIntervalValue } from './intervals.ts';
import { MAX_AMOUNT_MINOR } from './money-rules.ts';
import { ZPlanCard, ZRecurringPlanStatus } from './recurring-plans.ts';

/**
 * The donor portal (docs/product/portal.md, decision 012): a donor's own gifts, receipts, statement and plans,
 * reached by a signed e-mail link (/portal/<token>, API under /api/v1/portal) or, signed in with
 * role 1123, from /my-donations and friends (API under /api/v1/portal/account). Money is integer
 * minor units in the gift's currency.
 */

export const PORTAL_PLAN_INTERVALS = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;

export const ZPortalSessionRequest = z.object({
  token: z.string({ error: 'The link is incomplete.' }).min(1, 'The link is incomplete.').max(400),
});

export const ZPortalDonor = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});
export type TPortalDonor = z.infer<typeof ZPortalDonor>;

/** How a new card is entered here: the sandbox card form, Stripe Elements, or not at all. */
export const ZPortalCardForm = z.object({
  provider: z.enum(['sandbox', 'stripe']).nullable(),
  stripe_publishable_key: z.string().nullable(),
  stripe_account: z.string().nullable(),
});
export type TPortalCardForm = z.infer<typeof ZPortalCardForm>;

export const ZPortalOverview = z.object({
  /** Its locale and time zone write the portal's amounts and dates (decision 027). */
  organisation: z.object({ name: z.string(), locale: z.string(), time_zone: z.string() }),
  /** Null for a signed-in user with no donor record in the organisation. */
  donor: ZPortalDonor.nullable(),
  /** link: opened from an e-mail; account: the signed-in donor. */
  source: z.enum(['link', 'account']),
  /** When the portal session from a link ends (null for the signed-in donor). */
  expires_at: z.string().nullable(),
  card_form: ZPortalCardForm,
  /** Giving years with gifts, newest first (the annual statement's choices). */
  statement_years: z.array(z.number().int()),
  statement_available: z.boolean(),
});
export type TPortalOverview = z.infer<typeof ZPortalOverview>;

export const ZPortalGift = z.object({
  id: z.number().int(),
  amount_minor: z.number().int(),
  currency: z.string(),
  status: z.string(),
  interval: ZGivingIntervalValue,
  campaign_name: z.string().nullable(),
  designation: z.string().nullable(),
  payment_method: z.string().nullable(),
  receipt_number: z.string().nullable(),
  /** A succeeded gift has a receipt PDF at …/donations/{id}/receipt. */
  has_receipt: z.boolean(),
  recurring_plan_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type TPortalGift = z.infer<typeof ZPortalGift>;

export const ZPortalGiftsResponse = z.object({ gifts: z.array(ZPortalGift) });
export type TPortalGiftsResponse = z.infer<typeof ZPortalGiftsResponse>;
export const ZPortalGiftResponse = z.object({ gift: ZPortalGift });
export type TPortalGiftResponse = z.infer<typeof ZPortalGiftResponse>;

export const ZPortalPlan = z.object({
  id: z.number().int(),
  amount_minor: z.number().int(),
  currency: z.string(),
  interval: ZGivingIntervalValue,
  status: ZRecurringPlanStatus,
  failure_reason: z.string().nullable(),
  campaign_name: z.string().nullable(),
  provider: z.string(),
  /** e.g. "Card ending 4242", "PayPal"; null when nothing is saved. */
  payment_method_label: z.string().nullable(),
  /** The saved card (brand, last four, expiry and whether it expires soon); null when not a card. */
  card: ZPlanCard.nullable(),
  next_charge_at: z.string().nullable(),
  last_charged_at: z.string().nullable(),
  started_at: z.string(),
});
export type TPortalPlan = z.infer<typeof ZPortalPlan>;

export const ZPortalPlansResponse = z.object({ plans: z.array(ZPortalPlan) });
export type TPortalPlansResponse = z.infer<typeof ZPortalPlansResponse>;
export const ZPortalPlanResponse = z.object({ plan: ZPortalPlan });
export type TPortalPlanResponse = z.infer<typeof ZPortalPlanResponse>;

/** The donor changes what each charge takes, how often, and/or the next date (YYYY-MM-DD, UTC). */
export const ZPortalPlanUpdate = z
  .object({
    amount_minor: z
      .number({ error: 'Enter the amount' })
      .int('Enter a whole number of minor units')
      .min(1, 'Enter an amount greater than zero')
      .max(MAX_AMOUNT_MINOR, 'That amount is too large')
      .optional(),
    interval: z.enum(PORTAL_PLAN_INTERVALS, { error: 'Choose weekly, monthly, quarterly or yearly' }).optional(),
    next_charge_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the next date as YYYY-MM-DD')
      .optional(),
  })
  .refine((v) => v.amount_minor !== undefined || v.interval !== undefined || v.next_charge_date !== undefined, {
    error: 'Change the amount, how often, or the next date',
  });
export type TPortalPlanUpdate = z.infer<typeof ZPortalPlanUpdate>;

/** A card setup the browser confirms (sandbox card form or Stripe's confirmSetup). */
export const ZPortalCardSetupResponse = z.object({
  setup: z.object({ id: z.string(), client_secret: z.string(), provider: z.enum(['sandbox', 'stripe']) }),
});
export type TPortalCardSetupResponse = z.infer<typeof ZPortalCardSetupResponse>;

export const ZPortalCardSetupComplete = z.object({
  setup_id: z.string().min(1, 'The card setup is missing.').max(200),
  /** The plan the donor was changing. */
  plan_id: z.number().int().positive(),
  /** Also every other plan of the donor that can take a card. */
  apply_to_all: z.boolean().default(false),
});
export type TPortalCardSetupComplete = z.input<typeof ZPortalCardSetupComplete>;

export const ZPortalStatementQuery = z.object({
  year: z.coerce.number({ error: 'Choose a year' }).int('Choose a year').min(2000).max(2100),
});
