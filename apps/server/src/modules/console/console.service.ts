import {
  CONSOLE_MESSAGES,
  MESSAGES,
  type TConsoleFeeRequest,
  type TConsoleOrganisationDetail,
  type TOrganisationStatus,
  type TPlatformNotice,
  type TPlatformSettingsRequest,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { invalidateShortCaches } from '../../platform/cache/short-cache.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/session-context.ts';
import { mailAfterCommit } from '../../platform/mail/after-commit.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { recordAudit } from '../audit/index.ts';
import { resetSecondFactor, sendVerificationEmail, setAccountLocked, signOutEverywhere } from '../auth/index.ts';
import { pendingOwnerInvitation } from '../team/index.ts';
import {
  consoleAuditOf,
  findOrganisation,
  organisationFigures,
  organisationMembers,
  setOrganisationFee,
  setOrganisationStatus,
  setOrganisationVerified,
} from './console-organisations.repository.ts';
import { getPlatformSettings, savePlatformSettings } from './console-settings.ts';
import { findConsoleUser } from './console-users.repository.ts';

/** Who acts: every console action is audited with the operator, the reason and the address. */
export type Operator = { userId: number; ip: string | null };

export const audit = (
  tx: Tx,
  op: Operator,
  entry: { npoId: number | null; action: string; targetType: string; targetId: number; data: Record<string, unknown> },
) => recordAudit(tx, { ...entry, action: `console.${entry.action}`, actorUserId: op.userId, ip: op.ip });

async function organisationOrThrow(db: Tx, id: number) {
  const organisation = await findOrganisation(db, id);
  if (!organisation) throw new AppError('NOT_FOUND', CONSOLE_MESSAGES.organisationNotFound);
  return organisation;
}

export async function organisationDetail(db: Db, id: number): Promise<TConsoleOrganisationDetail> {
  const organisation = await organisationOrThrow(db, id);
  const [figures, members, auditTrail, settings, invitation] = await Promise.all([
    organisationFigures(db, id),
    organisationMembers(db, id),
    consoleAuditOf(db, 'organisation', id),
    getPlatformSettings(db),
    pendingOwnerInvitation(db, id),
  ]);
  return {
    organisation,
    effective_fee_bps: organisation.platform_fee_bps ?? settings.default_platform_fee_bps,
    figures,
    members,
    audit: auditTrail,
    owner_invitation: invitation
      ? { email: invitation.email, expires_at: invitation.expires_at, live: invitation.status === 'invited' }
      : null,
  };
}

const STATUS_ACTIONS: Record<TOrganisationStatus, string> = {
  active: 'organisation_reactivated',
  suspended: 'organisation_suspended',
  closed: 'organisation_closed',
};

/**
 * Suspend, reactivate or close. The campaign caches of this process are dropped at once, so the
 * next payment call reads the new status; other processes within their short cache time.
 */
export async function changeOrganisationStatus(
  db: Db,
  op: Operator,
  id: number,
  status: TOrganisationStatus,
  reason: string,
) {
  await db.transaction(async (tx) => {
    const organisation = await organisationOrThrow(tx, id);
    if (organisation.status === status) throw new AppError('CONFLICT', CONSOLE_MESSAGES.alreadyInStatus);
    if (organisation.status === 'closed') throw new AppError('CONFLICT', CONSOLE_MESSAGES.closedIsFinal);
    await setOrganisationStatus(tx, id, status, reason);
    await audit(tx, op, {
      npoId: id,
      action: STATUS_ACTIONS[status],
      targetType: 'organisation',
      targetId: id,
      data: { reason, from: organisation.status, to: status },
    });
  });
  invalidateShortCaches();
  return organisationDetail(db, id);
}

export async function verifyOrganisation(db: Db, op: Operator, id: number, verified: boolean, reason: string) {
  await db.transaction(async (tx) => {
    await organisationOrThrow(tx, id);
    await setOrganisationVerified(tx, id, verified);
    const action = verified ? 'organisation_verified' : 'organisation_unverified';
    await audit(tx, op, { npoId: id, action, targetType: 'organisation', targetId: id, data: { reason } });
  });
  return organisationDetail(db, id);
}

export async function changeOrganisationFee(db: Db, op: Operator, id: number, input: TConsoleFeeRequest) {
  await db.transaction(async (tx) => {
    const organisation = await organisationOrThrow(tx, id);
    await setOrganisationFee(tx, id, input.platform_fee_bps);
    await audit(tx, op, {
      npoId: id,
      action: 'organisation_fee_changed',
      targetType: 'organisation',
      targetId: id,
      data: { reason: input.reason, from: organisation.platform_fee_bps, to: input.platform_fee_bps },
    });
  });
  return organisationDetail(db, id);
}

export type UserAction = 'reset_second_factor' | 'sign_out_everywhere' | 'lock' | 'unlock' | 'resend_verification';

/** Acting on one's own account is refused, except resetting one's own second factor or resending one's link. */
const MAY_ACT_ON_SELF: UserAction[] = ['reset_second_factor', 'resend_verification'];

export async function actOnUser(
  deps: { db: Db; mailer: Mailer | null; origin: string },
  session: RequestSession,
  op: Operator,
  id: number,
  action: UserAction,
  reason: string,
) {
  const { db } = deps;
  if (id === session.user.id && !MAY_ACT_ON_SELF.includes(action))
    throw new AppError('CONFLICT', CONSOLE_MESSAGES.ownAccount);
  // The link's e-mail leaves only once its row and the audit entry are committed (decision 083).
  const mail = deps.mailer ? mailAfterCommit(deps.mailer) : null;
  await db.transaction(async (tx) => {
    const user = await findConsoleUser(tx, id);
    if (!user) throw new AppError('NOT_FOUND', CONSOLE_MESSAGES.userNotFound);
    if (action === 'resend_verification') {
      if (user.email_verified) throw new AppError('CONFLICT', MESSAGES.emailAlreadyVerified);
      if (!mail) throw new Error('the console resends verification links only with a mailer');
      const [firstName = ''] = user.name.split(' ');
      await sendVerificationEmail(tx, mail.mailer, { id, email: user.email, firstName }, deps.origin);
    }
    if (action === 'reset_second_factor') await resetSecondFactor(tx, id);
    if (action === 'sign_out_everywhere') await signOutEverywhere(tx, id);
    if (action === 'lock' || action === 'unlock') await setAccountLocked(tx, id, action === 'lock');
    await audit(tx, op, { npoId: null, action: `user_${action}`, targetType: 'user', targetId: id, data: { reason } });
  });
  await mail?.release();
  const user = await findConsoleUser(db, id);
  if (!user) throw new AppError('NOT_FOUND', CONSOLE_MESSAGES.userNotFound);
  return user;
}

export async function updateSettings(db: Db, op: Operator, input: TPlatformSettingsRequest) {
  await db.transaction(async (tx) => {
    const before = await getPlatformSettings(tx);
    await savePlatformSettings(tx, op.userId, input);
    const { reason, ...after } = input;
    await audit(tx, op, {
      npoId: null,
      action: 'settings_changed',
      targetType: 'platform',
      targetId: 1,
      data: { reason, before, after },
    });
  });
  return getPlatformSettings(db);
}

/** The shell's banner for any signed-in user, and for staff why their organisation takes no gifts. */
export async function platformNotice(db: Db, session: RequestSession): Promise<TPlatformNotice> {
  const { rows } = await db.execute<{
    name: string;
    logo: string | null;
    banner: string;
    status: TOrganisationStatus | null;
    reason: string | null;
    verified: boolean | null;
  }>(sql`
    SELECT s.name, s.logo_url AS logo, s.maintenance_banner AS banner, n.status, n.status_reason AS reason,
      (SELECT u.email_verified_at IS NOT NULL FROM users u WHERE u.id = ${session.user.id}) AS verified
    FROM platform_settings s LEFT JOIN npos n ON n.id = ${session.selectedNpoId} WHERE s.id = 1`);
  const row = rows[0];
  return {
    platform_name: row?.name ?? 'Kindling',
    platform_logo_url: row?.logo ?? null,
    maintenance_banner: row?.banner ?? '',
    organisation_status: row?.status ?? null,
    organisation_reason: row?.reason ?? '',
    // The shell's "confirm your address" banner (docs/product/sign-in.md#e-mail-verification).
    email_verified: row?.verified ?? true,
  };
}
