import {
  isRoleCode,
  ORGANISATION_SETTINGS_CODES,
  ROLE,
  ROLE_NAMES,
  type TUpdateUserPermissionsRequest,
  type TUserPermissionsResponse,
} from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { findMembership, type MembershipView, updateMembershipAccess } from './organisations.repository.ts';

const toResponse = (m: MembershipView): TUserPermissionsResponse => ({
  data: {
    user_id: m.userId,
    npo_id: m.npoId,
    role_code: m.roleCode,
    role_name: m.roleName,
    permissions: m.permissions,
  },
});

/** A member of the caller's selected organisation; anyone else is not found (404), whoever they are. */
async function getTargetMembership(db: Db, session: OrganisationSession, userId: number): Promise<MembershipView> {
  const membership = await findMembership(db, userId, session.selectedNpoId);
  if (!membership) throw new AppError('NOT_FOUND', 'No such member in this organisation.');
  return membership;
}

export async function getUserPermissions(db: Db, session: OrganisationSession, userId: number) {
  return toResponse(await getTargetMembership(db, session, userId));
}

/**
 * Changes a member's role and permission list. Rules: only organisation-settings roles get here
 * (the route checks); nobody changes their own access; only a super-admin (7789) grants 7789 or
 * changes a super-admin.
 */
export async function updateUserPermissions(
  db: Db,
  session: OrganisationSession,
  userId: number,
  input: TUpdateUserPermissionsRequest['permissions'],
  ip: string | null,
): Promise<TUserPermissionsResponse> {
  if (!(ORGANISATION_SETTINGS_CODES as readonly number[]).includes(session.roleCode)) {
    throw new AppError('FORBIDDEN', 'Your role in this organisation does not allow this.');
  }
  const target = await getTargetMembership(db, session, userId);
  if (userId === session.user.id) {
    throw new AppError('FORBIDDEN', 'You cannot change your own role or permissions.');
  }
  const roleCode = input.role_code ?? target.roleCode;
  if (!isRoleCode(roleCode)) {
    throw new AppError('VALIDATION_FAILED', 'Choose one of the listed roles.', {
      role_code: 'Choose one of the listed roles.',
    });
  }
  const isSuperAdminChange = roleCode === ROLE.SUPER_ADMIN || target.roleCode === ROLE.SUPER_ADMIN;
  if (isSuperAdminChange && roleCode !== target.roleCode && session.roleCode !== ROLE.SUPER_ADMIN) {
    throw new AppError('FORBIDDEN', 'Only a super-admin can grant or remove the super-admin role.');
  }
  if (target.roleCode === ROLE.SUPER_ADMIN && session.roleCode !== ROLE.SUPER_ADMIN) {
    throw new AppError('FORBIDDEN', 'Only a super-admin can change a super-admin.');
  }
  const after = {
    roleCode,
    roleName: roleCode === target.roleCode ? target.roleName : ROLE_NAMES[roleCode],
    permissions: [...new Set(input.permissions ?? target.permissions)],
  };
  await db.transaction(async (tx) => {
    await updateMembershipAccess(tx, target.membershipId, after);
    await recordAudit(tx, {
      npoId: session.selectedNpoId,
      actorUserId: session.user.id,
      action: 'membership.access_changed',
      targetType: 'user',
      targetId: userId,
      data: {
        before: { role_code: target.roleCode, role_name: target.roleName, permissions: target.permissions },
        after: { role_code: after.roleCode, role_name: after.roleName, permissions: after.permissions },
      },
      ip,
    });
  });
  return toResponse({ ...target, ...after });
}
