import type {
  TOrganisationOption,
  TOrganisationStats,
  TRefreshResponse,
  TSelectNpoResponse,
} from '@kindling/contracts';

type TCampaignRef = NonNullable<TRefreshResponse['npo_user']['campaigns']>[number];
type TNpo = NonNullable<TRefreshResponse['npo_user']['npo']>;

/**
 * Session state in docs/product/sign-in.md#the-session. Before an organisation is selected, its parts are null or 0.
 */
export type SessionState = {
  /** 'checking' while the first refresh runs (a spinner shows), then 'ready'. */
  phase: 'checking' | 'ready';
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
  /** Numeric role code for the selected organisation. */
  role: number | null;
  roleName: string | null;
  /** The effective permission set in the selected organisation (docs/product/team.md#permissions). */
  permissions: string[];
  npos: TOrganisationOption[];
  /** Set automatically only when the user has exactly one organisation. */
  selectedNpo: TOrganisationOption | null;
  peerCampaigns: unknown[];
  backupCodes: string[] | null;
  otpEnabled: boolean;
  otpRequiredForLogin: boolean;
  /**
   * The selected organisation requires a second factor this user has not set up: the guard sends
   * them to set it up before anything else (docs/product/security.md#two-step-verification).
   */
  mfaSetupRequired: boolean;
  loggedIn: boolean;
  npoStats: TOrganisationStats | null;
  npo: TNpo | null;
  donationsTotal: number;
  recurringDonationsTotal: number;
  donorsTotal: number;
  recurringDonors: number;
  newDonations: number;
  newRecurringDonations: number;
  newDonors: number;
  npoCampaigns: TCampaignRef[] | null;
  npoPaymentTypes: string[] | null;
  npoStatuses: string[] | null;
  npoCurrencies: string[] | null;
  stripeClientId: string | null;
  stripePublishableKey: string | null;
  paypalClientId: string | null;
  googleSiteId: string | null;
  stripeAuthorizeUrl: string | null;
  selectedCampaignUrl: string | null;
  newDonorsThisMonth: number;
  upcomingEvent: TOrganisationStats['upcoming_event'];
};

export type SessionActions = {
  /** GET /refresh; resolves true when the server shows the user as logged in. */
  refresh: () => Promise<boolean>;
  /** Stores a login-shaped response after any successful sign-in. */
  applyLogin: (login: import('@kindling/contracts').TLoginResponse) => void;
  /** GET /npo_admin/select_npo and store the result; resolves with it. */
  selectNpo: (npo: TOrganisationOption) => Promise<TSelectNpoResponse>;
  /** POST /logout (or GET for the sidebar button), clear state. */
  logout: (method?: 'GET' | 'POST') => Promise<void>;
  clearBackupCodes: () => void;
  /**
   * Keeps the session's otp flag in step after MFA is enabled or disabled on /profile; turning it on
   * also meets the organisation's requirement.
   */
  setOtpEnabled: (enabled: boolean) => void;
  setSelectedCampaignUrl: (url: string | null) => void;
};

export type SessionValue = SessionState & SessionActions;
