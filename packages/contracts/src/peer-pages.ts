// Fundraiser pages (docs/decisions/044-peer-to-peer-pages.md): the fundraiser's dashboard and editor,
// the staff P2P view of a campaign, and the public leaderboard.
import { z } from 'zod';
import { ZCampaignUrl } from './campaign-url.ts';
import { ZImageUrl } from './campaigns.ts';
import { ZPositiveMinorAmount } from './money.ts';

export const PEER_PAGE_STATES = ['pending', 'live', 'hidden', 'removed'] as const;
export type TPeerPageState = (typeof PEER_PAGE_STATES)[number];

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ZPeerPageParams = z.object({ id });
export const ZPeerGiftParams = z.object({ id, donationId: id });
export const ZPeerCampaignParams = z.object({ campaignId: id });
export const ZPeerStaffPageParams = z.object({ campaignId: id, pageId: id });

/** A video on YouTube, Vimeo or any https page: shown as a link, never embedded. */
export const ZVideoUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((url) => /^https:\/\/\S+$/i.test(url), { message: 'Use a video link that starts with https://' });

const ZDeadline = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Use a date like 2026-06-30',
});

/** What a fundraiser (or staff, for the text) changes on a page. */
export const ZPeerPageInput = z.object({
  title: z.string({ error: 'Enter a title' }).trim().min(1, 'Enter a title').max(150, 'Use at most 150 characters'),
  /** HTML; the server sanitises it like a campaign's description. */
  story: z.string().max(100_000, 'The story is too long').default(''),
  image_url: ZImageUrl.nullable().default(null),
  video_url: ZVideoUrl.nullable().default(null),
  goal_minor: ZPositiveMinorAmount.nullable().default(null),
  deadline: ZDeadline.nullable().default(null),
  campaign_url: ZCampaignUrl,
});
export type TPeerPageInput = z.input<typeof ZPeerPageInput>;

export const ZPeerTextInput = ZPeerPageInput.pick({ title: true, story: true });
export type TPeerTextInput = z.input<typeof ZPeerTextInput>;

export const ZPeerChecklist = z.object({
  photo: z.boolean(),
  story: z.boolean(),
  first_share: z.boolean(),
  first_gift: z.boolean(),
  self_donation: z.boolean(),
});

/** What a page has reached (docs/decisions/051-peer-teams-and-milestones.md): its first gift and a share of its goal. */
export const PEER_MILESTONE_CODES = ['first_gift', '25', '50', '75', '100'] as const;
export const ZPeerMilestone = z.object({ milestone: z.enum(PEER_MILESTONE_CODES), reached_at: z.string() });
export type TPeerMilestone = z.infer<typeof ZPeerMilestone>;

export const ZPeerPage = z.object({
  id: z.number(),
  campaign_id: z.number(),
  campaign_name: z.string(),
  /** The parent campaign's own page, /{parent_url}. */
  parent_url: z.string(),
  title: z.string(),
  story: z.string(),
  image_url: z.string().nullable(),
  video_url: z.string().nullable(),
  goal_minor: z.number().nullable(),
  deadline: z.string().nullable(),
  campaign_url: z.string(),
  state: z.enum(PEER_PAGE_STATES),
  featured: z.boolean(),
  raised_minor: z.number(),
  currency: z.string(),
  donors: z.number(),
  gifts: z.number(),
  views: z.number(),
  checklist: ZPeerChecklist,
  /** Milestones reached, oldest first (the same ones the fundraiser was e-mailed about). */
  milestones: z.array(ZPeerMilestone),
});
export type TPeerPage = z.infer<typeof ZPeerPage>;

/**
 * A page's conversion in per cent, one decimal: gifts per view (docs/decisions/044-peer-to-peer-pages.md),
 * never above 100 % (a gift made without a counted view, a blocked beacon or a link straight to the
 * payment, must not read as 900 %), and null while the page has no view to divide by.
 */
export function peerConversionPercent(gifts: number, views: number): number | null {
  if (!(views > 0)) return null;
  return Math.min(100, Math.round((Math.max(0, gifts) / views) * 1000) / 10);
}

