// Memberships (docs/product/memberships.md, docs/decisions/049-memberships.md): tiers on a membership
// campaign, joining through /subscriptions/{campaign_url}, members and their periods, the staff list.
import { z } from 'zod';
import { ZCurrencyCode } from './currencies.ts';
import { LISTED_STATUSES, MEMBERSHIP_MESSAGES, MEMBERSHIP_STATUSES, TIER_BILLING } from './membership-rules.ts';
import { ZMinorAmount } from './money.ts';

export * from './membership-rules.ts';

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
const ZEmail = z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(254);
const ZCount = (max: number) => z.number().int('Use a whole number.').min(1, 'Use at least 1.').max(max);

export const ZTierInput = z
  .object({
    id: z.number().int().positive().optional(),
    name: text(80).min(1, 'Give the tier a name.'),
    description: text(500).default(''),
    benefits: z.array(text(200).min(1, 'Describe the benefit.')).max(20).default([]),
    billing: z.enum(TIER_BILLING, { error: 'Choose monthly, yearly or a fixed term.' }),
    price_minor: ZMinorAmount.refine((n) => n > 0, 'A tier needs a price.'),
    /** A fixed-term tier's length; monthly and yearly tiers renew instead. */
    term_months: ZCount(120).nullable().default(null),
    fair_market_value_minor: ZMinorAmount.default(0),
    /** Memberships this tier can hold at once; null: no limit. */
    capacity: ZCount(1_000_000).nullable().default(null),
    /** Named members one membership of this tier covers (a household). */
    household_size: ZCount(12).default(1),
    archived: z.boolean().default(false),
  })
  .refine((t) => t.billing !== 'fixed_term' || t.term_months !== null, {
    path: ['term_months'],
    message: MEMBERSHIP_MESSAGES.termMonths,
  })
  .refine((t) => t.fair_market_value_minor <= t.price_minor, {
    path: ['fair_market_value_minor'],
    message: 'The fair-market value cannot exceed the price.',
  });
export type TTierInput = z.input<typeof ZTierInput>;

export const ZTier = z.object({
  id: z.number(),
  campaign_id: z.number(),
  name: z.string(),
  description: z.string(),
  benefits: z.array(z.string()),
  billing: z.enum(TIER_BILLING),
  price_minor: z.number(),
  term_months: z.number().nullable(),
  fair_market_value_minor: z.number(),
  capacity: z.number().nullable(),
  household_size: z.number(),
  archived: z.boolean(),
  /** Memberships holding a place: active, in grace, or awaiting payment. */
  taken: z.number(),
  remaining: z.number().nullable(),
  currency: ZCurrencyCode,
});
export type TTier = z.infer<typeof ZTier>;
export const ZTierList = z.object({ tiers: z.array(ZTier) });

export const ZMembershipCampaigns = z.object({
  campaigns: z.array(z.object({ id: z.number(), name: z.string(), campaign_url: z.string(), currency: z.string() })),
});

export const ZMemberInput = z.object({ name: text(120).min(1, 'Enter the member’s name.'), email: ZEmail });
export const ZJoinRequest = z.object({
  tier_id: z.number().int().positive(),
  members: z.array(ZMemberInput).min(1, MEMBERSHIP_MESSAGES.members).max(12),
});
export const ZJoinHold = z.object({
  reference: z.string(),
  tier_id: z.number(),
  price_minor: z.number(),
  currency: z.string(),
  /** The donation form's giving interval for this tier. */
  interval: z.enum(['once', 'monthly', 'yearly']),
  hold_until: z.string(),
});
export type TJoinHold = z.infer<typeof ZJoinHold>;

export const ZMembershipConfirmation = z.object({
  reference: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  tier: z.string(),
  members: z.array(z.string()),
  period_end: z.string().nullable(),
  receipt_lines: z.array(z.string()),
});

export const ZMembershipRow = z.object({
  id: z.number(),
  members: z.array(z.object({ name: z.string(), email: z.string() })),
  tier_id: z.number(),
  tier: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  renewal: z.enum(['automatic', 'manual']),
  joined_at: z.string().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  donor_id: z.number().nullable(),
  plan_id: z.number().nullable(),
});
export type TMembershipRow = z.infer<typeof ZMembershipRow>;

export const ZMembershipListQuery = z.object({
  q: text(100).default(''),
  tier_id: z.coerce.number().int().positive().optional(),
  status: z.enum(LISTED_STATUSES).optional(),
  expiring_within_days: z.coerce.number().int().min(0).max(3650).optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export const ZMembershipList = z.object({
  memberships: z.array(ZMembershipRow),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});

export const ZMembershipHistory = z.object({
  at: z.string(),
  kind: z.string(),
  detail: z.string(),
  actor: z.string().nullable(),
});
export const ZMembershipDetail = ZMembershipRow.extend({
  currency: z.string(),
  price_minor: z.number(),
  payments: z.array(z.object({ donation_id: z.number(), amount_minor: z.number(), at: z.string() })),
  history: z.array(ZMembershipHistory),
});
export type TMembershipDetail = z.infer<typeof ZMembershipDetail>;

export const ZExtendRequest = z.object({ months: ZCount(60) });

/**
 * Figures over time (docs/product/memberships.md#staff-dashboardmembership): the last 12 calendar
 * months oldest first (the current one so far), and renewals due this month and the next two.
 */
export const ZMembershipTrends = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      /** Members at the month's end (or now, for the current month), per tier. */
      members_by_tier: z.array(z.object({ tier_id: z.number(), members: z.number() })),
      new: z.number(),
      renewed: z.number(),
      lapsed: z.number(),
      revenue_minor: z.number(),
    }),
  ),
  /** Renewals out of renewals and lapses over the 12 months; null when neither happened. */
  renewal_rate_percent: z.number().nullable(),
  upcoming_renewals: z.array(
    z.object({ month: z.string(), automatic: z.number(), manual: z.number(), amount_minor: z.number() }),
  ),
});
export type TMembershipTrends = z.infer<typeof ZMembershipTrends>;

