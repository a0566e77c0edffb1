// The team page's members (docs/product/team.md): list, change role, suspend, remove, and the
// permission set on top of the role. Every change is audited; removing or suspending a member ends
// their sessions in the organisation at once.
import {
  isPermission,
  isRoleCode,
  PERMISSIONS,
  ROLE,
  ROLE_NAMES,
  rolePermissionCeiling,
  rolePermissionDefaults,
  type TTeamMember,
  type TUserPermissionsResponse,
} from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { endSessionsOfUserIn } from '../auth/index.ts';
import { permissionsOf } from '../organisations/index.ts';
import * as repo from './team.repository.ts';

type Actor = { session: OrganisationSession; ip: string | null };

const effective = (m: repo.MemberRow) =>
  permissionsOf({ roleCode: m.role_code, permissions: m.permissions, revokedPermissions: m.revoked_permissions });

export function toTeamMember(m: repo.MemberRow): TTeamMember {
  return {
    user_id: m.user_id,
    name: `${m.first_name} ${m.last_name}`.trim(),
    email: m.email,
    role_code: m.role_code,
    role_name: m.role_name,
    two_factor: m.otp_enabled,
    last_sign_in_at: m.last_sign_in_at ? new Date(m.last_sign_in_at).toISOString() : null,
    status: m.suspended_at ? 'suspended' : 'active',
    permissions: effective(m),
  };
}

const notFound = () => new AppError('NOT_FOUND', 'No such member in this organisation.');

/**
 * The member to change, locked: in the caller's organisation (else 404), not the caller, and a
 * super-admin only by a super-admin.
 */
async function targetOf(tx: Tx, actor: Actor, userId: number): Promise<repo.MemberRow> {
  const target = await repo.findMember(tx, actor.session.selectedNpoId, userId, true);
  if (!target) throw notFound();
  if (userId === actor.session.user.id) {
    throw new AppError('FORBIDDEN', 'You cannot change your own role, access or membership.');
  }
  if (target.role_code === ROLE.SUPER_ADMIN && actor.session.roleCode !== ROLE.SUPER_ADMIN) {
    throw new AppError('FORBIDDEN', 'Only a super-admin can change a super-admin.');
  }
  return target;
}

/** The organisation keeps at least one active admin (5150): 409 when this change would leave none. */
async function keepAnAdmin(tx: Tx, npoId: number, target: repo.MemberRow, what: string) {
  if (target.role_code !== ROLE.ADMIN || target.suspended_at) return;
  const admins = await repo.lockActiveAdmins(tx, npoId);
  if (admins.filter((id) => id !== target.user_id).length === 0) {
    throw new AppError(
      'CONFLICT',
      `${target.email} is the organisation’s last admin and cannot be ${what}. Make another member admin first.`,
    );
  }
}

const audit = (tx: Tx, actor: Actor, action: string, userId: number, data: Record<string, unknown>) =>
  recordAudit(tx, {
    npoId: actor.session.selectedNpoId,
    actorUserId: actor.session.user.id,
    action,
    targetType: 'user',
    targetId: userId,
    data,
    ip: actor.ip,
  });

export async function changeRole(db: Db, actor: Actor, userId: number, roleCode: number): Promise<TTeamMember> {
  return db.transaction(async (tx) => {
    const target = await targetOf(tx, actor, userId);
    if (roleCode !== target.role_code && roleCode !== ROLE.ADMIN) {
      await keepAnAdmin(tx, actor.session.selectedNpoId, target, 'demoted');
    }
    // A new role brings its own defaults: earlier changes to the set were relative to the old one.
    const values = { roleCode, roleName: ROLE_NAMES[roleCode as ROLE_CODE], permissions: [], revoked: [] };
    await repo.updateMember(tx, target.membership_id, values);
    await audit(tx, actor, 'membership.role_changed', userId, {
      before: { role_code: target.role_code, role_name: target.role_name },
      after: { role_code: roleCode, role_name: values.roleName },
    });
    return toTeamMember({
      ...target,
      role_code: roleCode,
      role_name: values.roleName,
      permissions: [],
      revoked_permissions: [],
    });
  });
}
type ROLE_CODE = keyof typeof ROLE_NAMES;

export async function setSuspended(db: Db, actor: Actor, userId: number, suspended: boolean): Promise<TTeamMember> {
  return db.transaction(async (tx) => {
    const target = await targetOf(tx, actor, userId);
    if (suspended) await keepAnAdmin(tx, actor.session.selectedNpoId, target, 'suspended');
    await repo.updateMember(tx, target.membership_id, { suspended });
    const ended = suspended ? await endSessionsOfUserIn(tx, userId, actor.session.selectedNpoId) : 0;
    await audit(tx, actor, suspended ? 'membership.suspended' : 'membership.reinstated', userId, {
      email: target.email,
      sessions_ended: ended,
    });
    return toTeamMember({ ...target, suspended_at: suspended ? new Date().toISOString() : null });
  });
}

