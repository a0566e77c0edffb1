// Changing one's e-mail address (docs/product/profile.md#e-mail-address): a single-use link goes
// to the new address and the change happens only when it is opened; the old address is told.
import { EMAIL_CHANGE_TTL_HOURS } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { refuseUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/session-context.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { verifyPassword } from '../../platform/security/passwords.ts';
import type { FailureLimiter } from '../../platform/security/rate-limiter.ts';
import { randomToken, sha256Hex } from '../../platform/security/tokens.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './profile.repository.ts';
import { type Actor, userOf } from './profile.service.ts';

export type EmailChangeDeps = { db: Db; mailer: Mailer; origin: string; passwordTries: FailureLimiter };

const TTL_MS = EMAIL_CHANGE_TTL_HOURS * 60 * 60 * 1000;
const TAKEN = 'Another account already uses this e-mail address.';
const taken = () => new AppError('CONFLICT', TAKEN, { new_email: TAKEN });
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const greeting = (firstName: string) => (firstName ? `Hello ${firstName},` : 'Hello,');

/** A stolen session must not be enough to take the account over: the password is asked when there is one. */
async function checkPassword(deps: EmailChangeDeps, user: repo.ProfileUser, password: string | undefined) {
  if (!user.passwordHash) return;
  const key = String(user.id);
  await deps.passwordTries.assertAllowed(key);
  if (!password || !(await verifyPassword(user.passwordHash, password))) {
    await deps.passwordTries.recordFailure(key);
    const message = password ? 'Your current password is not correct.' : 'Enter your current password.';
    throw new AppError(password ? 'INVALID_CREDENTIALS' : 'VALIDATION_FAILED', message, { current_password: message });
  }
}

export async function requestEmailChange(
  deps: EmailChangeDeps,
  actor: Actor,
  input: { new_email: string; current_password?: string | undefined },
): Promise<{ pendingEmail: string }> {
  const user = await userOf(deps.db, actor.userId);
  if (sameEmail(user.email, input.new_email)) {
    const message = 'This is already your e-mail address.';
    throw new AppError('VALIDATION_FAILED', message, { new_email: message });
  }
  await checkPassword(deps, user, input.current_password);
  if (await repo.findOtherUserWithEmail(deps.db, input.new_email, user.id)) throw taken();
  const token = randomToken(32);
  // The row and the e-mail go together: a mail that cannot be handed over leaves no request.
  await deps.db.transaction(async (tx) => {
    await repo.replaceOpenRequests(tx, user.id);
    await repo.insertEmailChange(tx, {
      id: sha256Hex(token),
      userId: user.id,
      newEmail: input.new_email,
      expiresAt: new Date(Date.now() + TTL_MS),
    });
    await recordAudit(tx, {
      actorUserId: user.id,
      action: 'user.email_change_requested',
      targetType: 'user',
      targetId: user.id,
      data: { to: input.new_email },
      ip: actor.ip,
    });
    await deps.mailer.send(
      {
        to: input.new_email,
        subject: 'Confirm your new e-mail address for Kindling',
        text: [
          greeting(user.firstName),
          '',
          `You asked to use this address, ${input.new_email}, for your Kindling account instead of ${user.email}.`,
          '',
          'Confirm the change here:',
          `${deps.origin}/confirm-email/${token}`,
          '',
          `The link works once and expires in ${EMAIL_CHANGE_TTL_HOURS} hours. Until it is opened, nothing changes.`,
          'If you did not ask for this, ignore this e-mail.',
          '',
          '— Kindling',
        ].join('\n'),
      },
      tx,
    );
  });
  return { pendingEmail: input.new_email };
}

/** Why a link cannot be used, in words; null when it can. */
function refusalOf(row: repo.EmailChangeRow | null): AppError | null {
  if (!row) return new AppError('NOT_FOUND', 'This link is not valid. Check that you copied all of it.');
  if (row.usedAt) return new AppError('CONFLICT', 'This link has already been used. Nothing was changed.');
  if (row.replacedAt) {
    return new AppError('CONFLICT', 'A newer link was sent for this account: open the latest e-mail instead.');
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    return new AppError('CONFLICT', 'This link has expired. Ask for a new one on your profile page.');
  }
  return null;
}

/**
 * Opens a link: the account's address becomes the new one, once. Opened while signed in as
 * another account, used, replaced, expired, or the address taken meanwhile: refused, nothing changes.
 */
export async function confirmEmailChange(
  deps: EmailChangeDeps,
  token: string,
  session: RequestSession | null,
  ip: string | null,
): Promise<{ email: string }> {
  try {
    const { oldEmail, user } = await deps.db.transaction(async (tx) => {
      const row = await repo.lockEmailChange(tx, sha256Hex(token));
      const refusal = refusalOf(row);
      if (refusal || !row) throw refusal;
      if (session && session.user.id !== row.userId) {
        throw new AppError(
          'CONFLICT',
          `You are signed in as ${session.user.email}, but this link is for another account. Sign out and open the link again.`,
        );
      }
      if (await repo.findOtherUserWithEmail(tx, row.newEmail, row.userId)) throw taken();
      const before = await userOf(tx, row.userId);
      // The link reached the new mailbox, so the address is verified (decision 078).
      const after = await repo.updateUser(tx, row.userId, { email: row.newEmail, emailVerifiedAt: new Date() });
      await repo.markEmailChangeUsed(tx, row.id);
      await recordAudit(tx, {
        actorUserId: row.userId,
        action: 'user.email_changed',
        targetType: 'user',
        targetId: row.userId,
        data: { from: before.email, to: after.email },
        ip,
      });
      return { oldEmail: before.email, user: after };
    });
    await deps.mailer.send({
      to: oldEmail,
      subject: 'Your Kindling e-mail address was changed',
      text: [
        greeting(user.firstName),
        '',
        `The e-mail address of your Kindling account is now ${user.email}; it was ${oldEmail}.`,
        'From now on, sign in with the new address. Messages about your account go there.',
        '',
        'If you did not make this change, reply to this e-mail or contact your organisation at once.',
        '',
        '— Kindling',
      ].join('\n'),
    });
    return { email: user.email };
  } catch (error) {
    // The address was taken between the check and the update: the unique index decides.
    refuseUniqueViolation(error, { users_email_uq: taken });
  }
}
