import { z } from 'zod';
import { ACCESS } from './access.ts';
import { CONSTANTS } from './messages.ts';
import { ORGANISATION_SETTINGS_CODES, ROLE, type TRoleCode } from './roles.ts';

/**
 * Fine-grained permissions on top of a role (docs/product/team.md#permissions). Each one names the
 * server routes it governs; the role gives the defaults and a member's set may add or remove some.
 */
export const PERMISSIONS = [
  'donations.refund',
  'donations.export',
  'donors.merge',
  'campaigns.publish',
  'settings.payments',
  'team.manage',
  'reports.view',
] as const;
export type TPermission = (typeof PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<TPermission, string> = {
  'donations.refund': 'Refund donations',
  'donations.export': 'Export donations',
  'donors.merge': 'Merge donors',
  'campaigns.publish': 'Publish campaigns',
  'settings.payments': 'Payment settings',
  'team.manage': 'Manage the team',
  'reports.view': 'View reports',
};

export const isPermission = (value: unknown): value is TPermission =>
  typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);

const inGroup = (codes: readonly number[], code: number) => codes.includes(code);

/**
 * What a role can hold at most: the permissions whose routes its access group reaches. A set never
 * goes beyond it (granting more would show a tick the server still refuses).
 */
export function rolePermissionCeiling(roleCode: number): TPermission[] {
  const admin = inGroup(ACCESS.admin, roleCode);
  const dashboard = inGroup(ACCESS.dashboard, roleCode);
  const byPermission: Record<TPermission, boolean> = {
    'donations.refund': admin,
    'donations.export': dashboard,
    'donors.merge': admin,
    'campaigns.publish': admin,
    'settings.payments': admin,
    'team.manage': inGroup(ORGANISATION_SETTINGS_CODES, roleCode),
    'reports.view': dashboard,
  };
  return PERMISSIONS.filter((p) => byPermission[p]);
}

/** Finance (2001) starts without merging donors or publishing campaigns: money, not content. */
const NOT_BY_DEFAULT: Partial<Record<number, readonly TPermission[]>> = {
  [ROLE.FINANCE]: ['donors.merge', 'campaigns.publish'],
};

/** The defaults of each role: its ceiling, less what the role does not do unless granted. */
export function rolePermissionDefaults(roleCode: number): TPermission[] {
  const withheld = NOT_BY_DEFAULT[roleCode] ?? [];
  return rolePermissionCeiling(roleCode).filter((p) => !withheld.includes(p));
}

/** A member's effective set: the role's defaults, plus what was granted, minus what was removed. */
export function effectivePermissions(
  roleCode: number,
  granted: readonly string[],
  revoked: readonly string[],
): TPermission[] {
  const defaults = rolePermissionDefaults(roleCode);
  const ceiling = rolePermissionCeiling(roleCode);
  return ceiling.filter((p) => (defaults.includes(p) || granted.includes(p)) && !revoked.includes(p));
}

/** Roles an invitation may give (a fundraiser, 1123, joins through fundraising instead). */
export const INVITABLE_ROLES = [ROLE.ADMIN, ROLE.MANAGER, ROLE.FINANCE, ROLE.STAFF] as const satisfies TRoleCode[];

export const INVITATION_TTL_DAYS = 7;

const roleCode = z
  .number({ message: 'Choose a role' })
  .int()
  .refine((c) => (INVITABLE_ROLES as readonly number[]).includes(c), 'Choose one of the listed roles');

export const ZTeamMember = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role_code: z.number().int(),
  role_name: z.string(),
  two_factor: z.boolean(),
  last_sign_in_at: z.string().nullable(),
  status: z.enum(['active', 'suspended']),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export const ZTeamInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role_code: z.number().int(),
  role_name: z.string(),
  invited_at: z.string(),
  expires_at: z.string(),
  status: z.enum(['invited', 'expired']),
});
export const ZTeamResponse = z.object({
  members: z.array(ZTeamMember),
  invitations: z.array(ZTeamInvitation),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;
export type TTeamInvitation = z.infer<typeof ZTeamInvitation>;
export type TTeamResponse = z.infer<typeof ZTeamResponse>;

export const ZInviteMemberRequest = z
  .object({
    email: z.string().trim().toLowerCase().email('Enter a valid email address').max(254),
    role_code: roleCode,
  })
  .strict();
export const ZChangeRoleRequest = z.object({ role_code: roleCode }).strict();
export const ZSuspendRequest = z.object({ suspended: z.boolean() }).strict();

/** What the public invitation page shows before accepting. */
export const ZInvitationPreview = z.object({
  organisation: z.string(),
  email: z.string(),
  role_name: z.string(),
  /** True when an account with this e-mail exists: it signs in and accepts instead of choosing a password. */
  has_account: z.boolean(),
  /** Who is signed in in this browser, relative to the invitation. */
  signed_in: z.enum(['none', 'invitee', 'other']),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

/** Accepting: a new account gives its name and password; a signed-in invitee sends an empty body. */
export const ZAcceptInvitationRequest = z
  .object({
    first_name: z.string().trim().min(1, 'First name is required').max(100).optional(),
    last_name: z.string().trim().min(1, 'Last name is required').max(100).optional(),
    password: z
      .string()
      .min(CONSTANTS.passwordMinLength, `Use at least ${CONSTANTS.passwordMinLength} characters`)
      .max(256, 'Use at most 256 characters')
      .optional(),
  })
  .strict();
export const ZAcceptInvitationResponse = z.object({ organisation: z.string(), signed_in: z.boolean() });
export type TAcceptInvitationResponse = z.infer<typeof ZAcceptInvitationResponse>;
export type TInviteMemberRequest = z.infer<typeof ZInviteMemberRequest>;

/** How the team page names each role. */
export const TEAM_ROLE_LABELS: Record<number, string> = {
  7789: 'Super-admin',
  5150: 'Admin',
  6635: 'Manager',
  2001: 'Finance',
  1984: 'Staff',
  1123: 'Fundraiser',
};
