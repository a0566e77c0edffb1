import type {
  TLoginResponse,
  TLoginUser,
  TOrganisationOption,
  TRefreshResponse,
  TSelectNpoResponse,
} from '@kindling/contracts';
import { ROLE_NAMES, rolePermissionDefaults, type TRoleCode } from '@kindling/contracts';
import type { SessionState } from '../session/session-types.ts';

/** Login-shaped responses and session states as the server would produce them (docs/product/sign-in.md#the-session). */
export function organisation(id: number, code: TRoleCode, name = `Organisation ${id}`): TOrganisationOption {
  return { id, name, logo: null, role_name: ROLE_NAMES[code], user_role: code };
}

export function loginUser(code: TRoleCode | null, overrides: Partial<TLoginUser> = {}): TLoginUser {
  return {
    id: 42,
    user_id: 42,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@kindling.test',
    role_name: code ? ROLE_NAMES[code] : null,
    roles: code ? [{ code, name: ROLE_NAMES[code] }] : [],
    permissions: code ? rolePermissionDefaults(code) : [],
    peer_campaigns: [],
    created_at: '2026-01-01T00:00:00.000Z',
    avatar: null,
    avatar_url: null,
    logged_in: true,
    otp_enabled: false,
    otp_required_for_login: false,
    mfa_setup_required: false,
    ...overrides,
  };
}

export function loginResponse(npos: TOrganisationOption[], overrides: Partial<TLoginResponse> = {}): TLoginResponse {
  const code = npos.length === 1 ? (npos[0]?.user_role as TRoleCode) : null;
  return {
    status: 200,
    two_factor_required: false,
    temp_session_id: null,
    npo_user: loginUser(code),
    npos,
    backup_codes: null,
    stripe_account: null,
    ...overrides,
  };
}

export const twoFactorChallenge = (tempSessionId = 'tmp-123'): TLoginResponse => ({
  status: 200,
  two_factor_required: true,
  temp_session_id: tempSessionId,
  npo_user: null,
  npos: [],
  backup_codes: null,
  stripe_account: null,
});

export function refreshResponse(npos: TOrganisationOption[], code: number | null): TRefreshResponse {
  const user = loginUser(code as TRoleCode | null);
  const npo =
    npos.length === 1 && npos[0]
      ? { id: npos[0].id, name: npos[0].name, logo: null, base_currency: 'USD', time_zone: 'UTC', locale: 'en-US' }
      : null;
  return {
    npo_user: {
      ...user,
      role: code,
      code,
      npo,
      campaigns: npo ? [] : null,
      payment_types: npo ? ['card'] : null,
      statuses: npo ? ['active'] : null,
      currencies: npo ? ['USD'] : null,
      last_sign_in_at: null,
    },
    npos,
    stripe_publishable_key: null,
    stripe_client_id: null,
    paypal_client_id: null,
    google_site_id: null,
    stripe_authorize_url: '/sandbox/oauth/authorize',
    backup_codes: null,
    npo_stats: null,
    donations_total: 0,
    recurring_donations_total: 0,
    donors_total: 0,
    recurring_donors: 0,
    new_donations: 0,
    new_recurring_donations: 0,
    new_donors: 0,
  };
}

/** A signed-in session with one organisation and the given role code. */
export function signedInSession(code: TRoleCode, npos = [organisation(1, code)]): Partial<SessionState> {
  return {
    phase: 'ready',
    userId: 42,
    loggedIn: true,
    email: 'ada@kindling.test',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: npos.length === 1 ? code : null,
    roleName: npos.length === 1 ? ROLE_NAMES[code] : null,
    permissions: npos.length === 1 ? rolePermissionDefaults(code) : [],
    npos,
    selectedNpo: npos.length === 1 ? (npos[0] ?? null) : null,
  };
}

export const signedOutSession: Partial<SessionState> = { phase: 'ready', loggedIn: false, userId: null };

/** GET /npo_admin/select_npo for one organisation and role code. */
export function selectResponse(npo: TOrganisationOption, code: number): TSelectNpoResponse {
  const stats = {
    currency: 'USD',
    donations_total: 12_500,
    total_donations: 3,
    donors_count: 2,
    recurring_donors: 1,
    recurring_donations_total: 2_000,
    new_donations: 1,
    new_recurring_donations: 0,
    new_donors: 2,
    average_donation: 4_166,
    campaigns_count: 2,
    active_campaigns_count: 1,
    events_count: 0,
    monthly_goal: 0,
    monthly_raised: 0,
    recurring_monthly: 0,
    top_campaigns: [],
    upcoming_event: null,
  };
  return {
    code,
    role_name: ROLE_NAMES[code as TRoleCode] ?? 'member',
    npo: { id: npo.id, name: npo.name, logo: null, base_currency: 'USD', time_zone: 'UTC', locale: 'en-US' },
    npo_user: loginUser(code as TRoleCode),
    npo_stats: stats,
    donations_total: 12_500,
    recurring_donations_total: 2_000,
    donors_total: 2,
    recurring_donors: 1,
    new_donations: 1,
    new_recurring_donations: 0,
    new_donors: 2,
    npo_campaigns: [{ id: 1, name: 'Spring appeal', campaign_url: 'spring', status: 'active' }],
    npo_payment_types: ['card'],
    npo_statuses: ['active'],
    npo_currencies: ['USD'],
  };
}

// Organisation-locale formatting on staff screens: a session whose organisation writes in `locale`
// and keeps its days in `timeZone` (decision 027).
export function signedInSessionIn(code: TRoleCode, locale: string, timeZone: string): Partial<SessionState> {
  const session = signedInSession(code);
  const npo = session.selectedNpo ?? organisation(1, code);
  return {
    ...session,
    npo: { id: npo.id, name: npo.name, logo: null, base_currency: 'EUR', time_zone: timeZone, locale },
  };
}
