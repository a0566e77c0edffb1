import type {
  TLoginResponse,
  TLoginUser,
  TOrganisationOption,
  TRefreshResponse,
  TSelectNpoResponse,
} from '@kindling/contracts';
import type { SessionState } from './session-types.ts';

/** Nothing known about the visitor yet; `phase` says whether the first refresh is still running. */
export function signedOutState(phase: SessionState['phase'] = 'ready'): SessionState {
  return {
    phase,
    userId: null,
    firstName: '',
    lastName: '',
    email: '',
    avatar: null,
    role: null,
    roleName: null,
    permissions: [],
    npos: [],
    selectedNpo: null,
    peerCampaigns: [],
    backupCodes: null,
    otpEnabled: false,
    otpRequiredForLogin: false,
    mfaSetupRequired: false,
    // Not true by default: we only call a visitor logged in once the server said so
    // (docs/product/sign-in.md#the-session).
    loggedIn: false,
    ...organisationCleared(),
    stripeAuthorizeUrl: null,
    selectedCampaignUrl: null,
  };
}

/** What belongs to the selected organisation: null or 0 until one is selected (docs/product/sign-in.md#the-session). */
function organisationCleared(): Pick<
  SessionState,
  | 'npoStats'
  | 'npo'
  | 'donationsTotal'
  | 'recurringDonationsTotal'
  | 'donorsTotal'
  | 'recurringDonors'
  | 'newDonations'
  | 'newRecurringDonations'
  | 'newDonors'
  | 'npoCampaigns'
  | 'npoPaymentTypes'
  | 'npoStatuses'
  | 'npoCurrencies'
  | 'stripeClientId'
  | 'stripePublishableKey'
  | 'paypalClientId'
  | 'googleSiteId'
  | 'newDonorsThisMonth'
  | 'upcomingEvent'
> {
  return {
    npoStats: null,
    npo: null,
    donationsTotal: 0,
    recurringDonationsTotal: 0,
    donorsTotal: 0,
    recurringDonors: 0,
    newDonations: 0,
    newRecurringDonations: 0,
    newDonors: 0,
    npoCampaigns: null,
    npoPaymentTypes: null,
    npoStatuses: null,
    npoCurrencies: null,
    stripeClientId: null,
    stripePublishableKey: null,
    paypalClientId: null,
    googleSiteId: null,
    newDonorsThisMonth: 0,
    upcomingEvent: null,
  };
}

/** Signed in means the server said logged_in and named the user (docs/product/sign-in.md#session-guard). */
export const isSignedIn = (state: Pick<SessionState, 'loggedIn' | 'userId'>): boolean =>
  state.loggedIn && state.userId !== null;

function userFields(user: TLoginUser) {
  return {
    userId: user.id ?? user.user_id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    avatar: user.avatar_url ?? user.avatar,
    permissions: user.permissions,
    peerCampaigns: user.peer_campaigns,
    otpEnabled: user.otp_enabled,
    otpRequiredForLogin: user.otp_required_for_login,
    mfaSetupRequired: user.mfa_setup_required ?? false,
    loggedIn: user.logged_in,
  };
}

/**
 * The only organisation, when there is exactly one: it is selected automatically
 * (docs/product/sign-in.md#after-sign-in).
 */
const onlyOrganisation = (npos: TOrganisationOption[]): TOrganisationOption | null =>
  npos.length === 1 ? (npos[0] ?? null) : null;

/** A fresh sign-in: everything about a previous user or organisation is dropped. */
export function stateFromLogin(login: TLoginResponse): SessionState {
  const base = signedOutState('ready');
  const user = login.npo_user;
  if (!user) return base;
  const selectedNpo = onlyOrganisation(login.npos);
  return {
    ...base,
    ...userFields(user),
    npos: login.npos,
    selectedNpo,
    // With one organisation the role is that membership's; with several it waits for /select-npo.
    role: selectedNpo ? (user.roles[0]?.code ?? selectedNpo.user_role) : null,
    roleName: selectedNpo ? (user.role_name ?? selectedNpo.role_name) : null,
    backupCodes: login.backup_codes && login.backup_codes.length > 0 ? login.backup_codes : null,
  };
}

/** GET /refresh: the server's view of the session, including the organisation selected earlier. */
export function stateFromRefresh(prev: SessionState, data: TRefreshResponse): SessionState {
  const user = data.npo_user;
  const selectedNpo =
    (user.npo ? data.npos.find((n) => n.id === user.npo?.id) : undefined) ?? onlyOrganisation(data.npos);
  const base = prev.userId === user.id ? prev : signedOutState('ready');
  const stats = data.npo_stats;
  return {
    ...base,
    ...userFields(user),
    phase: 'ready',
    npos: data.npos,
    selectedNpo,
    role: selectedNpo ? (user.code ?? user.role ?? selectedNpo.user_role) : null,
    roleName: selectedNpo ? (user.role_name ?? selectedNpo.role_name) : null,
    // The login response's codes are shown once on /profile#two-factor; a refresh must not erase them.
    backupCodes: data.backup_codes && data.backup_codes.length > 0 ? data.backup_codes : base.backupCodes,
    npo: user.npo,
    npoStats: stats,
    donationsTotal: data.donations_total,
    recurringDonationsTotal: data.recurring_donations_total,
    donorsTotal: data.donors_total,
    recurringDonors: data.recurring_donors,
    newDonations: data.new_donations,
    newRecurringDonations: data.new_recurring_donations,
    newDonors: data.new_donors,
    npoCampaigns: selectedNpo ? user.campaigns : null,
    npoPaymentTypes: selectedNpo ? user.payment_types : null,
    npoStatuses: selectedNpo ? user.statuses : null,
    npoCurrencies: selectedNpo ? user.currencies : null,
    stripeClientId: data.stripe_client_id,
    stripePublishableKey: data.stripe_publishable_key,
    paypalClientId: data.paypal_client_id,
    googleSiteId: data.google_site_id,
    stripeAuthorizeUrl: data.stripe_authorize_url,
    newDonorsThisMonth: stats?.new_donors ?? 0,
    upcomingEvent: stats?.upcoming_event ?? null,
  };
}

/** GET /npo_admin/select_npo: the chosen organisation and the role held in it. */
export function stateFromSelect(prev: SessionState, npo: TOrganisationOption, data: TSelectNpoResponse): SessionState {
  return {
    ...prev,
    ...userFields(data.npo_user),
    selectedNpo: npo,
    role: data.code,
    roleName: data.role_name,
    npo: data.npo,
    npoStats: data.npo_stats,
    donationsTotal: data.donations_total,
    recurringDonationsTotal: data.recurring_donations_total,
    donorsTotal: data.donors_total,
    recurringDonors: data.recurring_donors,
    newDonations: data.new_donations,
    newRecurringDonations: data.new_recurring_donations,
    newDonors: data.new_donors,
    npoCampaigns: data.npo_campaigns,
    npoPaymentTypes: data.npo_payment_types,
    npoStatuses: data.npo_statuses,
    npoCurrencies: data.npo_currencies,
    newDonorsThisMonth: data.npo_stats.new_donors,
    upcomingEvent: data.npo_stats.upcoming_event,
    selectedCampaignUrl: null,
  };
}
