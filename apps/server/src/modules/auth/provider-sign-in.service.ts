import { MESSAGES } from '@kindling/contracts';
import { retryAfterUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type ConnectedAccount, StripeConnectError } from '../payments/index.ts';
import type { AuthDeps } from './auth.deps.ts';
import { GoogleUnavailableError } from './google-identity.ts';
import { type ClientContext, completeFirstFactor, type SignInResult } from './sign-in.service.ts';
import * as users from './users.repository.ts';

const STATE_MISMATCH = 'Stripe sign-in state did not match. Please try again.';
const STRIPE_EMAIL_TAKEN =
  'A Kindling account already uses this Stripe account’s e-mail. Sign in with your password instead.';

/**
 * Google One Tap: the ID token names the account (`sub`); a verified e-mail links an existing
 * account once, or creates one without an organisation (the web app continues at sign-up step 3).
 */
export async function signInWithGoogle(
  deps: AuthDeps,
  credential: string,
  client: ClientContext,
): Promise<SignInResult> {
  if (!deps.google) throw new AppError('NOT_CONFIGURED', MESSAGES.googleNotConfigured);
  let identity: Awaited<ReturnType<typeof deps.google.verify>>;
  try {
    identity = await deps.google.verify(credential);
  } catch (error) {
    if (error instanceof GoogleUnavailableError) {
      throw new AppError('PROVIDER_ERROR', 'Google sign-in is unavailable right now. Please try again.');
    }
    throw error;
  }
  if (!identity) throw new AppError('UNAUTHENTICATED', 'Google sign-in failed. Please try again.');
  if (!identity.emailVerified) {
    throw new AppError('UNAUTHENTICATED', 'Your Google account e-mail is not verified.');
  }
  const verified = identity;
  const user = await retryAfterUniqueViolation(() => findOrCreateGoogleUser(deps, verified));
  return completeFirstFactor(deps, user, client, {});
}

type GoogleIdentity = NonNullable<Awaited<ReturnType<NonNullable<AuthDeps['google']>['verify']>>>;

async function findOrCreateGoogleUser(deps: AuthDeps, identity: GoogleIdentity): Promise<users.UserRow> {
  const { sub, email } = identity;
  const linked = await users.findUserByGoogleSub(deps.db, sub);
  if (linked) return linked;
  const byEmail = await users.findUserByEmail(deps.db, email);
  if (byEmail) {
    // A simultaneous first sign-in may have created this very user between the two reads.
    if (byEmail.googleSub === sub) return byEmail;
    if (!(await users.linkGoogleSub(deps.db, byEmail.id, sub))) {
      throw new AppError('UNAUTHENTICATED', 'This e-mail is linked to another Google account.');
    }
    return byEmail;
  }
  return users.insertUser(deps.db, {
    email,
    firstName: identity.firstName,
    lastName: identity.lastName,
    passwordHash: null,
    avatarUrl: identity.picture,
    googleSub: sub,
    stripeUserId: null,
  });
}

/**
 * Stripe sign-in: the state in the query, the one the web app echoed and its stripe_oauth_state
 * cookie must agree (login CSRF); then the code is exchanged once for the connected account.
 */
export async function signInWithStripe(
  deps: AuthDeps,
  input: { code: string; state: string; stripeOauthState: string; cookieState: string | undefined },
  client: ClientContext,
): Promise<SignInResult> {
  if (input.state !== input.stripeOauthState || input.cookieState !== input.state) {
    throw new AppError('VALIDATION_FAILED', STATE_MISMATCH);
  }
  let account: ConnectedAccount;
  try {
    account = await deps.stripeConnect.exchangeCode(input.code);
  } catch (error) {
    if (error instanceof StripeConnectError) throw new AppError('PROVIDER_ERROR', MESSAGES.stripeLoginFailed);
    throw error;
  }
  const user = await retryAfterUniqueViolation(() => findOrCreateStripeUser(deps, account));
  return completeFirstFactor(deps, user, client, { stripe_account: account.stripeUserId });
}

async function findOrCreateStripeUser(deps: AuthDeps, account: ConnectedAccount): Promise<users.UserRow> {
  const linked = await users.findUserByStripeUserId(deps.db, account.stripeUserId);
  if (linked) return linked;
  // Without an e-mail on the account there is nothing to match or create a user with.
  if (!account.email) throw new AppError('PROVIDER_ERROR', MESSAGES.stripeLoginFailed);
  // Stripe does not promise that an account's e-mail is verified, so it never unlocks an existing
  // Kindling account: that would let anyone who opens a Stripe account in a victim's name sign in.
  const byEmail = await users.findUserByEmail(deps.db, account.email);
  // A simultaneous first sign-in with this account may have created its user between the two reads.
  if (byEmail?.stripeUserId === account.stripeUserId) return byEmail;
  if (byEmail) throw new AppError('CONFLICT', STRIPE_EMAIL_TAKEN);
  return users.insertUser(deps.db, {
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    passwordHash: null,
    avatarUrl: null,
    googleSub: null,
    stripeUserId: account.stripeUserId,
  });
}
