/** Role codes in docs/product/sign-in.md#roles. A role is held per organisation (a membership). */
export const ROLE = {
  SUPER_ADMIN: 7789,
  ADMIN: 5150,
  MANAGER: 6635,
  FINANCE: 2001,
  STAFF: 1984,
  PEER: 1123,
} as const;

export type TRoleCode = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_CODES: readonly TRoleCode[] = Object.values(ROLE);

/** The role name stored with each code; names containing 'admin' show the admin icon in the switcher. */
export const ROLE_NAMES: Record<TRoleCode, string> = {
  7789: 'super_admin',
  5150: 'admin',
  6635: 'manager',
  2001: 'finance_admin',
  1984: 'staff',
  1123: 'fundraiser',
};

export const isRoleCode = (value: unknown): value is TRoleCode =>
  typeof value === 'number' && (ROLE_CODES as readonly number[]).includes(value);

/** Admin-type roles get the full sidebar (docs/product/shell.md#sidebar). */
export const ADMIN_TYPE_CODES: readonly TRoleCode[] = [7789, 6635, 5150, 2001];

export const isAdminType = (code: number | null | undefined, roleName?: string | null): boolean =>
  (code != null && (ADMIN_TYPE_CODES as readonly number[]).includes(code)) || roleName === 'admin';

/** Codes that also see Organisation and Team settings (not 2001). */
export const ORGANISATION_SETTINGS_CODES: readonly TRoleCode[] = [7789, 6635, 5150];
