import { ACCOUNT_LINK, API_LINK, GUIDE_LINK, HELP_LINK, HOME_LINK, type PageEntry } from './page-entry.ts';

const settings = (entry: Omit<PageEntry, 'section'>): PageEntry => ({ section: 'Settings', ...entry });
const consolePage = (entry: Omit<PageEntry, 'section'>): PageEntry => ({ section: 'Console', ...entry });

/** Frames of the donor/peer area and the shared area (docs/product/sign-in.md#route-access). */
export const PEER_PAGES: Record<string, PageEntry> = {
  '/peer-dashboard': {
    section: 'My Account',
    title: 'My dashboard',
    description: 'Your fundraising pages, what they have raised and your own giving, in one place.',
    emptyTitle: 'No fundraising pages yet',
    related: GUIDE_LINK,
  },
  '/my-donations': {
    section: 'Donations',
    title: 'My donations',
    description: 'Every gift you have made, with receipts to download.',
    emptyTitle: 'No donations to show yet',
    related: HELP_LINK,
  },
  '/recurring-donations': {
    section: 'Donations',
    title: 'Recurring donations',
    description: 'Your recurring gifts, with the next charge date and the option to pause, change or cancel.',
    emptyTitle: 'No recurring donations yet',
    related: HELP_LINK,
  },
  '/donate': {
    section: 'My Account',
    title: 'Donate',
    description: 'Give to the organisations you support, once or every month.',
    emptyTitle: 'Donation forms will appear here',
    related: HELP_LINK,
  },
  '/peer-donations/:id': {
    section: 'Fundraising',
    title: 'Fundraiser donations',
    description: 'The gifts made to one personal fundraising page.',
    emptyTitle: 'No donations to show yet',
  },
  '/recurring-edit/:id': {
    section: 'Donations',
    title: 'Change recurring donation',
    description: 'Change the amount, frequency or card of a recurring gift, or pause it.',
    emptyTitle: 'The plan editor will appear here',
    related: HELP_LINK,
  },
  '/peer-campaign-edit/:id': {
    section: 'Fundraising',
    title: 'Edit fundraising page',
    description: 'Your personal page: its story, photo and goal.',
    emptyTitle: 'The page editor will appear here',
    related: GUIDE_LINK,
  },
  '/donation/:id': {
    section: 'Donations',
    title: 'Donation',
    description: 'One gift: amount, date, campaign and receipt.',
    emptyTitle: 'Donation details will appear here',
  },
  '/fundraising-team/:id': {
    section: 'Fundraising',
    title: 'Fundraising team',
    description: "A team's members, shared goal and what each member has raised.",
    emptyTitle: 'No team members to show yet',
    related: GUIDE_LINK,
  },
};

/** Frames of the organisation settings (docs/product/sign-in.md#route-access, admin area). */
export const ADMIN_PAGES: Record<string, PageEntry> = {
  '/admin': settings({
    title: 'Administration',
    description: 'Your organisation, team, payment processors and security settings.',
    emptyTitle: 'Choose a settings page',
    related: ACCOUNT_LINK,
  }),
  '/admin/account': settings({
    title: 'Account',
    description: "Your organisation's time zone and locale; your own profile and password are on /profile.",
    emptyTitle: 'Account settings will appear here',
  }),
  '/admin/team': settings({
    title: 'Team',
    description: 'Invite colleagues, set their roles and remove access.',
    emptyTitle: 'No team members to show yet',
    related: ACCOUNT_LINK,
  }),
  '/admin/organization': settings({
    title: 'Organisation',
    description: "Your organisation's name, logo, address, registration number and base currency.",
    emptyTitle: 'Organisation details will appear here',
    related: ACCOUNT_LINK,
  }),
  '/admin/processors': settings({
    title: 'Payment processors',
    description: 'Connect Stripe or PayPal to receive donations, and see the status of each connection.',
    emptyTitle: 'No payment processor connected yet',
    related: HELP_LINK,
  }),
  '/admin/dashboard': settings({
    title: 'Admin overview',
    description: "A summary of your organisation's settings and what still needs attention.",
    emptyTitle: 'The overview will appear here',
    related: HOME_LINK,
  }),
  '/admin/security': settings({
    title: 'Security',
    description: 'Two-factor requirements for your team, active sessions and the audit log.',
    emptyTitle: 'Security settings will appear here',
    related: { label: 'Set up two-factor authentication', path: '/profile#two-factor' },
  }),
  '/stripe-methods': settings({
    title: 'Payment methods',
    description: 'Choose which cards, wallets and bank payments donors can use.',
    emptyTitle: 'Payment methods will appear here',
    related: HELP_LINK,
  }),
  '/exchange-rates': settings({
    title: 'Exchange rates',
    description: 'The rates used to convert gifts in other currencies into your base currency for reports.',
    emptyTitle: 'No exchange rates to show yet',
    related: HOME_LINK,
  }),
};

