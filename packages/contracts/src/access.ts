import type { TRoleCode } from './roles.ts';

/**
 * Route groups in docs/product/sign-in.md#route-access and the role codes allowed in each. The web router guards
 * with these lists and the server checks its endpoints against the same ones.
 */
export const ACCESS = {
  peer: [1123, 7789],
  shared: [1123, 5150, 6635, 7789],
  dashboard: [2001, 1984, 5150, 6635, 7789],
  admin: [2001, 5150, 6635, 7789],
  console: [7789],
} as const satisfies Record<string, readonly TRoleCode[]>;

export type TAccessGroup = keyof typeof ACCESS;

export const canReach = (group: TAccessGroup, code: number | null | undefined): boolean =>
  code != null && (ACCESS[group] as readonly number[]).includes(code);

const PEER_ROUTES = ['/peer-dashboard', '/my-donations', '/recurring-donations', '/donate'];
const SHARED_ROUTES = [
  '/peer-donations/:id',
  '/recurring-edit/:id',
  '/peer-campaign-edit/:id',
  '/donation/:id',
  '/fundraising-team/:id',
];
const CRM = [
  'contacts',
  'deals',
  'tasks',
  'tasks/:taskId',
  'marketing',
  'email-marketing',
  'workflow-automation',
  'ai-insights',
  'knowledge-base',
  'communications',
  'segments',
  'segments/:segmentId/donors',
  'integrations',
  'communications-guide',
  // crm20: the contacts import.
  'contacts/import',
  'settings',
];
const DASHBOARD_ROUTES = [
  '/dashboard/home',
  '/dashboard/launchpad',
  '/dashboard/analysis',
  '/dashboard/settings',
  '/dashboard/reports',
  // crm20: year-end statements in bulk.
  '/dashboard/reports/statements',
  // g23: Gift Aid claims.
  '/dashboard/reports/gift-aid',
  '/dashboard/imports',
  '/dashboard/recurring_imports',
  '/dashboard/campaigns',
  '/dashboard/campaign-edit/:id',
  '/dashboard/campaign-new',
  '/dashboard/campaign-donations/:id',
  '/dashboard/campaigns/receipts/:id',
  '/dashboard/campaigns/one-time-emails',
  '/dashboard/campaigns/recurring-emails',
  '/dashboard/peer-to-peer/:id',
  '/dashboard/donations',
  '/dashboard/donation/:id',
  '/dashboard/donation-new',
  '/dashboard/tickets',
  '/dashboard/tickets/:id',
  '/dashboard/transaction/:id',
  // e18: the transactions list (/dashboard/tickets lists ticket orders).
  '/dashboard/transactions',
  '/dashboard/recurring',
  '/dashboard/recurring-plan/:id',
  '/dashboard/donors',
  '/dashboard/donor/:id',
  '/dashboard/membership',
  '/dashboard/events',
  '/dashboard/events/edit/:id',
  '/dashboard/event-new',
  '/dashboard/crowdfunding',
  '/dashboard/crowdfunding/new',
  '/dashboard/crowdfunding/:id',
  '/dashboard/crowdfunding/:id/edit',
  ...CRM.map((p) => `/dashboard/crm/${p}`),
  // tix18: check-in at the door.
  '/dashboard/events/:id/check-in',
  // pay25: payment requests (decision 050).
  '/dashboard/payment-requests',
  '/dashboard/payment-requests/:id',
  '/dashboard/payment-request-new',
  // pay25b: payment request e-mail templates.
  '/dashboard/payment-requests/emails',
];
const ADMIN_ROUTES = [
  '/admin',
  '/admin/account',
  '/admin/team',
  '/admin/organization',
  '/admin/processors',
  '/admin/dashboard',
  '/admin/security',
  '/stripe-methods',
  '/exchange-rates',
];
const CONSOLE_ROUTES = [
  '/console',
  '/console/organizations',
  '/console/organizations/:id',
  '/console/users',
  '/console/transactions',
  '/console/settings',
  '/console/sales',
  '/console/notifications',
  '/console/security',
  '/console/analytics',
];

