import type {
  TAuditFilter,
  TAuditResponse,
  TMemberSessionsResponse,
  TSecuritySettings,
  TSecuritySettingsRequest,
  TSignInHistoryResponse,
} from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { describeDevice } from '../../platform/format/user-agent.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { type AuditFilter, type AuditLogRow, auditFilterOptions, recordAudit, searchAuditLog } from '../audit/index.ts';
import {
  countMembersWithoutSecondFactor,
  endSessionOfOrganisation,
  findUserByEmail,
  listAttemptsOfOrganisation,
  listSessionsOfOrganisation,
  policyOf,
  savePolicy,
} from '../auth/index.ts';

export type Actor = { session: OrganisationSession; ip: string | null };

export async function getSettings(db: Db, npoId: number): Promise<TSecuritySettings> {
  const [policy, withoutSecondFactor] = await Promise.all([
    policyOf(db, npoId),
    countMembersWithoutSecondFactor(db, npoId),
  ]);
  return {
    require_two_factor: policy.requireTwoFactor,
    session_lifetime_hours: policy.sessionLifetimeHours,
    members_without_two_factor: withoutSecondFactor,
  };
}

/** Saves the sign-in policy and audits what changed (docs/product/security.md#policy). */
export async function updateSettings(db: Db, actor: Actor, input: TSecuritySettingsRequest) {
  const npoId = actor.session.selectedNpoId;
  if (input.require_two_factor && !(await findUserByEmail(db, actor.session.user.email))?.otpEnabled) {
    // Otherwise the admin would lock themselves out of this page until they set it up.
    const message = 'Set up two-step verification for your own account first (Account, Security tab).';
    throw new AppError('VALIDATION_FAILED', message, { require_two_factor: message });
  }
  await db.transaction(async (tx) => {
    const before = await policyOf(tx, npoId);
    const after = { requireTwoFactor: input.require_two_factor, sessionLifetimeHours: input.session_lifetime_hours };
    await savePolicy(tx, npoId, after);
    await recordAudit(tx, {
      npoId,
      actorUserId: actor.session.user.id,
      action: 'security.policy_changed',
      targetType: 'organisation',
      targetId: npoId,
      data: { before, after },
      ip: actor.ip,
    });
  });
  return getSettings(db, npoId);
}

export async function listSessions(db: Db, session: OrganisationSession): Promise<TMemberSessionsResponse> {
  const rows = await listSessionsOfOrganisation(db, session.selectedNpoId);
  return {
    sessions: rows.map((r) => ({
      id: r.publicId,
      user_id: r.userId,
      member: r.member || r.email,
      email: r.email,
      device: describeDevice(r.userAgent),
      ip: r.ip,
      signed_in_at: r.createdAt.toISOString(),
      last_seen_at: r.lastSeenAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
      current: r.id === session.id,
    })),
  };
}

/** Ends one of the organisation's sessions at once: its next request answers 401. */
export async function revokeSession(db: Db, actor: Actor, publicId: number): Promise<void> {
  const npoId = actor.session.selectedNpoId;
  await db.transaction(async (tx) => {
    const ended = await endSessionOfOrganisation(tx, npoId, publicId);
    if (!ended)
      throw new AppError('NOT_FOUND', 'This session has already ended, or is not one of this organisation’s.');
    await recordAudit(tx, {
      npoId,
      actorUserId: actor.session.user.id,
      action: 'session.revoked',
      targetType: 'user',
      targetId: ended.userId,
      data: { device: describeDevice(ended.userAgent), ip: ended.ip },
      ip: actor.ip,
    });
  });
}

export async function signInHistory(
  db: Db,
  npoId: number,
  query: { page: number; per_page: number; outcome: 'all' | 'failed' | 'succeeded' },
): Promise<TSignInHistoryResponse> {
  const { rows, total } = await listAttemptsOfOrganisation(db, npoId, {
    page: query.page,
    perPage: query.per_page,
    outcome: query.outcome,
  });
  return {
    attempts: rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      member: r.member || null,
      email: r.email,
      succeeded: r.succeeded,
      reason: r.reason,
      device: describeDevice(r.userAgent),
      ip: r.ip,
      at: r.createdAt.toISOString(),
    })),
    page: query.page,
    per_page: query.per_page,
    total,
  };
}

export const toAuditFilter = (f: TAuditFilter): AuditFilter => ({
  actorId: f.actor_id,
  action: f.action || undefined,
  entity: f.entity || undefined,
  from: f.from,
  to: f.to,
});

export const toAuditEntry = (r: AuditLogRow) => ({
  id: r.id,
  at: r.createdAt.toISOString(),
  actor_id: r.actorUserId,
  actor: r.actorName ?? (r.actorUserId === null ? 'System' : `User ${r.actorUserId}`),
  action: r.action,
  entity: r.targetType,
  entity_id: r.targetId,
  ip: r.ip,
  data: r.data,
});

export async function auditLogPage(
  db: Db,
  npoId: number,
  query: TAuditFilter & { page: number; per_page: number },
): Promise<TAuditResponse> {
  const [{ rows, total }, options] = await Promise.all([
    searchAuditLog(db, npoId, toAuditFilter(query), { page: query.page, perPage: query.per_page }),
    auditFilterOptions(db, npoId),
  ]);
  return { entries: rows.map(toAuditEntry), page: query.page, per_page: query.per_page, total, ...options };
}
