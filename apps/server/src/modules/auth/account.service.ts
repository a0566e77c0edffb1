import { CONSOLE_MESSAGES, MESSAGES, rolePermissionDefaults, type TOrganisationOption } from '@kindling/contracts';
import { refuseUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/session-context.ts';
import { mailAfterCommit } from '../../platform/mail/after-commit.ts';
import { hashPassword, verifyPassword } from '../../platform/security/passwords.ts';
import { recordAudit } from '../audit/index.ts';
import { createOrganisation } from '../organisations/index.ts';
import type { AuthDeps } from './auth.deps.ts';
import { sendVerificationEmail } from './email-verification.service.ts';
import { endSessionsOfUser, selectNpoForSession } from './sessions.service.ts';
import { type ClientContext, finishSignIn, type SignInResult } from './sign-in.service.ts';
import * as users from './users.repository.ts';

const emailTaken = () => new AppError('CONFLICT', MESSAGES.emailTaken, { email: MESSAGES.emailTaken });

/** Sign-up step 1: a new account, signed in at once, with no organisation yet. */
export async function signUp(
  deps: AuthDeps,
  input: { first_name: string; last_name: string; email: string; password: string },
  client: ClientContext & { origin: string },
): Promise<SignInResult> {
  if (await users.findUserByEmail(deps.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  // The verification e-mail leaves once the account is committed (decision 083).
  const mail = mailAfterCommit(deps.mailer);
  try {
    const result = await deps.db.transaction(async (tx) => {
      const user = await users.insertUser(tx, {
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
        passwordHash,
        avatarUrl: null,
        googleSub: null,
        stripeUserId: null,
        // Only self-service sign-up starts unverified: the link below proves the mailbox (decision 078).
        emailVerifiedAt: null,
      });
      await sendVerificationEmail(tx, mail.mailer, user, client.origin);
      await recordAudit(tx, {
        actorUserId: user.id,
        action: 'user.signed_up',
        targetType: 'user',
        targetId: user.id,
        ip: client.ip,
      });
      return finishSignIn(deps, tx, user, client, {});
    });
    await mail.release();
    return result;
  } catch (error) {
    // Two sign-ups with one address at once: the unique index decides, the loser gets the same answer.
    refuseUniqueViolation(error, { users_email_uq: emailTaken });
  }
}

/** Changes the password after checking the current one; other sessions of the user end. */
export async function changePassword(
  deps: AuthDeps,
  session: RequestSession,
  input: { current_password: string; new_password: string },
  ip: string | null,
): Promise<void> {
  const user = await users.findUserById(deps.db, session.user.id);
  if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.notSignedIn);
  // A stolen session must not become a way to guess the password: as many tries as sign-in allows
  // one address, counted per user so that nobody else's failures can block the owner.
  const userKey = String(user.id);
  await deps.limits.passwordChange.assertAllowed(userKey);
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    await deps.limits.passwordChange.recordFailure(userKey);
    const message = 'Your current password is not correct.';
    throw new AppError('INVALID_CREDENTIALS', message, { current_password: message });
  }
  const passwordHash = await hashPassword(input.new_password);
  await deps.db.transaction(async (tx) => {
    await users.setPasswordHash(tx, user.id, passwordHash);
    await endSessionsOfUser(tx, user.id, session.id);
    await recordAudit(tx, {
      actorUserId: user.id,
      action: 'user.password_changed',
      targetType: 'user',
      targetId: user.id,
      ip,
    });
  });
}

/**
 * Sign-up step 2 (or step 3 after a provider sign-in): the caller's new organisation, selected for
 * this session. A Stripe account is linked only when it is the one the caller signed in with.
 */
export async function createOwnOrganisation(
  deps: AuthDeps,
  session: RequestSession,
  input: {
    name: string;
    /** Left out: the platform's default currency (decision 083). */
    base_currency?: string | undefined;
    stripe_account?: string | undefined;
    time_zone?: string | undefined;
    locale?: string | undefined;
  },
  ip: string | null,
): Promise<{ npo: TOrganisationOption; session: RequestSession }> {
  const user = await users.findUserById(deps.db, session.user.id);
  if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.notSignedIn);
  // console24: with self-service sign-up off, organisations come only from the console (decision 046).
  if (deps.signUpOpen && !(await deps.signUpOpen(deps.db))) {
    throw new AppError('FORBIDDEN', CONSOLE_MESSAGES.signUpClosed);
  }
  const stripeAccountId = input.stripe_account || null;
  if (stripeAccountId && stripeAccountId !== user.stripeUserId) {
    const message = 'This Stripe account is not the one you signed in with.';
    throw new AppError('VALIDATION_FAILED', message, { stripe_account: message });
  }
  const defaults = deps.organisationDefaults ? await deps.organisationDefaults(deps.db) : null;
  const npo = await createOrganisation(deps.db, {
    userId: user.id,
    name: input.name,
    baseCurrency: input.base_currency ?? defaults?.base_currency ?? 'USD',
    stripeAccountId,
    timeZone: input.time_zone,
    locale: input.locale,
    ip,
    ...(defaults ? { defaults } : {}),
  });
  await selectNpoForSession(deps.db, session.id, npo.id);
  return {
    npo,
    session: {
      ...session,
      selectedNpoId: npo.id,
      roleCode: npo.user_role,
      roleName: npo.role_name,
      permissions: rolePermissionDefaults(npo.user_role),
      // A new organisation has no sign-in policy yet.
      mfaSetupRequired: false,
    },
  };
}
