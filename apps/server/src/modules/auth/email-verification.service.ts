// E-mail verification (docs/product/sign-in.md#e-mail-verification, decision 078): a single-use,
// expiring link, stored hashed like password resets. Nothing else in the product waits for it.
import { CONSTANTS, MESSAGES } from '@kindling/contracts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/session-context.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { consumeOrThrow } from '../../platform/security/rate-limiter.ts';
import { randomToken, sha256Hex } from '../../platform/security/tokens.ts';
import { recordAudit } from '../audit/index.ts';
import type { AuthDeps } from './auth.deps.ts';
import * as links from './email-verifications.repository.ts';
import { maskEmail } from './password-reset.service.ts';
import * as users from './users.repository.ts';

type Recipient = { id: number; email: string; firstName: string };

/**
 * Issues a new link and e-mails it; `db` is the caller's transaction. Callers whose transaction goes on
 * after this pass a mailAfterCommit mailer, so the mail leaves only if it commits (decision 083).
 */
export async function sendVerificationEmail(db: Tx, mailer: Mailer, user: Recipient, origin: string): Promise<void> {
  const token = randomToken(32);
  await links.insertEmailVerification(db, {
    id: sha256Hex(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + CONSTANTS.emailVerificationTtlMs),
  });
  await mailer.send(
    {
      to: user.email,
      subject: 'Confirm your e-mail address for Kindling',
      text: [
        user.firstName ? `Hello ${user.firstName},` : 'Hello,',
        '',
        `Please confirm that ${user.email} is your address by opening this link:`,
        `${origin}/verify-email/${token}`,
        '',
        'The link works once and expires in 48 hours.',
        'If you did not create a Kindling account, ignore this e-mail.',
        '',
        '— Kindling',
      ].join('\n'),
    },
    db,
  );
}

/** Opens the e-mailed link: the address is verified once; a used, expired or unknown link says so. */
export async function verifyEmail(deps: AuthDeps, token: string, ip: string | null): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const userId = await links.claimEmailVerification(tx, sha256Hex(token));
    if (userId === null) throw new AppError('NOT_FOUND', MESSAGES.verificationLinkInvalid);
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'user.email_verified',
      targetType: 'user',
      targetId: userId,
      ip,
    });
  });
}

/** The signed-in user asks for a new link from the banner; limited per user, as each one sends an e-mail. */
export async function resendOwnVerification(
  deps: AuthDeps,
  session: RequestSession,
  origin: string,
): Promise<{ email: string }> {
  const user = await users.findUserById(deps.db, session.user.id);
  if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.notSignedIn);
  if (user.emailVerifiedAt) throw new AppError('CONFLICT', MESSAGES.emailAlreadyVerified);
  await consumeOrThrow(deps.limits.verificationResends, String(user.id));
  await deps.db.transaction((tx) => sendVerificationEmail(tx, deps.mailer, user, origin));
  return { email: maskEmail(user.email) };
}
