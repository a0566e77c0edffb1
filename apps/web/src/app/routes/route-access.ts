import { canReach, GUARDED_ROUTES, ROLE, type TAccessGroup } from '@kindling/contracts';
import { matchPath } from 'react-router';

/**
 * How a route inside the authenticated area is guarded: a role group in docs/product/sign-in.md#route-access, or
 * 'signed-in' for pages any signed-in user may open (notifications, account settings…).
 */
export type TRouteAccess = TAccessGroup | 'signed-in';
export type TRouteHandle = { access: TRouteAccess };

export const accessHandle = (access: TRouteAccess): TRouteHandle => ({ access });

/** The access rule of the deepest matched route that declares one. */
export function accessOfMatches(matches: ReadonlyArray<{ handle?: unknown }>): TRouteAccess | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as Partial<TRouteHandle> | undefined;
    if (handle?.access) return handle.access;
  }
  return null;
}

/** The role group guarding a concrete path, or null when no role list applies. */
export function accessGroupOfPath(pathname: string): TAccessGroup | null {
  return GUARDED_ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname))?.group ?? null;
}

/** docs/product/sign-in.md#roles: the role name 'admin' stands in for an admin code when no code is known. */
export const effectiveRole = (role: number | null, roleName: string | null): number | null =>
  role ?? (roleName === 'admin' ? ROLE.ADMIN : null);

/** Whether a signed-in user with this role may open `pathname` (public and unguarded paths: yes). */
export function mayOpen(pathname: string, role: number | null): boolean {
  const group = accessGroupOfPath(pathname);
  return group === null || canReach(group, role);
}