export const ZPeerDashboard = z.object({ pages: z.array(ZPeerPage) });
export const ZPeerPageResponse = z.object({ page: ZPeerPage });

export const ZPeerUrlQuery = z.object({ campaign_url: z.string().max(200).default('') });
export const ZPeerUrlAnswer = z.object({ available: z.boolean(), message: z.string().nullable() });

export const ZPeerGift = z.object({
  id: z.number(),
  donor_name: z.string(),
  amount_minor: z.number(),
  currency: z.string(),
  comment: z.string().nullable(),
  given_at: z.string(),
  thanked_at: z.string().nullable(),
});
export type TPeerGift = z.infer<typeof ZPeerGift>;
export const ZPeerGifts = z.object({ page: ZPeerPage, gifts: z.array(ZPeerGift) });

export const PEER_THANK_YOU_TEMPLATE =
  'Thank you so much for supporting my page for {campaign}. Every gift brings us closer to the goal, and I am grateful for yours.';

export const ZPeerThankInput = z.object({
  /** True: e-mail the donor the message; false: only mark the gift thanked. */
  send_email: z.boolean().default(true),
  message: z.string().trim().max(2000, 'Use at most 2,000 characters').default(''),
});
export const ZPeerThankAnswer = z.object({ gift: ZPeerGift });

export const ZPeerSettings = z.object({
  self_registration: z.boolean(),
  approval_required: z.boolean(),
  default_goal_minor: ZPositiveMinorAmount.nullable(),
  default_story: z.string().max(100_000),
  /** The campaign's `team_fundraising` (spec 02): off, nobody joins or starts a team. */
  team_fundraising: z.boolean(),
});
export type TPeerSettings = z.infer<typeof ZPeerSettings>;

export const ZPeerStaffRow = z.object({
  id: z.number(),
  title: z.string(),
  /** The page's story (sanitised HTML), so staff correct it rather than retype it. */
  story: z.string(),
  fundraiser: z.string(),
  campaign_url: z.string(),
  state: z.enum(PEER_PAGE_STATES),
  featured: z.boolean(),
  raised_minor: z.number(),
  goal_minor: z.number().nullable(),
  gifts: z.number(),
  created_at: z.string(),
});
export type TPeerStaffRow = z.infer<typeof ZPeerStaffRow>;

export const ZPeerStaffView = z.object({
  campaign: z.object({ id: z.number(), name: z.string(), campaign_url: z.string() }),
  currency: z.string(),
  totals: z.object({
    /** Fundraisers' pages and teams' own pages (docs/product/campaigns.md#peer-to-peer). */
    raised_minor: z.number(),
    pages: z.number(),
    teams: z.number(),
    average_minor: z.number(),
    /** Of the campaign's money, raised through fundraiser pages: 0 to 1. */
    share: z.number(),
  }),
  settings: ZPeerSettings,
  pages: z.array(ZPeerStaffRow),
});
export type TPeerStaffView = z.infer<typeof ZPeerStaffView>;

export const PEER_PAGE_ACTIONS = ['approve', 'feature', 'unfeature', 'hide', 'show', 'remove'] as const;
export const ZPeerPageAction = z.object({
  action: z.enum(PEER_PAGE_ACTIONS, { error: 'Choose approve, feature, unfeature, hide, show or remove' }),
});

export const ZLeaderboardQuery = z.object({
  campaign_id: id,
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const ZLeaderboardEntry = z.object({
  id: z.number(),
  title: z.string(),
  fundraiser: z.string(),
  campaign_url: z.string(),
  featured: z.boolean(),
  raised_minor: z.number(),
  goal_minor: z.number().nullable(),
});
export type TLeaderboardEntry = z.infer<typeof ZLeaderboardEntry>;
export const ZLeaderboard = z.object({ currency: z.string(), fundraisers: z.array(ZLeaderboardEntry) });
export type TLeaderboard = z.infer<typeof ZLeaderboard>;
