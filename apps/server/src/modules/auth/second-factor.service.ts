import { CONSTANTS, MESSAGES } from '@kindling/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import { sha256Hex } from '../../platform/security/tokens.ts';
import { recordAudit } from '../audit/index.ts';
import type { AuthDeps } from './auth.deps.ts';
import { backupCodeDigest } from './backup-codes.ts';
import { claimChallengeAttempt, consumeChallenge, useBackupCode } from './second-factor.repository.ts';
import { type ClientContext, finishSignIn, type SignInResult } from './sign-in.service.ts';
import { recordAttempt } from './sign-in-attempts.ts';
import { matchTotpStep, openTotpSecret } from './totp.ts';
import * as users from './users.repository.ts';

const expired = () => new AppError('CHALLENGE_EXPIRED', MESSAGES.challengeExpired);

/**
 * Counts the attempt on the challenge (the sixth, or any on an expired or unknown challenge, is
 * refused) and checks the per-user limit across challenges.
 */
async function openChallenge(deps: AuthDeps, tempSessionId: string, client: ClientContext) {
  const challenge = await claimChallengeAttempt(deps.db, sha256Hex(tempSessionId), CONSTANTS.challengeMaxAttempts);
  if (!challenge) throw expired();
  const user = await users.findUserById(deps.db, challenge.userId);
  if (!user?.otpEnabled || !user.otpSecret) throw expired();
  try {
    await deps.limits.secondFactor.assertAllowed(String(user.id));
  } catch (refused) {
    await recordAttempt(deps.db, { userId: user.id, email: user.email, failure: 'too_many_attempts', client });
    throw refused;
  }
  return { challenge, user };
}

/** A wrong code: counted against the user's limit and kept in the sign-in history. */
async function wrongSecondFactor(deps: AuthDeps, user: users.UserRow, client: ClientContext) {
  await deps.limits.secondFactor.recordFailure(String(user.id));
  await recordAttempt(deps.db, { userId: user.id, email: user.email, failure: 'wrong_second_factor', client });
}

export async function verifyOtp(
  deps: AuthDeps,
  input: { tempSessionId: string; code: string },
  client: ClientContext,
): Promise<SignInResult> {
  const { challenge, user } = await openChallenge(deps, input.tempSessionId, client);
  const secret = openTotpSecret(deps.config.totpKey, user.id, user.otpSecret ?? '');
  const step = matchTotpStep(secret, input.code, user.otpConsumedStep);
  const result =
    step === null
      ? null
      : await deps.db.transaction(async (tx) => {
          // Both guards are conditional updates, so a code raced from two tabs signs in once.
          if (!(await users.consumeOtpStep(tx, user.id, step))) return null;
          if (!(await consumeChallenge(tx, challenge.id))) throw expired();
          return finishSignIn(deps, tx, user, client, challenge.context);
        });
  if (!result) {
    await wrongSecondFactor(deps, user, client);
    throw new AppError('INVALID_OTP', MESSAGES.invalidOtp);
  }
  await deps.limits.secondFactor.reset(String(user.id));
  return result;
}

export async function verifyBackupCode(
  deps: AuthDeps,
  input: { tempSessionId: string; code: string },
  client: ClientContext,
): Promise<SignInResult> {
  const { challenge, user } = await openChallenge(deps, input.tempSessionId, client);
  const digest = backupCodeDigest(deps.config.totpKey, input.code);
  // The code is used up in the same transaction that creates the session: both happen or neither.
  const result = await deps.db.transaction(async (tx) => {
    if (!(await useBackupCode(tx, user.id, digest))) return null;
    if (!(await consumeChallenge(tx, challenge.id))) throw expired();
    await recordAudit(tx, {
      actorUserId: user.id,
      action: 'user.backup_code_used',
      targetType: 'user',
      targetId: user.id,
      ip: client.ip,
    });
    return finishSignIn(deps, tx, user, client, challenge.context);
  });
  if (!result) {
    await wrongSecondFactor(deps, user, client);
    throw new AppError('INVALID_BACKUP_CODE', MESSAGES.invalidBackupCode);
  }
  await deps.limits.secondFactor.reset(String(user.id));
  return result;
}