export async function removeMember(db: Db, actor: Actor, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await targetOf(tx, actor, userId);
    await keepAnAdmin(tx, actor.session.selectedNpoId, target, 'removed');
    await repo.deleteMembership(tx, target.membership_id);
    const ended = await endSessionsOfUserIn(tx, userId, actor.session.selectedNpoId);
    await audit(tx, actor, 'membership.removed', userId, {
      email: target.email,
      role_code: target.role_code,
      sessions_ended: ended,
    });
  });
}

const toPermissionsResponse = (npoId: number, m: repo.MemberRow): TUserPermissionsResponse => ({
  data: {
    user_id: m.user_id,
    npo_id: npoId,
    role_code: m.role_code,
    role_name: m.role_name,
    permissions: effective(m),
    role_defaults: rolePermissionDefaults(m.role_code),
    role_ceiling: rolePermissionCeiling(m.role_code),
  },
});

export async function getPermissions(db: Db, session: OrganisationSession, userId: number) {
  const member = await repo.findMember(db, session.selectedNpoId, userId);
  if (!member) throw notFound();
  return toPermissionsResponse(session.selectedNpoId, member);
}

/**
 * Sets a member's role and effective permission set: stored as what it adds to and removes from
 * the role's defaults (docs/decisions/028-team-and-permissions.md). Only a super-admin grants 7789.
 */
export async function updatePermissions(
  db: Db,
  actor: Actor,
  userId: number,
  input: { role_code?: number | undefined; permissions?: string[] | undefined },
): Promise<TUserPermissionsResponse> {
  const roleCode = input.role_code;
  if (roleCode !== undefined && !isRoleCode(roleCode)) {
    throw new AppError('VALIDATION_FAILED', 'Choose one of the listed roles.', {
      role_code: 'Choose one of the listed roles.',
    });
  }
  const unknown = (input.permissions ?? []).filter((p) => !isPermission(p));
  if (unknown.length > 0) {
    const message = `Unknown permission: ${unknown.join(', ')}. Choose from ${PERMISSIONS.join(', ')}.`;
    throw new AppError('VALIDATION_FAILED', message, { permissions: message });
  }
  return db.transaction(async (tx) => {
    const target = await targetOf(tx, actor, userId);
    const role = roleCode ?? target.role_code;
    if (
      role === ROLE.SUPER_ADMIN &&
      target.role_code !== ROLE.SUPER_ADMIN &&
      actor.session.roleCode !== ROLE.SUPER_ADMIN
    ) {
      throw new AppError('FORBIDDEN', 'Only a super-admin can grant or remove the super-admin role.');
    }
    if (role !== target.role_code && role !== ROLE.ADMIN) {
      await keepAnAdmin(tx, actor.session.selectedNpoId, target, 'demoted');
    }
    const wanted = input.permissions ?? (role === target.role_code ? effective(target) : rolePermissionDefaults(role));
    const defaults = rolePermissionDefaults(role);
    const ceiling: readonly string[] = rolePermissionCeiling(role);
    const beyond = wanted.filter((p) => !ceiling.includes(p));
    if (beyond.length > 0) {
      const message = `The ${ROLE_NAMES[role as ROLE_CODE]} role cannot hold ${beyond.join(', ')}: its pages do not reach them.`;
      throw new AppError('VALIDATION_FAILED', message, { permissions: message });
    }
    const after = {
      ...target,
      role_code: role,
      role_name: role === target.role_code ? target.role_name : ROLE_NAMES[role as ROLE_CODE],
      permissions: PERMISSIONS.filter((p) => wanted.includes(p) && !defaults.includes(p)),
      revoked_permissions: defaults.filter((p) => !wanted.includes(p)),
    };
    await repo.updateMember(tx, target.membership_id, {
      roleCode: after.role_code,
      roleName: after.role_name,
      permissions: after.permissions,
      revoked: after.revoked_permissions,
    });
    await audit(tx, actor, 'membership.access_changed', userId, {
      before: { role_code: target.role_code, role_name: target.role_name, permissions: effective(target) },
      after: { role_code: after.role_code, role_name: after.role_name, permissions: effective(after) },
    });
    return toPermissionsResponse(actor.session.selectedNpoId, after);
  });
}

export async function listTeam(db: Db, npoId: number) {
  const [members, invitations] = await Promise.all([repo.listMembers(db, npoId), repo.listOpenInvitations(db, npoId)]);
  return { members: members.map(toTeamMember), invitations };
}
