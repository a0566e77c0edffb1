// Crowdfunding (docs/decisions/048-crowdfunding.md): the public page's read, reward claims and the staff list.
import { z } from 'zod';
import { FUNDING_MODELS } from './crowdfunding-rules.ts';
import { ZShippingAddress } from './crowdfunding-shipping.ts';
import { ZMinorAmount } from './money.ts';

export const ZCrowdfundingImage = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number().int().nullable(),
  /** Resized WebP variants ('<url> 480w, …'), absent for an image uploaded before resizing. */
  srcset: z.string().nullable().optional(),
  height: z.number().int().nullable(),
});
export type TCrowdfundingImage = z.infer<typeof ZCrowdfundingImage>;

export const ZCrowdfundingReward = z.object({
  id: z.number().int(),
  /** The smallest gift that brings this reward, in the campaign's currency. */
  amount_minor: ZMinorAmount,
  title: z.string(),
  description: z.string(),
  image_url: z.string(),
  delivery_date: z.string().nullable(),
  /** Backers whose gift claimed it. */
  claimed: z.number().int().min(0),
  /** Units still to be had (held ones excluded); null: no limit. */
  remaining: z.number().int().min(0).nullable(),
  shipping_required: z.boolean(),
  fair_market_value_minor: ZMinorAmount,
});
export type TCrowdfundingReward = z.infer<typeof ZCrowdfundingReward>;

export const ZCrowdfundingUpdate = z.object({
  id: z.number().int(),
  date: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
});

export const ZCrowdfundingBacker = z.object({
  /** The donor's name as they chose to show it on the wall, else 'Anonymous'. */
  name: z.string(),
  amount_minor: ZMinorAmount.nullable(),
  currency: z.string().nullable(),
});

/** GET /crowdfunding_page/{key}: everything the public page shows, read in one statement. */
export const ZCrowdfundingPage = z.object({
  id: z.number().int(),
  name: z.string(),
  campaign_url: z.string(),
  organisation: z.string(),
  logo: z.string().nullable(),
  locale: z.string(),
  currency: z.string(),
  call_to_action: z.string(),
  /** Sanitised HTML, IMAGE1 … still in place (the page puts the images in). */
  description: z.string(),
  images: z.array(ZCrowdfundingImage),
  /** In raised_currency; the default goal when the campaign has none. */
  goal_minor: ZMinorAmount,
  raised_minor: ZMinorAmount,
  raised_currency: z.string(),
  backers: z.number().int().min(0),
  funding_model: z.enum(FUNDING_MODELS),
  deadline: z.string().nullable(),
  /** Whole days until the deadline (0 or less: ended); null without one. */
  days_left: z.number().int().nullable(),
  accepting: z.boolean(),
  team_fundraising: z.boolean(),
  rewards: z.array(ZCrowdfundingReward),
  updates: z.array(ZCrowdfundingUpdate),
  /** The newest backers (at most 100), newest first. */
  backer_list: z.array(ZCrowdfundingBacker),
});
export type TCrowdfundingPage = z.infer<typeof ZCrowdfundingPage>;

export const ZRewardClaimRequest = z.object({
  amount_minor: z
    .number({ error: 'Enter the amount you want to give.' })
    .int()
    .positive('Enter the amount you want to give.'),
  /** Needed when the reward ships (docs/product/crowdfunding.md#rewards); ignored otherwise. */
  shipping_address: ZShippingAddress.optional(),
});
export const ZRewardClaimHeld = z.object({
  reference: z.string(),
  reward_id: z.number().int(),
  amount_minor: ZMinorAmount,
  hold_until: z.string(),
});
export type TRewardClaimHeld = z.infer<typeof ZRewardClaimHeld>;

export const ZRewardClaimConfirm = z.object({ donation_id: z.number().int().positive() });
export const ZRewardClaimSummary = z.object({
  reference: z.string(),
  status: z.enum(['held', 'claimed', 'expired']),
  reward_title: z.string(),
  gift_minor: ZMinorAmount,
  currency: z.string(),
  fair_market_value_minor: ZMinorAmount,
  deductible_minor: ZMinorAmount,
  receipt_lines: z.array(z.string()),
});
export type TRewardClaimSummary = z.infer<typeof ZRewardClaimSummary>;

/** GET /npo_admin/crowdfunding: the staff list. */
export const ZCrowdfundingListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  campaign_url: z.string(),
  status: z.string(),
  raised_minor: ZMinorAmount,
  goal_minor: ZMinorAmount.nullable(),
  currency: z.string(),
  backers: z.number().int(),
  days_left: z.number().int().nullable(),
  /** All or nothing: pledges saved and not yet charged, and the outcome once settled. */
  funding_model: z.enum(FUNDING_MODELS),
  pledged_minor: ZMinorAmount,
  settlement: z.enum(['met', 'missed']).nullable(),
});
export const ZCrowdfundingList = z.object({ campaigns: z.array(ZCrowdfundingListItem) });
export type TCrowdfundingList = z.infer<typeof ZCrowdfundingList>;

export const ZRewardClaimFulfil = z.object({ fulfilled: z.boolean() });
export const ZRewardClaimAdmin = z.object({
  id: z.number().int(),
  fulfilled: z.boolean(),
  fulfilled_at: z.string().nullable(),
});
