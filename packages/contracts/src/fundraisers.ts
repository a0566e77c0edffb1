import { z } from 'zod';

/** docs/product/campaigns.md#fundraisers: Fundraiser / Team Leader. */
export const FUNDRAISER_ROLES = ['fundraiser', 'leader'] as const;
export type TFundraiserRole = (typeof FUNDRAISER_ROLES)[number];

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

/** POST /fundraiser (docs/product/campaigns.md#fundraisers): all fields required, e-mail of e-mail type. */
export const ZInviteFundraiser = z.object({
  first_name: required('First name'),
  last_name: required('Last name'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .email('Enter a valid email address')
    .max(254),
  campaign_id: z.coerce.number({ error: 'Campaign is required' }).int().positive('Campaign is required'),
  /** The team the person's page joins (docs/decisions/051-peer-teams-and-milestones.md); empty for none. */
  team_id: z.union([z.coerce.number().int().positive(), z.null(), z.literal('')]).optional(),
  /** p2p16c: a supporter asking for themselves may start a new team instead (docs/decisions/067-team-pages-and-joining-at-sign-up.md). */
  new_team_name: z
    .string()
    .trim()
    .max(100, 'The team name must be at most 100 characters')
    .optional()
    .transform((v) => v || null),
  role: z.enum(FUNDRAISER_ROLES, { error: 'Choose Fundraiser or Team Leader' }).default('fundraiser'),
});
/** What the form sends, and what the server works with once parsed. */
export type TInviteFundraiserInput = z.input<typeof ZInviteFundraiser>;
export type TInviteFundraiser = z.output<typeof ZInviteFundraiser>;

export const ZFundraiser = z.object({
  id: z.number(),
  campaign_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(FUNDRAISER_ROLES),
  status: z.enum(['invited', 'joined']),
  peer_campaign_id: z.number().nullable(),
  invited_at: z.string(),
  joined_at: z.string().nullable(),
});
export type TFundraiser = z.infer<typeof ZFundraiser>;

/**
 * Staff invitations answer with the fundraiser at once. Anyone else's request answers with no
 * fundraiser and confirmation_sent: the person joins only by following the e-mailed link.
 */
export const ZFundraiserResponse = z.object({ fundraiser: ZFundraiser.nullable(), confirmation_sent: z.boolean() });
export type TFundraiserResponse = z.infer<typeof ZFundraiserResponse>;

/** The single-use link e-mailed to someone who asked to fundraise: POST /fundraiser/confirm. */
export const ZConfirmFundraiser = z.object({
  token: z.string({ error: 'The link is incomplete' }).trim().min(1, 'The link is incomplete').max(200),
});

/**
 * The fundraiser now enrolled, and where to choose a password when the person has no way to sign in
 * yet (null when they can sign in already).
 */
export const ZConfirmFundraiserResponse = z.object({
  fundraiser: ZFundraiser,
  campaign_name: z.string(),
  password_url: z.string().nullable(),
});
export type TConfirmFundraiserResponse = z.infer<typeof ZConfirmFundraiserResponse>;
