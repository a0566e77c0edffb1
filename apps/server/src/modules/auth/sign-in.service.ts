import { setTimeout as sleep } from 'node:timers/promises';
import { CONSOLE_MESSAGES, CONSTANTS, MESSAGES, type TLoginResponse } from '@kindling/contracts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/session-context.ts';
import { hashPassword, verifyPassword } from '../../platform/security/passwords.ts';
import { randomToken, sha256Hex } from '../../platform/security/tokens.ts';
import { listMembershipsOfUser } from '../organisations/index.ts';
import type { AuthDeps } from './auth.deps.ts';
import { backupCodeDigest, generateBackupCodes } from './backup-codes.ts';
import { challengeResponse, loginResponse } from './login-response.ts';
import { type ChallengeContext, insertChallenge, replaceBackupCodes } from './second-factor.repository.ts';
import { endSessionByToken, maxAgeSecondsOf, startSession, toRequestSession } from './sessions.service.ts';
import { recordAttempt } from './sign-in-attempts.ts';
import * as users from './users.repository.ts';

/** Who is asking: recorded on the session, and the cookie of a session to replace. */
export type ClientContext = { ip: string | null; userAgent: string | null; previousSessionToken: string | null };

export type SignInResult =
  | { kind: 'challenge'; response: TLoginResponse }
  | { kind: 'session'; response: TLoginResponse; token: string; session: RequestSession; maxAgeSeconds: number };

let dummyHash: Promise<string> | null = null;
/** Verifying against a throw-away hash makes an unknown e-mail take as long as a wrong password. */
async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomToken(16));
  await verifyPassword(await dummyHash, password);
}

/**
 * Checks the password under three limits (decision 023): one address guessing one account and one
 * address guessing many are refused with 429; an account guessed from many addresses only answers
 * slowly, right and wrong passwords alike, so its owner can always sign in from elsewhere.
 */
export async function signInWithPassword(
  deps: AuthDeps,
  input: { email: string; password: string },
  client: ClientContext,
): Promise<SignInResult> {
  const { limits } = deps;
  const address = client.ip ?? 'unknown';
  const clientKey = `${address}|${input.email}`;
  const user = await users.findUserByEmail(deps.db, input.email);
  const attempt = { userId: user?.id ?? null, email: input.email, client };
  try {
    await limits.signInByClient.assertAllowed(clientKey);
    await limits.signInByAddress.assertAllowed(address);
  } catch (refused) {
    await recordAttempt(deps.db, { ...attempt, failure: 'too_many_attempts' });
    throw refused;
  }
  if (await limits.signInByAccount.isOverLimit(input.email)) await sleep(deps.config.SIGN_IN_SLOWDOWN_SECONDS * 1000);
  const isValid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await spendPasswordCheck(input.password).then(() => false);
  if (!user || !isValid) {
    await limits.signInByClient.recordFailure(clientKey);
    await limits.signInByAddress.recordFailure(address);
    await limits.signInByAccount.recordFailure(input.email);
    if (user) await users.incrementFailedAttempts(deps.db, user.id);
    await recordAttempt(deps.db, { ...attempt, failure: user ? 'wrong_password' : 'unknown_account' });
    throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
  }
  await limits.signInByClient.reset(clientKey);
  await limits.signInByAccount.reset(input.email);
  await users.resetFailedAttempts(deps.db, user.id);
  return completeFirstFactor(deps, user, client, {});
}

/** After any first factor: ask for the second one when the user has it, else sign in. */
export async function completeFirstFactor(
  deps: AuthDeps,
  user: users.UserRow,
  client: ClientContext,
  context: ChallengeContext,
): Promise<SignInResult> {
  // console24: a locked account passes no first factor (password, Google, Stripe; decision 046).
  if (user.lockedAt) throw new AppError('FORBIDDEN', CONSOLE_MESSAGES.accountLocked);
  if (!user.otpEnabled) return deps.db.transaction((tx) => finishSignIn(deps, tx, user, client, context));
  const tempSessionId = randomToken(32);
  await insertChallenge(deps.db, {
    id: sha256Hex(tempSessionId),
    userId: user.id,
    context,
    expiresAt: new Date(Date.now() + CONSTANTS.challengeTtlMs),
  });
  return { kind: 'challenge', response: challengeResponse(tempSessionId) };
}

/**
 * Creates the session (replacing the browser's previous one) inside the caller's transaction.
 * With exactly one organisation it is selected at once. A second-factor user who has never seen
 * backup codes gets ten now, returned this once.
 */
export async function finishSignIn(
  deps: AuthDeps,
  tx: Tx,
  user: users.UserRow,
  client: ClientContext,
  context: ChallengeContext,
): Promise<SignInResult> {
  const memberships = await listMembershipsOfUser(tx, user.id);
  const selected = memberships.length === 1 ? (memberships[0] ?? null) : null;
  if (client.previousSessionToken) await endSessionByToken(tx, client.previousSessionToken);
  const session = await startSession(tx, {
    userId: user.id,
    selectedNpoId: selected?.npoId ?? null,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  await users.recordSignIn(tx, user.id);
  await recordAttempt(tx, { userId: user.id, email: user.email, failure: null, client });
  await deps.onSignedIn?.(tx, user.id);
  let backupCodes: string[] | null = null;
  if (user.otpEnabled && !user.backupCodesIssuedAt) {
    backupCodes = await issueBackupCodes(deps, tx, user.id);
  }
  const requestSession = toRequestSession(session.id, user, selected, session.policy);
  return {
    kind: 'session',
    response: loginResponse(user, memberships, selected, {
      backupCodes,
      stripeAccount: context.stripe_account ?? null,
      mfaSetupRequired: requestSession.mfaSetupRequired,
    }),
    token: session.token,
    session: requestSession,
    maxAgeSeconds: maxAgeSecondsOf(session.policy),
  };
}

/** Replaces the user's backup codes with ten new ones and returns them in plain text (shown once). */
export async function issueBackupCodes(deps: AuthDeps, tx: Tx, userId: number): Promise<string[]> {
  const codes = generateBackupCodes();
  await replaceBackupCodes(
    tx,
    userId,
    codes.map((c) => backupCodeDigest(deps.config.totpKey, c)),
  );
  await users.updateOtpSettings(tx, userId, { backupCodesIssuedAt: new Date() });
  return codes;
}