export const ZMembershipFigures = z.object({
  currency: z.string(),
  trends: ZMembershipTrends,
  active_by_tier: z.array(z.object({ tier_id: z.number(), tier: z.string(), active: z.number() })),
  new_last_30_days: z.number(),
  lapsed_last_30_days: z.number(),
  in_grace: z.number(),
  expiring_within_30_days: z.number(),
  revenue_last_365_days_minor: z.number(),
});
export type TMembershipFigures = z.infer<typeof ZMembershipFigures>;

export const ZMembershipSettings = z.object({ grace_days: z.number().int().min(0).max(365) });

/** A donor's memberships, for the donor's profile. */
export const ZDonorMemberships = z.object({
  memberships: z.array(
    z.object({
      id: z.number(),
      tier: z.string(),
      status: z.enum(MEMBERSHIP_STATUSES),
      period_end: z.string().nullable(),
    }),
  ),
});

/** The donor portal's memberships: each with the member card's page (docs/product/memberships.md#member-card). */
export const ZPortalMemberships = z.object({
  memberships: z.array(
    z.object({
      id: z.number(),
      tier: z.string(),
      status: z.enum(MEMBERSHIP_STATUSES),
      period_end: z.string().nullable(),
      /** The card's page in this app (/member-card/{signed token}). */
      card_path: z.string(),
    }),
  ),
});
export type TPortalMemberships = z.infer<typeof ZPortalMemberships>;

export type TMembershipList = z.infer<typeof ZMembershipList>;
export type TMembershipCampaigns = z.infer<typeof ZMembershipCampaigns>;
export type TMembershipConfirmation = z.infer<typeof ZMembershipConfirmation>;
export type TDonorMemberships = z.infer<typeof ZDonorMemberships>;

/** What a renewal link opens: the membership and what renewing it costs, at the tier's interval. */
export const ZMembershipRenewal = z.object({
  reference: z.string(),
  tier: z.string(),
  members: z.array(z.string()),
  price_minor: z.number().int(),
  currency: z.string(),
  interval: z.enum(['once', 'monthly', 'yearly']),
  term: z.enum(TIER_BILLING),
  period_end: z.string().nullable(),
});
export type TMembershipRenewal = z.infer<typeof ZMembershipRenewal>;

/** A tier change from the member's staff page: at the next renewal, or at once with a prorated charge. */
export const ZTierChangeRequest = z.object({
  tier_id: z.number().int().positive(),
  when: z.enum(['next_renewal', 'now']),
});
export type TTierChangeRequest = z.infer<typeof ZTierChangeRequest>;
export const ZTierChangeResult = z.object({
  membership: ZMembershipDetail,
  /** What the change at once costs for the rest of the period (0 for a downgrade or at renewal). */
  prorated_minor: z.number().int(),
  /** mem19c: the payment request asking for the prorated difference, when there is one. */
  payment_request_id: z.number().int().nullable().default(null),
});
export type TTierChangeResult = z.infer<typeof ZTierChangeResult>;

// mem19c: the member card (docs/decisions/064-member-cards.md): its page, the door's answer, a resend.
export const MEMBER_CARD_STATES = ['valid', 'in_grace', 'expired', 'cancelled'] as const;
export const ZMemberCard = z.object({
  organisation: z.string(),
  members: z.array(z.string()),
  tier: z.string(),
  member_number: z.string(),
  state: z.enum(MEMBER_CARD_STATES),
  /** What the card says of its validity, dated in the organisation's locale and time zone. */
  validity: z.string(),
  /** The check-in code the QR carries. */
  code: z.string(),
  /** The QR code as an SVG document. */
  qr_svg: z.string(),
  pdf_url: z.string(),
});
export type TMemberCard = z.infer<typeof ZMemberCard>;
/** The check-in screen's answer to a member card's code. */
export const ZMemberCheckIn = z.object({
  member: z.object({
    name: z.string(),
    tier: z.string(),
    member_number: z.string(),
    state: z.enum(MEMBER_CARD_STATES),
  }),
  message: z.string(),
});
export type TMemberCheckIn = z.infer<typeof ZMemberCheckIn>;
export const ZMemberCardSent = z.object({ sent_to: z.string() });
export type TMemberCardSent = z.infer<typeof ZMemberCardSent>;
