import { z } from 'zod';
import { ZProcessorsResponse } from './processors.ts';

// The administration overview (/admin), the set-up checklist (/dashboard/launchpad) and what the
// home dashboard shows (/dashboard/settings): docs/product/overview.md.

/** GET /npo_admin/admin_overview: one read of the team, the payment providers and the security state. */
export const ZAdminOverview = z.object({
  organisation: z.object({ id: z.number(), name: z.string() }),
  team: z.object({
    /** Staff members (fundraisers are not the team), suspended ones included. */
    members: z.number(),
    active: z.number(),
    suspended: z.number(),
    /** Invitations neither accepted, revoked nor expired. */
    pending_invitations: z.number(),
    expired_invitations: z.number(),
  }),
  processors: ZProcessorsResponse,
  security: z.object({
    /** Active members without a second factor, so an admin can ask them to set one up. */
    without_second_factor: z.array(
      z.object({ user_id: z.number(), name: z.string(), email: z.string(), role_name: z.string() }),
    ),
  }),
  launchpad: z.object({ done: z.number(), total: z.number() }),
});
export type TAdminOverview = z.infer<typeof ZAdminOverview>;

/** The set-up steps, in the order the launchpad lists them (docs/product/overview.md#launchpad). */
export const LAUNCHPAD_STEPS = [
  'profile',
  'logo',
  'payment_provider',
  'campaign_published',
  'receipt_template',
  'team_invited',
  'second_factor',
  'test_donation',
] as const;
export type TLaunchpadStep = (typeof LAUNCHPAD_STEPS)[number];

export const ZLaunchpad = z.object({
  steps: z.array(
    z.object({
      key: z.enum(LAUNCHPAD_STEPS),
      done: z.boolean(),
      /** What is still missing, in the product's words (e.g. the profile fields left to fill in). */
      missing: z.array(z.string()),
    }),
  ),
  done: z.number(),
  total: z.number(),
});
export type TLaunchpad = z.infer<typeof ZLaunchpad>;

/** The home page's figures a user may show or hide (docs/product/overview.md#dashboard-settings). */
export const HOME_CARDS = [
  'total_raised',
  'raised_this_month',
  'donors',
  'average_gift',
  'recurring_donors',
  'recurring_raised',
  'active_campaigns',
  'events',
  'monthly_goal',
  'upcoming_event',
  'recent_donations',
  'top_campaigns',
] as const;
export type THomeCard = (typeof HOME_CARDS)[number];

export const HOME_CHARTS = ['raised_over_time', 'by_campaign', 'by_method'] as const;
export type THomeChart = (typeof HOME_CHARTS)[number];

/** The charts' period: the last N months. */
export const HOME_PERIODS = [3, 6, 12, 24] as const;
export type THomePeriod = (typeof HOME_PERIODS)[number];

export const DASHBOARD_SETTINGS_MESSAGES = {
  card: 'Choose cards from the list.',
  chart: 'Choose charts from the list.',
  period: 'Choose a period of 3, 6, 12 or 24 months.',
  repeated: 'Each item can be chosen once.',
} as const;

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;

export const ZDashboardSettings = z.object({
  cards: z
    .array(z.enum(HOME_CARDS, { error: DASHBOARD_SETTINGS_MESSAGES.card }))
    .max(HOME_CARDS.length)
    .refine(unique, DASHBOARD_SETTINGS_MESSAGES.repeated),
  charts: z
    .array(z.enum(HOME_CHARTS, { error: DASHBOARD_SETTINGS_MESSAGES.chart }))
    .max(HOME_CHARTS.length)
    .refine(unique, DASHBOARD_SETTINGS_MESSAGES.repeated),
  period_months: z.union(
    HOME_PERIODS.map((p) => z.literal(p)),
    { error: DASHBOARD_SETTINGS_MESSAGES.period },
  ),
});
export type TDashboardSettings = z.infer<typeof ZDashboardSettings>;

/** What a user who never saved sees: everything, over twelve months. */
export const DEFAULT_DASHBOARD_SETTINGS: TDashboardSettings = {
  cards: [...HOME_CARDS],
  charts: [...HOME_CHARTS],
  period_months: 12,
};

/** GET/PUT /npo_admin/dashboard_settings: the caller's settings in the selected organisation. */
export const ZDashboardSettingsResponse = z.object({
  settings: ZDashboardSettings,
  /** False while the defaults apply (never saved). */
  saved: z.boolean(),
  updated_at: z.string().nullable(),
});
export type TDashboardSettingsResponse = z.infer<typeof ZDashboardSettingsResponse>;

/** ?months= of GET /npo_admin/analysis/home. */
export const ZHomeAnalysisQuery = z.object({
  months: z.coerce
    .number()
    .refine((n) => (HOME_PERIODS as readonly number[]).includes(n), DASHBOARD_SETTINGS_MESSAGES.period)
    .optional(),
});
