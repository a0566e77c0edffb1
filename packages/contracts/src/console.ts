// The platform console (docs/product/console.md, docs/decisions/046-platform-console.md): role 7789
// operates every organisation of the installation from /console.
import { z } from 'zod';
import { ZOrganisationLocale, ZOrganisationTimeZone } from './account.ts';
import { isSupportedCurrency } from './currency-rules.ts';
import { isGivingYearStartMonth } from './giving-year-rules.ts';

export const CONSOLE_MESSAGES = {
  /** The public form and the checkout API while the platform holds an organisation's gifts. */
  notAcceptingGifts: (npo: string) => `${npo} is not accepting gifts at the moment. No payment was taken.`,
  reason: 'Give a reason (it is recorded in the audit log)',
  organisationNotFound: 'Organisation not found.',
  userNotFound: 'User not found.',
  alreadyInStatus: 'The organisation already has this status.',
  closedIsFinal: 'A closed organisation cannot be suspended or reactivated here.',
  signUpClosed: 'New organisations are created by invitation on this platform. Ask the platform operator.',
  accountLocked: 'This account is locked. Contact the platform operator.',
  ownAccount: 'You cannot lock or sign out your own account from the console.',
} as const;

export const ORGANISATION_STATUSES = ['active', 'suspended', 'closed'] as const;
export type TOrganisationStatus = (typeof ORGANISATION_STATUSES)[number];

const reason = z
  .string({ error: CONSOLE_MESSAGES.reason })
  .trim()
  .min(3, CONSOLE_MESSAGES.reason)
  .max(500, 'Keep the reason under 500 characters');

/** A console action's body: why the operator acts. */
export const ZConsoleReason = z.object({ reason }).strict();
export type TConsoleReason = z.infer<typeof ZConsoleReason>;

/** Basis points: 250 is 2.5%. */
const feeBps = z
  .number({ error: 'Enter the fee in basis points (250 is 2.5%)' })
  .int('Enter a whole number of basis points')
  .min(0, 'The fee cannot be negative')
  .max(1000, 'The fee is at most 10% (1000 basis points)');

export const ZConsoleFeeRequest = z.object({ platform_fee_bps: feeBps.nullable(), reason }).strict();
export type TConsoleFeeRequest = z.infer<typeof ZConsoleFeeRequest>;

export const ZConsoleListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
  status: z.enum(ORGANISATION_STATUSES).optional(),
});
export type TConsoleListQuery = z.infer<typeof ZConsoleListQuery>;

const money = z.object({
  gross_minor: z.number().int(),
  refunds_minor: z.number().int(),
  fees_minor: z.number().int(),
});

export const ZConsoleOrganisation = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(ORGANISATION_STATUSES),
  status_reason: z.string(),
  verified: z.boolean(),
  created_at: z.string(),
  base_currency: z.string(),
  /** Stripe and PayPal, when connected. */
  processors: z.array(z.enum(['stripe', 'paypal'])),
  members: z.number().int(),
  /** Succeeded gifts in the organisation's base currency, all time. */
  processed_minor: z.number().int(),
  platform_fee_bps: z.number().int().nullable(),
});
export type TConsoleOrganisation = z.infer<typeof ZConsoleOrganisation>;

export const ZConsoleOrganisationList = z.object({
  organisations: z.array(ZConsoleOrganisation),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type TConsoleOrganisationList = z.infer<typeof ZConsoleOrganisationList>;

export const ZConsoleAuditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.string(),
  reason: z.string(),
  created_at: z.string(),
});

export const ZConsoleOrganisationDetail = z.object({
  organisation: ZConsoleOrganisation,
  /** The fee in force: the organisation's own, else the platform default. */
  effective_fee_bps: z.number().int(),
  figures: money.extend({ donations: z.number().int(), active_plans: z.number().int(), campaigns: z.number().int() }),
  /** fin19: the owner invitation still pending (an organisation the console created), else null. */
  owner_invitation: z.object({ email: z.string(), expires_at: z.string(), live: z.boolean() }).nullable().optional(),
  members: z.array(
    z.object({
      user_id: z.number().int(),
      name: z.string(),
      email: z.string(),
      role_name: z.string(),
      suspended: z.boolean(),
    }),
  ),
  audit: z.array(ZConsoleAuditEntry),
});
export type TConsoleOrganisationDetail = z.infer<typeof ZConsoleOrganisationDetail>;

