import { z } from 'zod';
import { CONSTANTS } from './messages.ts';

const email = z.string().trim().toLowerCase().email('Enter a valid email address').max(254);
const password = z.string().min(1, 'Password is required').max(1024);
const newPassword = z
  .string()
  .min(CONSTANTS.passwordMinLength, `Use at least ${CONSTANTS.passwordMinLength} characters`)
  .max(256, 'Use at most 256 characters');

export const ZOrganisationOption = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  role_name: z.string(),
  user_role: z.number().int(),
});
export type TOrganisationOption = z.infer<typeof ZOrganisationOption>;

export const ZRoleRef = z.object({ code: z.number().int(), name: z.string() });

/** The signed-in user as the login calls return it (docs/product/sign-in.md#the-session). */
export const ZLoginUser = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role_name: z.string().nullable(),
  roles: z.array(ZRoleRef),
  /** The effective permission set in the selected organisation (docs/product/team.md#permissions); [] without one. */
  permissions: z.array(z.string()),
  peer_campaigns: z.array(z.unknown()),
  created_at: z.string(),
  avatar: z.string().nullable(),
  avatar_url: z.string().nullable(),
  logged_in: z.boolean(),
  otp_enabled: z.boolean(),
  otp_required_for_login: z.boolean(),
  /**
   * The selected organisation requires a second factor and this user has none: organisation routes
   * answer 403 MFA_SETUP_REQUIRED until it is set up (docs/product/security.md#two-step-verification).
   */
  mfa_setup_required: z.boolean(),
});
export type TLoginUser = z.infer<typeof ZLoginUser>;

