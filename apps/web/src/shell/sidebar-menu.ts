import { ORGANISATION_SETTINGS_CODES, ROLE } from '@kindling/contracts';
import {
  ArrowLeftRight,
  Building2,
  CalendarDays,
  ChartColumn,
  Contact,
  CreditCard,
  FileBarChart,
  HandCoins,
  HandHeart,
  House,
  IdCard,
  ListTodo,
  type LucideIcon,
  Mail,
  MessagesSquare,
  Plug,
  Receipt,
  ReceiptText,
  Repeat,
  Rocket,
  Shield,
  SlidersHorizontal,
  Split,
  Target,
  Ticket,
  Upload,
  UserCog,
  UserRound,
  Users,
  UsersRound,
  Wallet,
  Workflow,
} from 'lucide-react';
import { canReachPath, effectiveRoleCode } from './route-access.ts';

export type NavItem = { label: string; path: string; icon: LucideIcon };
export type NavSection = { id: string; label: string; items: NavItem[] };

const ADMIN_MENU: NavSection[] = [
  {
    id: 'quick-access',
    label: 'Quick Access',
    items: [
      { label: 'Home', path: '/dashboard/home', icon: House },
      { label: 'Launchpad', path: '/dashboard/launchpad', icon: Rocket },
      { label: 'Analysis', path: '/dashboard/analysis', icon: ChartColumn },
    ],
  },
  {
    id: 'fundraising',
    label: 'Fundraising',
    items: [
      { label: 'Campaigns', path: '/dashboard/campaigns', icon: Target },
      { label: 'Crowdfunding', path: '/dashboard/crowdfunding', icon: UsersRound },
      { label: 'Events', path: '/dashboard/events', icon: CalendarDays },
      { label: 'Membership', path: '/dashboard/membership', icon: IdCard },
      { label: 'Donations', path: '/dashboard/donations', icon: HandHeart },
      { label: 'Tickets', path: '/dashboard/tickets', icon: Ticket },
      { label: 'Donors', path: '/dashboard/donors', icon: Users },
      { label: 'Recurring', path: '/dashboard/recurring', icon: Repeat },
      // pay25: payment requests (/pay/{id}).
      { label: 'Payment requests', path: '/dashboard/payment-requests', icon: ReceiptText },
    ],
  },
  {
    id: 'crm',
    label: 'CRM',
    items: [
      { label: 'Contacts', path: '/dashboard/crm/contacts', icon: Contact },
      { label: 'Tasks', path: '/dashboard/crm/tasks', icon: ListTodo },
      { label: 'Email marketing', path: '/dashboard/crm/email-marketing', icon: Mail },
      { label: 'Workflow automation', path: '/dashboard/crm/workflow-automation', icon: Workflow },
      { label: 'Communications', path: '/dashboard/crm/communications', icon: MessagesSquare },
      { label: 'Segments', path: '/dashboard/crm/segments', icon: Split },
      { label: 'Integrations', path: '/dashboard/crm/integrations', icon: Plug },
      // crm20: custom contact fields and deal stages.
      { label: 'CRM settings', path: '/dashboard/crm/settings', icon: SlidersHorizontal },
    ],
  },
  {
    id: 'finance',
    label: 'Finance',
    items: [
      { label: 'Reports', path: '/dashboard/reports', icon: FileBarChart },
      { label: 'Imports', path: '/dashboard/imports', icon: Upload },
    ],
  },
  {
    id: 'settings',
    label: 'Settings',
    items: [
      { label: 'Account', path: '/admin/account', icon: UserCog },
      { label: 'Organisation', path: '/admin/organization', icon: Building2 },
      { label: 'Team', path: '/admin/team', icon: Users },
      { label: 'Payment processors', path: '/admin/processors', icon: Wallet },
      { label: 'Security', path: '/admin/security', icon: Shield },
      { label: 'Payment methods', path: '/stripe-methods', icon: CreditCard },
      { label: 'Exchange rates', path: '/exchange-rates', icon: ArrowLeftRight },
    ],
  },
];

const PEER_MENU: NavSection[] = [
  {
    id: 'my-account',
    label: 'My Account',
    items: [
      { label: 'My dashboard', path: '/peer-dashboard', icon: House },
      { label: 'Donate', path: '/donate', icon: HandCoins },
    ],
  },
  {
    id: 'donations',
    label: 'Donations',
    items: [
      { label: 'My donations', path: '/my-donations', icon: Receipt },
      { label: 'Recurring donations', path: '/recurring-donations', icon: Repeat },
    ],
  },
  { id: 'settings', label: 'Settings', items: [{ label: 'Profile', path: '/profile', icon: UserRound }] },
];

/** Organisation, Team and Security settings are for 7789, 6635, 5150 and the role name 'admin' (not 2001). */
const ORGANISATION_ONLY_PATHS = new Set(['/admin/organization', '/admin/team', '/admin/security']);

/**
 * The sidebar sections in docs/product/shell.md#sidebar for a role. Every item is also filtered through the
 * route access lists, so a role never sees a link that would send it to /unauthorized (role 1984
 * keeps the dashboard sections and loses Settings).
 */
export function sidebarSectionsFor(role: number | null | undefined, roleName?: string | null): NavSection[] {
  const code = effectiveRoleCode(role, roleName);
  if (code === null) return [];
  const menu = code === ROLE.PEER ? PEER_MENU : ADMIN_MENU;
  const seesOrganisation = roleName === 'admin' || (ORGANISATION_SETTINGS_CODES as readonly number[]).includes(code);
  return menu
    .map((section) => ({
      ...section,
      items: section.items.filter(
        (item) =>
          canReachPath(item.path, code, roleName) && (seesOrganisation || !ORGANISATION_ONLY_PATHS.has(item.path)),
      ),
    }))
    .filter((section) => section.items.length > 0);
}
