import { MESSAGES, type TOrganisationDefaults } from '@kindling/contracts';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { createFailureLimiter, type FailureLimiter } from '../../platform/security/rate-limiter.ts';
import type { OrganisationSnapshot } from '../organisations/index.ts';
import { createStripeConnect, type StripeConnect } from '../payments/index.ts';
import { createGoogleVerifier, type GoogleVerifier } from './google-identity.ts';

export type AuthLimits = {
  /** Failed passwords per client address and e-mail: past the limit that address is refused for that account. */
  signInByClient: FailureLimiter;
  /** Failed passwords per client address over every e-mail: one address spraying many accounts is refused. */
  signInByAddress: FailureLimiter;
  /**
   * Failed passwords per account from any address. Past the limit every attempt on the account is
   * slowed down, never refused: a refusal would let anyone lock the owner out (decision 023).
   */
  signInByAccount: FailureLimiter;
  /** Wrong current passwords when a signed-in user changes theirs: per user, so only the session holder counts. */
  passwordChange: FailureLimiter;
  /** Wrong second factors per user across challenges (NIST SP 800-63B 5.2.2; docs/product/sign-in.md#limits). */
  secondFactor: FailureLimiter;
  /** Forgot-password requests per client address: each one sends an e-mail. */
  passwordResetRequests: FailureLimiter;
  /** New verification links a signed-in user asks for, per user: each one sends an e-mail (decision 078). */
  verificationResends: FailureLimiter;
};

export type AuthDeps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  limits: AuthLimits;
  google: GoogleVerifier | null;
  stripeConnect: StripeConnect;
  /**
   * Runs in the transaction of every completed sign-in (password, second factor, Google, Stripe):
   * other modules act on a user's first sign-in after an invitation (fundraisers join).
   */
  onSignedIn?: (tx: Tx, userId: number) => Promise<void>;
  /** The selected organisation's snapshot (analysis module's getOrganisationSnapshot, from app.ts). */
  organisationSnapshot: (db: Db, npoId: number) => Promise<OrganisationSnapshot>;
  // console24: whether sign-up may create an organisation (the console's setting, from app.ts).
  signUpOpen?: (db: Db) => Promise<boolean>;
  // k24: what a new organisation starts with (the console's settings, decision 083).
  organisationDefaults?: (db: Db) => Promise<TOrganisationDefaults>;
};

export function createAuthDeps(base: {
  config: Config;
  db: Db;
  mailer: Mailer;
  onSignedIn?: AuthDeps['onSignedIn'];
  organisationSnapshot: AuthDeps['organisationSnapshot'];
  // console24: the platform's self-service sign-up switch.
  signUpOpen?: AuthDeps['signUpOpen'];
  organisationDefaults?: AuthDeps['organisationDefaults'];
}): AuthDeps {
  const { config, db } = base;
  const windowSeconds = config.RATE_LIMIT_WINDOW_MINUTES * 60;
  const limiter = (name: string, limit: number) =>
    createFailureLimiter(db, { name, limit, windowSeconds, message: MESSAGES.tooManyAttempts });
  return {
    ...base,
    limits: {
      signInByClient: limiter('sign-in-client', config.SIGN_IN_FAILURE_LIMIT),
      signInByAddress: limiter('sign-in-address', config.SIGN_IN_ADDRESS_FAILURE_LIMIT),
      signInByAccount: limiter('sign-in-account', config.SIGN_IN_ACCOUNT_FAILURE_LIMIT),
      passwordChange: limiter('password-change', config.SIGN_IN_FAILURE_LIMIT),
      secondFactor: limiter('second-factor', config.SECOND_FACTOR_FAILURE_LIMIT),
      passwordResetRequests: limiter('password-reset-request', config.PASSWORD_RESET_REQUEST_LIMIT),
      verificationResends: limiter('verification-resend', config.PASSWORD_RESET_REQUEST_LIMIT),
    },
    google: config.GOOGLE_CLIENT_ID ? createGoogleVerifier(config.GOOGLE_CLIENT_ID, config.GOOGLE_JWKS_URL) : null,
    stripeConnect: createStripeConnect(config, db),
  };
}
