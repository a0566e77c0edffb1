// Crowdfunding staff screens (docs/product/crowdfunding.md#staff): creating a page, its crowdfunding
// settings (funding model, deadline, rewards, gallery), its detail with backers, and its updates.
import { z } from 'zod';
import { ZCampaignUrl } from './campaign-url.ts';
import { PLEDGE_STATUSES } from './crowdfunding-pledges.ts';
import { FUNDING_MODELS } from './crowdfunding-rules.ts';
import { ZMinorAmount, ZPositiveMinorAmount } from './money.ts';

const ZDeadline = z.iso
  .datetime({ offset: true, error: 'Enter the deadline as a date and time.' })
  .nullable()
  .default(null);

export const ZCrowdfundingCreate = z.object({
  name: z.string().trim().min(1, 'Enter a name for the page.').max(200, 'Keep the name under 200 characters.'),
  campaign_url: ZCampaignUrl,
  goal_minor: ZPositiveMinorAmount.nullable().default(null),
  funding_model: z.enum(FUNDING_MODELS).default('keep_what_you_raise'),
  deadline: ZDeadline,
});
export type TCrowdfundingCreate = z.input<typeof ZCrowdfundingCreate>;

export const ZRewardInput = z
  .object({
    /** An existing reward keeps its claims; without an id a new reward is added. */
    id: z.number().int().positive().nullable().default(null),
    amount_minor: ZPositiveMinorAmount,
    title: z.string().trim().min(1, 'Give the reward a title.').max(200, 'Keep the title under 200 characters.'),
    description: z.string().trim().max(2000, 'Keep the description under 2,000 characters.').default(''),
    image_url: z.string().trim().max(2000).default(''),
    delivery_date: z.iso.date({ error: 'Enter the delivery date as a date.' }).nullable().default(null),
    quantity: z.number().int().positive('A limit is at least 1.').nullable().default(null),
    shipping_required: z.boolean().default(false),
    fair_market_value_minor: ZMinorAmount.default(0),
  })
  .refine((r) => r.fair_market_value_minor <= r.amount_minor, {
    path: ['fair_market_value_minor'],
    message: 'The fair-market value cannot be more than the pledge amount.',
  });
export type TRewardInput = z.input<typeof ZRewardInput>;

export const ZGalleryImageInput = z.object({
  url: z
    .string()
    .trim()
    .regex(/^(https:\/\/|\/uploads\/)\S+$/, 'Upload the image or give an https address.'),
  alt: z.string().trim().max(300, 'Keep the alt text under 300 characters.'),
});

/** PUT /npo_admin/crowdfunding/{id}: the crowdfunding fields, rewards and gallery, saved together. */
export const ZCrowdfundingSettings = z.object({
  funding_model: z.enum(FUNDING_MODELS),
  deadline: ZDeadline,
  rewards: z.array(ZRewardInput).max(50, 'A page offers at most 50 rewards.'),
  images: z.array(ZGalleryImageInput).max(20, 'A gallery holds at most 20 images.'),
});
export type TCrowdfundingSettings = z.input<typeof ZCrowdfundingSettings>;

export const ZRewardAdmin = z.object({
  id: z.number().int(),
  amount_minor: ZMinorAmount,
  title: z.string(),
  description: z.string(),
  image_url: z.string(),
  delivery_date: z.string().nullable(),
  quantity: z.number().int().nullable(),
  /** Held and claimed units. */
  taken: z.number().int(),
  claimed: z.number().int(),
  shipping_required: z.boolean(),
  fair_market_value_minor: ZMinorAmount,
});

export const ZBackerAdmin = z.object({
  donation_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  amount_minor: ZMinorAmount,
  currency: z.string(),
  created_at: z.string(),
  reward: z.string().nullable(),
  /** The reward claim, for the fulfilled toggle; null without a reward. */
  claim_id: z.number().int().nullable(),
  fulfilled: z.boolean(),
  /** Where the reward goes when it ships, on one line; null otherwise. */
  shipping_address: z.string().nullable(),
});

export const ZUpdateAdmin = z.object({
  id: z.number().int(),
  title: z.string(),
  body_html: z.string(),
  published_at: z.string().nullable(),
  emailed_at: z.string().nullable(),
  emails_sent: z.number().int(),
});
export type TUpdateAdmin = z.infer<typeof ZUpdateAdmin>;

/** An all-or-nothing pledge as staff see it, with its settlement state (docs/product/crowdfunding.md#staff). */
export const ZPledgeAdmin = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  amount_minor: ZMinorAmount,
  currency: z.string(),
  status: z.enum(PLEDGE_STATUSES),
  failure_message: z.string().nullable(),
  created_at: z.string(),
  reward: z.string().nullable(),
  claim_id: z.number().int().nullable(),
  fulfilled: z.boolean(),
  shipping_address: z.string().nullable(),
});
export type TPledgeAdmin = z.infer<typeof ZPledgeAdmin>;

/** GET /npo_admin/crowdfunding/{id}: everything the detail and edit screens show. */
export const ZCrowdfundingDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  campaign_url: z.string(),
  status: z.string(),
  currency: z.string(),
  goal_minor: ZMinorAmount.nullable(),
  raised_minor: ZMinorAmount,
  backers: z.number().int(),
  days_left: z.number().int().nullable(),
  funding_model: z.enum(FUNDING_MODELS),
  deadline: z.string().nullable(),
  rewards: z.array(ZRewardAdmin),
  images: z.array(z.object({ url: z.string(), alt: z.string() })),
  backer_list: z.array(ZBackerAdmin),
  /** All or nothing: the outcome once the deadline passed (null before), saved pledges and each pledge. */
  settlement: z.enum(['met', 'missed']).nullable(),
  pledged_minor: ZMinorAmount,
  pledge_list: z.array(ZPledgeAdmin),
  updates: z.array(ZUpdateAdmin),
  /** Raised per day, oldest first, for the chart. */
  daily: z.array(z.object({ day: z.string(), raised_minor: ZMinorAmount })),
});
export type TCrowdfundingDetail = z.infer<typeof ZCrowdfundingDetail>;

export const ZUpdateInput = z.object({
  title: z.string().trim().min(1, 'Give the update a title.').max(200, 'Keep the title under 200 characters.'),
  body_html: z.string().max(100_000, 'The update is too long.').default(''),
});
export type TUpdateInput = z.input<typeof ZUpdateInput>;

export const ZUpdatePublish = z.object({ email_backers: z.boolean().default(true) });
