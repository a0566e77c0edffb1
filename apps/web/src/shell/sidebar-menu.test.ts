import { canReach, GUARDED_ROUTES, ROLE_CODES, SIGNED_IN_ROUTES } from '@kindling/contracts';
import { describe, expect, it } from 'vitest';
import { sidebarSectionsFor } from './sidebar-menu.ts';

const paths = (code: number | null, roleName: string | null = null) =>
  sidebarSectionsFor(code, roleName).flatMap((section) => section.items.map((item) => item.path));
const sectionNames = (code: number | null, roleName: string | null = null) =>
  sidebarSectionsFor(code, roleName).map((section) => section.label);

describe('sidebar menu per role (docs/product/shell.md#sidebar)', () => {
  it('gives an admin (5150) every section, including Organisation and Team', () => {
    expect(sectionNames(5150)).toEqual(['Quick Access', 'Fundraising', 'CRM', 'Finance', 'Settings']);
    expect(paths(5150)).toEqual(
      expect.arrayContaining([
        '/dashboard/home',
        '/dashboard/launchpad',
        '/dashboard/analysis',
        '/dashboard/recurring',
        '/dashboard/crm/integrations',
        '/dashboard/imports',
        '/admin/account',
        '/admin/organization',
        '/admin/team',
        '/stripe-methods',
        '/exchange-rates',
      ]),
    );
  });

  it('gives 6635 and 7789 Organisation and Team as well', () => {
    for (const code of [6635, 7789]) {
      expect(paths(code)).toEqual(expect.arrayContaining(['/admin/organization', '/admin/team']));
    }
  });

  it('keeps the settings of a finance user (2001) but not Organisation, Team and Security', () => {
    const finance = paths(2001);
    expect(finance).toEqual(expect.arrayContaining(['/admin/account', '/admin/processors', '/exchange-rates']));
    expect(finance).not.toContain('/admin/organization');
    expect(finance).not.toContain('/admin/team');
    expect(finance).not.toContain('/admin/security');
  });

  it('gives a peer fundraiser (1123) the limited menu only', () => {
    expect(sidebarSectionsFor(1123).map((s) => [s.label, s.items.map((i) => i.path)])).toEqual([
      ['My Account', ['/peer-dashboard', '/donate']],
      ['Donations', ['/my-donations', '/recurring-donations']],
      ['Settings', ['/profile']],
    ]);
  });

  it('shows dashboard-only staff (1984) the dashboard sections and no settings they cannot open', () => {
    expect(sectionNames(1984)).toEqual(['Quick Access', 'Fundraising', 'CRM', 'Finance']);
    expect(paths(1984).some((path) => path.startsWith('/admin') || path.includes('stripe'))).toBe(false);
    expect(paths(1984)).toContain('/dashboard/donations');
  });

  it('treats the role name admin like an admin code when no code is known', () => {
    expect(paths(null, 'admin')).toEqual(expect.arrayContaining(['/admin/organization', '/admin/team']));
  });

  it('shows nothing before a role is known', () => {
    expect(sidebarSectionsFor(null, null)).toEqual([]);
  });

  it('never links a role to a page its access list would refuse', () => {
    for (const code of ROLE_CODES) {
      for (const path of paths(code)) {
        // A page for any signed-in user (the profile) has no access list to refuse.
        if ((SIGNED_IN_ROUTES as readonly string[]).includes(path)) continue;
        const route = GUARDED_ROUTES.find((r) => r.path === path);
        expect(route, `${path} is a guarded or signed-in route`).toBeDefined();
        expect(canReach(route?.group ?? 'console', code), `${code} may open ${path}`).toBe(true);
      }
    }
  });
});
