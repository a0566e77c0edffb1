import { effectiveRole, mayOpen } from '../app/routes/route-access.ts';

/**
 * The code the shell decides by: the role code, or 5150 when the session only carries the role
 * name 'admin' (docs/product/sign-in.md#roles). The same rule as the route guard's, so menus and guards agree.
 */
export function effectiveRoleCode(role: number | null | undefined, roleName?: string | null): number | null {
  return effectiveRole(role ?? null, roleName ?? null);
}

/**
 * True when following a link to `path` would not end on /unauthorized for this role. Public paths are
 * always reachable; guarded ones follow the ACCESS lists of packages/contracts.
 */
export function canReachPath(path: string, role: number | null | undefined, roleName?: string | null): boolean {
  return mayOpen(path.split(/[?#]/)[0] ?? path, effectiveRoleCode(role, roleName));
}
