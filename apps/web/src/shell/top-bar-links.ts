import {
  BookOpen,
  CalendarDays,
  ChartColumn,
  FileBarChart,
  HandHeart,
  House,
  LibraryBig,
  type LucideIcon,
  Rocket,
  Shield,
  Target,
  Users,
  Wallet,
} from 'lucide-react';
import type { SessionState } from '../session/session-types.ts';
import { type Format, formatOf } from '../shared/format.ts';
import { canReachPath } from './route-access.ts';

export type LinkBadge = {
  label: string /** Read by screen readers instead of the bare number. */;
  description: string;
};
export type TopBarLink = { label: string; path: string; icon: LucideIcon; badge?: LinkBadge };

type QuickLinkSession = Pick<
  SessionState,
  'role' | 'roleName' | 'npoCampaigns' | 'newDonorsThisMonth' | 'upcomingEvent' | 'npo'
>;

const plural = (format: Format, n: number, one: string, many: string) => `${format.count(n)} ${n === 1 ? one : many}`;

function countBadge(format: Format, count: number, description: string): LinkBadge | undefined {
  return count > 0 ? { label: format.count(count), description } : undefined;
}

function eventBadge(event: QuickLinkSession['upcomingEvent'], format: Format): LinkBadge | undefined {
  if (!event) return undefined;
  const starts = new Date(event.starts_at);
  if (Number.isNaN(starts.getTime())) return undefined;
  const day = format.shortDay(starts);
  return { label: day, description: `Next event: ${event.name} on ${day}` };
}

/**
 * Top-bar quick links in docs/product/shell.md#top-bar with their counts, limited to what the role can reach
 * (a peer fundraiser gets none of them).
 */
export function quickLinksFor(session: QuickLinkSession): TopBarLink[] {
  const format = formatOf(session.npo);
  const active = (session.npoCampaigns ?? []).filter((c) => c.status === 'active').length;
  const links: TopBarLink[] = [
    { label: 'Home', path: '/dashboard/home', icon: House },
    {
      label: 'Campaigns',
      path: '/dashboard/campaigns',
      icon: Target,
      badge: countBadge(format, active, plural(format, active, 'active campaign', 'active campaigns')),
    },
    {
      label: 'Donors',
      path: '/dashboard/donors',
      icon: Users,
      badge: countBadge(
        format,
        session.newDonorsThisMonth,
        plural(format, session.newDonorsThisMonth, 'new donor this month', 'new donors this month'),
      ),
    },
    {
      label: 'Events',
      path: '/dashboard/events',
      icon: CalendarDays,
      badge: eventBadge(session.upcomingEvent, format),
    },
    { label: 'Donations', path: '/dashboard/donations', icon: HandHeart },
    {
      label: 'Analysis',
      path: '/dashboard/analysis',
      icon: ChartColumn,
      badge: { label: 'New', description: 'New feature' },
    },
  ];
  return links.filter((link) => canReachPath(link.path, session.role, session.roleName));
}

const RESOURCE_LINKS: TopBarLink[] = [
  {
    label: 'Launchpad',
    path: '/dashboard/launchpad',
    icon: Rocket,
    badge: { label: 'Popular', description: 'Popular' },
  },
  { label: 'Fundraising guide', path: '/resources/fundraising-guide', icon: BookOpen },
  { label: 'Payment processors', path: '/admin/processors', icon: Wallet },
  { label: 'Reports', path: '/dashboard/reports', icon: FileBarChart },
  { label: 'Donors', path: '/dashboard/donors', icon: Users },
  { label: 'Security', path: '/admin/security', icon: Shield, badge: { label: 'Important', description: 'Important' } },
  { label: 'Knowledge base', path: '/knowledge-base', icon: LibraryBig },
];

/** The staff knowledge base (docs/product/knowledge-base.md), where the menu's Knowledge base leads staff. */
export const STAFF_KNOWLEDGE_BASE = '/dashboard/crm/knowledge-base';

/**
 * The Resources menu, without entries the role would be turned away from. Knowledge base opens the staff
 * knowledge base for those who may read it, the public marketing page for anyone else
 * (docs/decisions/088-knowledge-base.md).
 */
export function resourceLinksFor(role: number | null, roleName: string | null): TopBarLink[] {
  const staff = canReachPath(STAFF_KNOWLEDGE_BASE, role, roleName);
  return RESOURCE_LINKS.filter((link) => canReachPath(link.path, role, roleName)).map((link) =>
    link.path === '/knowledge-base' && staff ? { ...link, path: STAFF_KNOWLEDGE_BASE } : link,
  );
}

/**
 * The user menu's links (Sign Out is an action, added by the menu). 'Account settings'
 * (/account-settings) leads to the profile for every role (docs/product/profile.md), so the menu
 * lists the profile once.
 */
export function userMenuLinksFor(): Array<{ label: string; path: string }> {
  return [
    { label: 'Profile', path: '/profile' },
    { label: 'Help', path: '/help' },
  ];
}