/** Frames of the operator console (role 7789). */
export const CONSOLE_PAGES: Record<string, PageEntry> = {
  '/console': consolePage({
    title: 'Console',
    description: 'The whole platform at a glance: organisations, volume processed and system health.',
    emptyTitle: 'Platform figures will appear here',
    related: HOME_LINK,
  }),
  '/console/organizations': consolePage({
    title: 'Organisations',
    description: 'Every organisation on the platform, with its status and volume.',
    emptyTitle: 'No organisations to show yet',
  }),
  '/console/organizations/:id': consolePage({
    title: 'Organisation',
    description: "One organisation's details, members, processors and recent activity.",
    emptyTitle: 'Organisation details will appear here',
  }),
  '/console/users': consolePage({
    title: 'Users',
    description: 'Every user account, their organisations and roles.',
    emptyTitle: 'No users to show yet',
  }),
  '/console/transactions': consolePage({
    title: 'Transactions',
    description: 'Payments across all organisations, for support and reconciliation.',
    emptyTitle: 'No transactions to show yet',
  }),
  '/console/settings': consolePage({
    title: 'Platform settings',
    description: 'Platform fees, default currencies and feature switches.',
    emptyTitle: 'Platform settings will appear here',
  }),
  '/console/sales': consolePage({
    title: 'Sales',
    description: 'The platform’s income: fees taken and fees owed, by organisation and month.',
    emptyTitle: 'No sales figures yet',
  }),
  '/console/notifications': consolePage({
    title: 'Notifications',
    description: 'Announcements sent to organisations and the delivery of system notifications.',
    emptyTitle: 'No notifications sent yet',
  }),
  '/console/security': consolePage({
    title: 'Security',
    description: 'Failed sign-ins, rate-limit hits, card testing, locked accounts and the console’s actions.',
    emptyTitle: 'Security events will appear here',
    related: API_LINK,
  }),
  '/console/analytics': consolePage({
    title: 'Analytics',
    description: 'Growth and usage of the platform over time.',
    emptyTitle: 'No analytics yet',
  }),
};

/** Pages any signed-in user may open from the top bar (the router's signed-in routes). */
export const SIGNED_IN_PAGES: Record<string, PageEntry> = {
  '/profile': {
    section: 'Settings',
    title: 'Profile',
    description: 'Your name, photo, e-mail address, password and two-step verification.',
    emptyTitle: 'Your profile could not be loaded',
    related: HELP_LINK,
  },
  '/notifications': {
    section: 'Account',
    title: 'Notifications',
    description: 'Donations, new donors, failed payments and campaign milestones, as they happen.',
    emptyTitle: 'No notifications',
    related: HELP_LINK,
  },
  '/user': {
    section: 'Account',
    title: 'Your account',
    description: 'Your personal details and the organisations you belong to.',
    emptyTitle: 'Account details will appear here',
    related: HELP_LINK,
  },
};
