import { z } from 'zod';
import { ZGiftAidDeclaration } from './gift-aid.ts';
import { ZGivingInterval } from './intervals.ts';

/**
 * A recorded donation as the API returns it (one per payment: docs/product/payments.md#confirming-a-payment). Money is
 * integer minor units in OUR exponent: amount_minor is what the donor was charged, fee cover
 * included; included_fees_minor is the part they added for fees; base_amount_minor is amount_minor
 * in the organisation's base currency at fx_rate (major units of base per major unit of currency,
 * as a decimal string, never a float).
 */

export const DONATION_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export const ZDonationStatus = z.enum(DONATION_STATUSES);
export type TDonationStatus = z.infer<typeof ZDonationStatus>;

/** An answer with the question as it read when answered; Checkbox choices are joined by ', '. */
export const ZDonationAnswer = z.object({
  question_id: z.number().int().nullable(),
  question: z.string(),
  answer: z.string(),
});
export type TDonationAnswer = z.infer<typeof ZDonationAnswer>;

export const ZDonationDonor = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});

export const ZDonation = z.object({
  id: z.number().int(),
  npo_id: z.number().int(),
  campaign_id: z.number().int().nullable(),
  campaign_name: z.string().nullable(),
  /** The fundraiser's page the gift came through, if any. */
  peer_campaign_id: z.number().int().nullable(),
  donor: ZDonationDonor,
  amount_minor: z.number().int(),
  included_fees_minor: z.number().int(),
  currency: z.string(),
  base_amount_minor: z.number().int(),
  base_currency: z.string(),
  fx_rate: z.string(),
  interval: ZGivingInterval,
  status: ZDonationStatus,
  designation_id: z.number().int().nullable(),
  designation: z.string().nullable(),
  answers: z.array(ZDonationAnswer),
  comment: z.string(),
  gift_aid: z.boolean(),
  gift_aid_declaration: ZGiftAidDeclaration.nullable(),
  add_to_donor_wall: z.boolean(),
  first_name_only_to_donor_wall: z.boolean(),
  show_amount_on_donor_wall: z.boolean(),
  show_comment_on_donor_wall: z.boolean(),
  create_donor_account: z.boolean(),
  /** card, paypal, us_bank_account… as the provider reported it. */
  payment_method: z.string().nullable(),
  provider: z.string().nullable(),
  provider_reference: z.string().nullable(),
  receipt_number: z.string().nullable(),
  /** The plan a recurring gift started (any interval but once-off). */
  recurring_plan_id: z.number().int().nullable(),
  created_at: z.string(),
  refunded_at: z.string().nullable(),
});
export type TDonation = z.infer<typeof ZDonation>;

/** The gift itself, without the fee cover: what the organisation was given. */
export const giftAmountMinor = (d: Pick<TDonation, 'amount_minor' | 'included_fees_minor'>): number =>
  d.amount_minor - d.included_fees_minor;

/** US written acknowledgement threshold (IRS Pub. 1771): a single gift of 250 USD or more. */
export const US_ACKNOWLEDGEMENT_THRESHOLD_MINOR = 25_000;

/**
 * Whether the receipt needs the US written-acknowledgement wording. The whole amount paid counts,
 * fee cover included: that part is given to the organisation too.
 */
export const needsUsAcknowledgement = (d: Pick<TDonation, 'amount_minor' | 'currency'>): boolean =>
  d.currency.toUpperCase() === 'USD' && d.amount_minor >= US_ACKNOWLEDGEMENT_THRESHOLD_MINOR;
