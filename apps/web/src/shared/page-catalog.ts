import { canReach, GUARDED_ROUTES } from '@kindling/contracts';
import { effectiveRoleCode } from '../shell/route-access.ts';
import { DASHBOARD_PAGES } from './catalog-dashboard.ts';
import { ADMIN_PAGES, CONSOLE_PAGES, PEER_PAGES, SIGNED_IN_PAGES } from './catalog-other.ts';
import type { PageEntry } from './page-entry.ts';

export type { PageEntry } from './page-entry.ts';

/**
 * Title, description and empty state of every role-guarded route pattern (GUARDED_ROUTES), plus the
 * router's signed-in pages (notifications and the like).
 */
export const PAGE_CATALOG: Readonly<Record<string, PageEntry>> = {
  ...SIGNED_IN_PAGES,
  ...PEER_PAGES,
  ...DASHBOARD_PAGES,
  ...ADMIN_PAGES,
  ...CONSOLE_PAGES,
};

export function pageEntry(pattern: string): PageEntry | undefined {
  return PAGE_CATALOG[pattern];
}

export type SearchablePage = { path: string; title: string; section: string; description: string };

/**
 * The pages a role may open from the search overlay: guarded routes without parameters (a page that
 * needs an id cannot be opened from a list of names), filtered by the ACCESS lists, and the
 * profile, which every role has.
 */
export function searchablePagesFor(role: number | null, roleName: string | null): SearchablePage[] {
  const code = effectiveRoleCode(role, roleName);
  if (code === null) return [];
  const guarded = GUARDED_ROUTES.filter((route) => !route.path.includes(':') && canReach(route.group, code));
  return [...guarded.map((route) => route.path), '/profile'].flatMap((path) => {
    const entry = PAGE_CATALOG[path];
    return entry ? [{ path, title: entry.title, section: entry.section, description: entry.description }] : [];
  });
}
