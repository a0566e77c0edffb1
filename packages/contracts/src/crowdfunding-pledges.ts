// All-or-nothing pledges (docs/decisions/065-all-or-nothing-settlement.md): the backer's card is saved, not
// charged; the settlement at the deadline charges every pledge when the goal is met, nobody otherwise.
import { z } from 'zod';
import { ZShippingAddress } from './crowdfunding-shipping.ts';

export const PLEDGE_STATUSES = ['saving', 'pledged', 'charging', 'charged', 'failed', 'released'] as const;

export const ZPledgeRequest = z.object({
  amount_minor: z.number().int().positive().max(100_000_000),
  email: z.string().trim().toLowerCase().email('Please enter a valid e-mail address.').max(254),
  first_name: z.string().trim().max(100).default(''),
  last_name: z.string().trim().max(100).default(''),
  /** A reward chosen with the pledge: held like a paid gift's, claimed when the card is saved. */
  reward_id: z.number().int().positive().optional(),
  /** Needed when the chosen reward ships, as for a paid gift's claim. */
  shipping_address: ZShippingAddress.optional(),
});
export type TPledgeRequest = z.input<typeof ZPledgeRequest>;

/** The card setup the browser confirms (the sandbox card form or Stripe.js's confirmSetup). */
export const ZPledgeStarted = z.object({
  reference: z.string(),
  provider: z.string(),
  setup_id: z.string(),
  client_secret: z.string(),
  /** Stripe.js's keys when the provider is Stripe (the organisation's connected account). */
  stripe_publishable_key: z.string().nullable().optional(),
  stripe_account: z.string().nullable().optional(),
});
export type TPledgeStarted = z.infer<typeof ZPledgeStarted>;

export const ZPledgeSummary = z.object({
  reference: z.string(),
  status: z.enum(PLEDGE_STATUSES),
  amount_minor: z.number().int(),
  currency: z.string(),
  campaign: z.string(),
  deadline: z.string().nullable(),
  failure_message: z.string().nullable(),
  /** The reward chosen with the pledge, if any. */
  reward_title: z.string().nullable().optional(),
});
export type TPledgeSummary = z.infer<typeof ZPledgeSummary>;