/** Every role-guarded route pattern (React Router syntax) with its group. */
export const GUARDED_ROUTES: ReadonlyArray<{ path: string; group: TAccessGroup }> = [
  ...PEER_ROUTES.map((path) => ({ path, group: 'peer' as const })),
  ...SHARED_ROUTES.map((path) => ({ path, group: 'shared' as const })),
  ...DASHBOARD_ROUTES.map((path) => ({ path, group: 'dashboard' as const })),
  ...ADMIN_ROUTES.map((path) => ({ path, group: 'admin' as const })),
  ...CONSOLE_ROUTES.map((path) => ({ path, group: 'console' as const })),
];

/**
 * Pages for any signed-in user, reached from the top bar, with no role list of their own. Listed
 * here, beside the guarded ones, so the server knows them as pages of the app: a direct load (a
 * reload, a link in an e-mail) gets the app, never the public donation page. /profile is every
 * role's own profile, password and second factor (docs/product/profile.md).
 */
export const SIGNED_IN_ROUTES = ['/account-settings', '/notifications', '/user', '/profile'] as const;

/** Public routes in docs/product/sign-in.md#public-routes (no login needed). */
export const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/signup',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/select-npo',
  '/success',
  '/start',
  '/return',
  '/reauth',
  '/onboarding',
  '/product',
  '/features',
  '/resources',
  '/pricing',
  '/documentation',
  '/about',
  '/careers',
  '/blog',
  '/blog/getting-started-guide',
  '/blog/advanced-campaign-strategies',
  '/blog/donor-engagement-playbook',
  '/blog/api-documentation-guide',
  '/press',
  '/help',
  '/api-reference',
  '/case-studies',
  '/contact',
  '/security',
  '/compliance',
  '/terms',
  '/privacy',
  '/sales-contact',
  '/campaign-referal',
  '/logos',
  '/getting-started',
  '/subscriptions',
  '/campaign_page',
  '/peer_campaign_page',
  '/goodbye',
  '/unauthorized',
  // Marketing pages the top bar links to (its knowledge base and fundraising guide).
  '/knowledge-base',
  '/resources/fundraising-guide',
] as const;

/** Public single-segment patterns (docs/product/sign-in.md#public-routes). */
export const PUBLIC_PATTERNS = [
  '/:campaignUrl',
  '/crowdfunding/:id',
  '/subscriptions/:id',
  '/event-page/:id',
  '/team-page/:id',
  '/raise/:id',
  '/pay/:id',
  '/campaign-embed/:id',
  '/password-reset/:id',
  '/team-invitation/:token',
  '/confirm-email/:token',
  // The sign-up's e-mail verification link (docs/product/sign-in.md#e-mail-verification).
  '/verify-email/:token',
  // mem19c: the member card (docs/decisions/064-member-cards.md).
  '/member-card/:token',
] as const;

/** Paths where the sidebar and top bar are hidden (docs/product/shell.md#pages-without-the-shell). */
export const CHROMELESS_PATHS = [
  '/login',
  '/register',
  '/forgot-password',
  '/',
  '/reset-password',
  '/select-npo',
  '/user',
  '/pricing',
  '/features',
  '/product',
  '/resources',
  '/about',
  '/careers',
  '/blog',
  '/press',
  '/help',
  '/documentation',
  '/api-reference',
  '/case-studies',
  '/contact',
  '/security',
  '/compliance',
  '/terms',
  '/privacy',
  '/sales-contact',
  '/logos',
] as const;

export const CHROMELESS_PREFIXES = [
  '/event-page/',
  '/team-page/',
  '/campaign-referal',
  '/peer-campaign-edit',
  '/raise',
  '/goodbye',
  '/crowdfunding',
  '/subscriptions',
  // mem19c: the member card.
  '/member-card/',
] as const;

export const isChromeless = (pathname: string, selectedCampaignUrl?: string | null): boolean =>
  (CHROMELESS_PATHS as readonly string[]).includes(pathname) ||
  CHROMELESS_PREFIXES.some((p) => pathname.startsWith(p)) ||
  (!!selectedCampaignUrl && pathname === `/${selectedCampaignUrl}`);