export const ZLoginResponse = z.object({
  status: z.number().int(),
  two_factor_required: z.boolean(),
  temp_session_id: z.string().nullable(),
  npo_user: ZLoginUser.nullable(),
  npos: z.array(ZOrganisationOption),
  backup_codes: z.array(z.string()).nullable(),
  stripe_account: z.string().nullable(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZSignInRequest = z.object({
  npo_user: z.object({ email, password }).strict(),
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

export const ZVerifyOtpRequest = z
  .object({
    temp_session_id: z.string().min(1).max(200),
    otp_code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
  })
  .strict();

export const ZVerifyBackupCodeRequest = z
  .object({
    temp_session_id: z.string().min(1).max(200),
    backup_code: z.string().trim().min(1, 'Enter a backup code').max(64),
  })
  .strict();

export const ZGoogleOnetapRequest = z.object({ credential: z.string().min(1).max(8192) }).strict();

export const ZStripeOnetapRequest = z
  .object({
    code: z.string().min(1).max(512),
    state: z.string().min(1).max(512),
    stripe_oauth_state: z.string().min(1).max(512),
  })
  .strict();

/** Error body of every failing call: a stable code for programs and a message for people. */
/** The one error body of every API answer; `ApiError` names it in the OpenAPI document. */
export const ZApiError = z
  .object({
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ApiError', description: 'The error body of every API answer.' });
export type TApiError = z.infer<typeof ZApiError>;

export const ZOrganisationStats = z.object({
  currency: z.string(),
  donations_total: z.number(),
  total_donations: z.number(),
  donors_count: z.number(),
  recurring_donors: z.number(),
  recurring_donations_total: z.number(),
  new_donations: z.number(),
  new_recurring_donations: z.number(),
  new_donors: z.number(),
  average_donation: z.number(),
  campaigns_count: z.number(),
  active_campaigns_count: z.number(),
  events_count: z.number(),
  monthly_goal: z.number(),
  monthly_raised: z.number(),
  recurring_monthly: z.number(),
  top_campaigns: z.array(
    z.object({ id: z.number(), name: z.string(), campaign_url: z.string(), raised: z.number(), donations: z.number() }),
  ),
  upcoming_event: z.object({ id: z.number(), name: z.string(), starts_at: z.string() }).nullable(),
});
/** Money figures are integer minor units of `currency`, the organisation's base currency. */
export type TOrganisationStats = z.infer<typeof ZOrganisationStats>;

export const ZNpo = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  base_currency: z.string(),
  /** IANA zone the organisation's days are cut in, and the BCP 47 locale it writes in (decision 027). */
  time_zone: z.string(),
  locale: z.string(),
});

export const ZCampaignRef = z.object({
  id: z.number().int(),
  name: z.string(),
  campaign_url: z.string(),
  status: z.string(),
});

/** What selecting an organisation loads into the session (docs/product/sign-in.md#the-session). */
export const ZSelectNpoResponse = z.object({
  code: z.number().int(),
  role_name: z.string(),
  npo: ZNpo,
  npo_user: ZLoginUser,
  npo_stats: ZOrganisationStats,
  donations_total: z.number(),
  recurring_donations_total: z.number(),
  donors_total: z.number(),
  recurring_donors: z.number(),
  new_donations: z.number(),
  new_recurring_donations: z.number(),
  new_donors: z.number(),
  npo_campaigns: z.array(ZCampaignRef),
  npo_payment_types: z.array(z.string()),
  npo_statuses: z.array(z.string()),
  npo_currencies: z.array(z.string()),
});
export type TSelectNpoResponse = z.infer<typeof ZSelectNpoResponse>;

export const ZSelectNpoQuery = z.object({
  npo_id: z.coerce.number().int().positive(),
  role_name: z.string().optional(),
  code: z.coerce.number().int().optional(),
});

export const ZRefreshUser = ZLoginUser.extend({
  role: z.number().int().nullable(),
  code: z.number().int().nullable(),
  npo: ZNpo.nullable(),
  campaigns: z.array(ZCampaignRef).nullable(),
  payment_types: z.array(z.string()).nullable(),
  statuses: z.array(z.string()).nullable(),
  currencies: z.array(z.string()).nullable(),
  last_sign_in_at: z.string().nullable(),
});

export const ZRefreshResponse = z.object({
  npo_user: ZRefreshUser,
  npos: z.array(ZOrganisationOption),
  stripe_publishable_key: z.string().nullable(),
  stripe_client_id: z.string().nullable(),
  paypal_client_id: z.string().nullable(),
  google_site_id: z.string().nullable(),
  /** Where 'Continue with Stripe' sends the browser: Stripe's authorize page or the sandbox one. */
  stripe_authorize_url: z.string(),
  backup_codes: z.array(z.string()).nullable(),
  npo_stats: ZOrganisationStats.nullable(),
  donations_total: z.number(),
  recurring_donations_total: z.number(),
  donors_total: z.number(),
  recurring_donors: z.number(),
  new_donations: z.number(),
  new_recurring_donations: z.number(),
  new_donors: z.number(),
});
export type TRefreshResponse = z.infer<typeof ZRefreshResponse>;

/** Public configuration the sign-in screen needs before anyone is signed in. */
export const ZAuthConfigResponse = z.object({
  google_client_id: z.string().nullable(),
  stripe_client_id: z.string().nullable(),
  stripe_authorize_url: z.string(),
});

export const ZUserPermissions = z.object({
  user_id: z.number().int(),
  npo_id: z.number().int(),
  role_code: z.number().int(),
  role_name: z.string(),
  /** The effective set (docs/product/team.md#permissions): the role's defaults with this member's changes. */
  permissions: z.array(z.string()),
  role_defaults: z.array(z.string()),
  /** What the role can hold at most: the checklist offers only these. */
  role_ceiling: z.array(z.string()),
});
export const ZUserPermissionsResponse = z.object({ data: ZUserPermissions });
export const ZUpdateUserPermissionsRequest = z
  .object({
    permissions: z
      .object({
        role_code: z.number().int().optional(),
        permissions: z.array(z.string().min(1).max(100)).max(100).optional(),
      })
      .strict(),
  })
  .strict();

// Sign-up, password reset and MFA settings: needed by the screens beside the sign-in calls
// (docs/product/sign-in.md#calls).
export const ZSignUpAccountRequest = z
  .object({
    first_name: z.string().trim().min(1, 'First name is required').max(100),
    last_name: z.string().trim().min(1, 'Last name is required').max(100),
    email,
    password: newPassword,
  })
  .strict();
export const ZCreateOrganisationRequest = z
  .object({
    name: z.string().trim().min(2, 'Organisation name is required').max(150),
    base_currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Choose a currency')
      // Left out: the platform's default currency (docs/decisions/083-platform-logo-and-organisation-defaults.md).
      .optional(),
    stripe_account: z.string().max(100).optional(),
    /** The browser's zone and language; anything unknown falls back to UTC and en-US (decision 027). */
    time_zone: z.string().max(100).optional(),
    locale: z.string().max(100).optional(),
  })
  .strict();
export const ZForgotPasswordRequest = z.object({ email }).strict();
export const ZResetPasswordRequest = z.object({ token: z.string().min(10).max(200), password: newPassword }).strict();
export const ZChangePasswordRequest = z.object({ current_password: password, new_password: newPassword }).strict();

export const ZMfaStatusResponse = z.object({
  otp_enabled: z.boolean(),
  backup_codes_remaining: z.number().int(),
});
export const ZMfaSetupResponse = z.object({ secret: z.string(), otpauth_url: z.string(), qr_data_url: z.string() });
export const ZMfaCodeRequest = z
  .object({
    otp_code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
  })
  .strict();
export const ZBackupCodesResponse = z.object({ backup_codes: z.array(z.string()) });
