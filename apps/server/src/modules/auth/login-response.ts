import type { TLoginResponse, TLoginUser } from '@kindling/contracts';
import { type MembershipView, permissionsOf, toOrganisationOption } from '../organisations/index.ts';
import { photoUrlOf } from '../users/index.ts';
import type { UserRow } from './users.repository.ts';

/**
 * The signed-in user as the login calls return it; role fields describe `selected`, if any, and
 * `mfaSetupRequired` says its policy asks for a second factor this user has not set up.
 */
export function toLoginUser(user: UserRow, selected: MembershipView | null, mfaSetupRequired = false): TLoginUser {
  return {
    id: user.id,
    user_id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    role_name: selected?.roleName ?? null,
    roles: selected ? [{ code: selected.roleCode, name: selected.roleName }] : [],
    permissions: selected ? permissionsOf(selected) : [],
    // Peer campaigns arrive with the peer-to-peer issue.
    peer_campaigns: [],
    created_at: user.createdAt.toISOString(),
    avatar: photoUrlOf(user),
    avatar_url: photoUrlOf(user),
    logged_in: true,
    otp_enabled: user.otpEnabled,
    otp_required_for_login: user.otpEnabled,
    mfa_setup_required: mfaSetupRequired,
  };
}

export function loginResponse(
  user: UserRow,
  memberships: MembershipView[],
  selected: MembershipView | null,
  extras: { backupCodes: string[] | null; stripeAccount: string | null; mfaSetupRequired: boolean },
): TLoginResponse {
  return {
    status: 200,
    two_factor_required: false,
    temp_session_id: null,
    npo_user: toLoginUser(user, selected, extras.mfaSetupRequired),
    npos: memberships.map(toOrganisationOption),
    backup_codes: extras.backupCodes,
    stripe_account: extras.stripeAccount,
  };
}

/** The first factor passed; the second one is asked for with this temporary id. */
export const challengeResponse = (tempSessionId: string): TLoginResponse => ({
  status: 200,
  two_factor_required: true,
  temp_session_id: tempSessionId,
  npo_user: null,
  npos: [],
  backup_codes: null,
  stripe_account: null,
});
