// Fundraising teams (docs/decisions/051-peer-teams-and-milestones.md): the public team page, a
// fundraiser creating, joining or leaving a team, the captain's edits, and the teams' leaderboard.
import { z } from 'zod';
import { ZCampaignUrl } from './campaign-url.ts';
import { ZImageUrl } from './campaigns.ts';
import { ZPositiveMinorAmount } from './money.ts';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ZPeerTeamParams = z.object({ teamId: id });
export const ZPeerTeamUrlParams = z.object({ url: z.string().trim().toLowerCase().max(200) });

/** What a captain (or a fundraiser creating a team) sets. */
export const ZPeerTeamInput = z.object({
  name: z
    .string({ error: 'Enter a team name' })
    .trim()
    .min(1, 'Enter a team name')
    .max(100, 'Use at most 100 characters'),
  team_url: ZCampaignUrl,
  /** HTML; the server sanitises it like a campaign's description. */
  story: z.string().max(100_000, 'The story is too long').default(''),
  image_url: ZImageUrl.nullable().default(null),
  goal_minor: ZPositiveMinorAmount.nullable().default(null),
});
export type TPeerTeamInput = z.input<typeof ZPeerTeamInput>;

export const ZPeerJoinTeam = z.object({ team_id: id });

export const ZPeerTeamMember = z.object({
  page_id: z.number(),
  title: z.string(),
  fundraiser: z.string(),
  campaign_url: z.string(),
  captain: z.boolean(),
  raised_minor: z.number(),
  goal_minor: z.number().nullable(),
});
export type TPeerTeamMember = z.infer<typeof ZPeerTeamMember>;

export const ZPeerTeamGift = z.object({
  donor_name: z.string(),
  amount_minor: z.number(),
  page_title: z.string(),
  given_at: z.string(),
});

export const ZPeerTeam = z.object({
  id: z.number(),
  campaign_id: z.number(),
  campaign_name: z.string(),
  name: z.string(),
  team_url: z.string(),
  story: z.string(),
  image_url: z.string().nullable(),
  goal_minor: z.number().nullable(),
  captain: z.string(),
  raised_minor: z.number(),
  currency: z.string(),
  members: z.array(ZPeerTeamMember),
});
export type TPeerTeam = z.infer<typeof ZPeerTeam>;

/** The public team page: the team, its latest gifts (donor wall rules), and where to give. */
export const ZPeerTeamPage = ZPeerTeam.extend({
  gifts: z.array(ZPeerTeamGift),
  /** The page a gift from the team page goes through: the captain's, else the top member's. */
  donate_url: z.string().nullable(),
  /** Off: the page shows no join button (the campaign's `team_fundraising`). */
  team_fundraising: z.boolean(),
  /** The organisation's locale: the light public page formats amounts with it. */
  locale: z.string(),
});
export type TPeerTeamPage = z.infer<typeof ZPeerTeamPage>;

/** A fundraiser's team panel for one of their pages: their team (if any) and the teams they could join. */
export const ZPeerTeamPanel = z.object({
  team: ZPeerTeam.nullable(),
  is_captain: z.boolean(),
  /** Off: the fundraiser can neither start nor join a team of this campaign. */
  team_fundraising: z.boolean(),
  joinable: z.array(z.object({ id: z.number(), name: z.string(), team_url: z.string(), members: z.number() })),
});
export type TPeerTeamPanel = z.infer<typeof ZPeerTeamPanel>;

export const ZTeamBoardEntry = z.object({
  id: z.number(),
  name: z.string(),
  team_url: z.string(),
  members: z.number(),
  raised_minor: z.number(),
  goal_minor: z.number().nullable(),
});
export type TTeamBoardEntry = z.infer<typeof ZTeamBoardEntry>;
export const ZTeamBoard = z.object({
  currency: z.string(),
  /** Whether the campaign takes teams now: off, pickers and join buttons are hidden. */
  team_fundraising: z.boolean(),
  teams: z.array(ZTeamBoardEntry),
});
export type TTeamBoard = z.infer<typeof ZTeamBoard>;

/** A team in the staff P2P view. */
export const ZPeerStaffTeam = ZTeamBoardEntry.extend({ captain: z.string(), state: z.enum(['pending', 'live']) });
export const ZPeerStaffTeamParams = z.object({ campaignId: id, teamId: id });
export type TPeerStaffTeam = z.infer<typeof ZPeerStaffTeam>;
export const ZPeerStaffTeams = z.object({ currency: z.string(), teams: z.array(ZPeerStaffTeam) });