export const ZConsoleUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  memberships: z.array(z.object({ npo_id: z.number().int(), npo: z.string(), role_name: z.string() })),
  last_sign_in_at: z.string().nullable(),
  two_factor: z.boolean(),
  locked: z.boolean(),
  email_verified: z.boolean(),
  sessions: z.number().int(),
});
export type TConsoleUser = z.infer<typeof ZConsoleUser>;

export const ZConsoleUserList = z.object({
  users: z.array(ZConsoleUser),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type TConsoleUserList = z.infer<typeof ZConsoleUserList>;

export const ZConsoleUserQuery = ZConsoleListQuery.omit({ status: true });

/**
 * What a new organisation starts with (decision 083): by sign-up or from the console. The creator's
 * browser zone and language win at sign-up; these stand in where there is none (the console).
 */
export const ZOrganisationDefaults = z.object({
  base_currency: z.string(),
  time_zone: z.string(),
  locale: z.string(),
  fiscal_year_start_month: z.number().int(),
  receipt_footer: z.string(),
});
export type TOrganisationDefaults = z.infer<typeof ZOrganisationDefaults>;

export const ZOrganisationDefaultsRequest = z
  .object({
    base_currency: z.string().trim().toUpperCase().refine(isSupportedCurrency, 'Choose a currency from the list.'),
    time_zone: ZOrganisationTimeZone,
    locale: ZOrganisationLocale,
    fiscal_year_start_month: z.number().refine(isGivingYearStartMonth, 'Choose the month the fiscal year starts in.'),
    receipt_footer: z.string().trim().max(1000, 'Use at most 1000 characters.'),
  })
  .strict();

export const ZPlatformSettings = z.object({
  name: z.string(),
  /** /uploads/platform/…, or null while the platform shows Kindling's own mark. */
  logo_url: z.string().nullable(),
  default_platform_fee_bps: z.number().int(),
  self_service_sign_up: z.boolean(),
  maintenance_banner: z.string(),
  reporting_currency: z.string(),
  organisation_defaults: ZOrganisationDefaults,
});
export type TPlatformSettings = z.infer<typeof ZPlatformSettings>;

export const ZPlatformSettingsRequest = z
  .object({
    name: z.string().trim().min(1, 'Enter the platform’s name').max(80, 'Keep the name under 80 characters'),
    default_platform_fee_bps: feeBps,
    self_service_sign_up: z.boolean({ error: 'Choose whether anyone may sign up' }),
    maintenance_banner: z.string().trim().max(300, 'Keep the banner under 300 characters'),
    /** Left out: unchanged. */
    organisation_defaults: ZOrganisationDefaultsRequest.optional(),
    reason,
  })
  .strict();
export type TPlatformSettingsRequest = z.infer<typeof ZPlatformSettingsRequest>;

/** DELETE /console/settings/logo: the platform shows Kindling's mark again. */
export const ZPlatformLogoResponse = z.object({ logo_url: z.string().nullable() });
export type TPlatformLogoResponse = z.infer<typeof ZPlatformLogoResponse>;

const point = z.object({ period: z.string(), donations: z.number().int() }).extend(money.shape);

export const ZConsoleIndex = z.object({
  reporting_currency: z.string(),
  organisations: z.object({
    active: z.number().int(),
    suspended: z.number().int(),
    closed: z.number().int(),
    new_this_month: z.number().int(),
  }),
  /** The last 30 UTC days and the last 12 months, in the reporting currency. */
  by_day: z.array(point),
  by_month: z.array(point),
  active_plans: z.number().int(),
  failed_jobs: z.number().int(),
  health: z.object({ database_ms: z.number(), queue_depth: z.number().int() }),
  /** Currencies without a rate into the reporting currency: left out of the sums. */
  unconverted: z.array(z.string()),
});
export type TConsoleIndex = z.infer<typeof ZConsoleIndex>;

/** What every signed-in user's shell shows: the maintenance banner and, for staff, why gifts are held. */
export const ZPlatformNotice = z.object({
  /** The platform's name and logo for the shell's header (decision 083); null logo: Kindling's mark. */
  platform_name: z.string(),
  platform_logo_url: z.string().nullable(),
  maintenance_banner: z.string(),
  organisation_status: z.enum(ORGANISATION_STATUSES).nullable(),
  organisation_reason: z.string(),
  /** The signed-in user's own address: the shell offers a new verification link while false. */
  email_verified: z.boolean(),
});
export type TPlatformNotice = z.infer<typeof ZPlatformNotice>;
