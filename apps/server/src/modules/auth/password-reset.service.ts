import { CONSTANTS, MESSAGES } from '@kindling/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import { consumeOrThrow } from '../../platform/security/rate-limiter.ts';
import { randomToken, sha256Hex } from '../../platform/security/tokens.ts';
import { recordAudit } from '../audit/index.ts';
import type { AuthDeps } from './auth.deps.ts';
import * as resets from './password-resets.repository.ts';
import { endSessionsOfUser } from './sessions.service.ts';
import * as users from './users.repository.ts';

const invalidLink = () => new AppError('NOT_FOUND', MESSAGES.resetLinkInvalid);

/** a***@example.org: enough to recognise one's own address, not to learn someone else's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * Sends a single-use reset link when the account exists. The caller answers the same either way,
 * so the form does not tell who has an account.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  email: string,
  client: { ip: string | null; origin: string },
): Promise<void> {
  await consumeOrThrow(deps.limits.passwordResetRequests, client.ip ?? 'unknown');
  const user = await users.findUserByEmail(deps.db, email);
  if (!user) return;
  const token = randomToken(32);
  await resets.insertPasswordReset(deps.db, {
    id: sha256Hex(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + CONSTANTS.passwordResetTtlMs),
  });
  const link = `${client.origin}/password-reset/${token}`;
  const greeting = user.firstName ? `Hello ${user.firstName},` : 'Hello,';
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your Kindling password',
    text: [
      greeting,
      '',
      `Someone, hopefully you, asked to reset the password of the Kindling account ${user.email}.`,
      '',
      'Choose a new password here:',
      link,
      '',
      'The link works once and expires in 1 hour.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      '',
      '— Kindling',
    ].join('\n'),
  });
}

export async function checkResetToken(deps: AuthDeps, token: string): Promise<string> {
  const reset = await resets.findLiveReset(deps.db, sha256Hex(token));
  if (!reset) throw invalidLink();
  return maskEmail(reset.email);
}

/** Sets the new password, uses up the link (and older ones) and signs the user out everywhere. */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; password: string },
  ip: string | null,
): Promise<void> {
  if (!(await resets.findLiveReset(deps.db, sha256Hex(input.token)))) throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction(async (tx) => {
    const userId = await resets.claimReset(tx, sha256Hex(input.token));
    if (userId === null) throw invalidLink();
    await users.setPasswordHash(tx, userId, passwordHash);
    await resets.useResetsOfUser(tx, userId);
    await endSessionsOfUser(tx, userId);
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'user.password_reset',
      targetType: 'user',
      targetId: userId,
      ip,
    });
    return users.findUserById(tx, userId);
  });
  // Whoever holds the mailbox proved it: earlier wrong guesses no longer lock the account.
  if (user) await deps.limits.signInByAccount.reset(user.email.toLowerCase());
}
