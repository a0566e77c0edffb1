import { GUARDED_ROUTES } from '@kindling/contracts';
import { describe, expect, it } from 'vitest';
import { PAGE_CATALOG, searchablePagesFor } from './page-catalog.ts';

describe('page catalog', () => {
  it('has a complete entry for every role-guarded route pattern', () => {
    const missing = GUARDED_ROUTES.map((route) => route.path).filter((path) => !PAGE_CATALOG[path]);
    expect(missing).toEqual([]);
    for (const route of GUARDED_ROUTES) {
      const entry = PAGE_CATALOG[route.path];
      for (const field of ['title', 'section', 'description', 'emptyTitle'] as const) {
        expect(entry?.[field]?.trim(), `${route.path} ${field}`).toBeTruthy();
      }
    }
  });

  it('describes the donations page', () => {
    expect(PAGE_CATALOG['/dashboard/donations']).toMatchObject({
      title: 'Donations',
      description: 'Every gift to your organisation will be listed here with filters, totals and export.',
    });
  });

  it('offers search only pages without parameters that the role may open', () => {
    const admin = searchablePagesFor(5150, 'admin').map((page) => page.path);
    expect(admin).toContain('/admin/team');
    expect(admin).not.toContain('/console');
    expect(admin.some((path) => path.includes(':'))).toBe(false);

    const peer = searchablePagesFor(1123, 'fundraiser').map((page) => page.path);
    expect(peer).toEqual(['/peer-dashboard', '/my-donations', '/recurring-donations', '/donate', '/profile']);

    expect(searchablePagesFor(7789, 'super_admin').map((page) => page.path)).toContain('/console/analytics');
    expect(searchablePagesFor(null, null)).toEqual([]);
  });
});
