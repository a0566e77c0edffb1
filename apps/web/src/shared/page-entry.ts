/** What the page frame of a route shows until its real screen lands. */
export type PageEntry = {
  /** Page heading and the last breadcrumb. */
  title: string;
  /** The area the page belongs to (first breadcrumb), matching the sidebar's section names. */
  section: string;
  /** One or two sentences on what the page is for. */
  description: string;
  /** Heading of the empty state: what is not there yet. */
  emptyTitle: string;
  /** A page that works today and helps in the meantime; hidden when the role cannot reach it. */
  related?: { label: string; path: string };
};

export const HOME_LINK = { label: 'Go to your dashboard', path: '/dashboard/home' };
export const GUIDE_LINK = { label: 'Read the fundraising guide', path: '/resources/fundraising-guide' };
export const HELP_LINK = { label: 'Visit the help centre', path: '/help' };
export const ACCOUNT_LINK = { label: 'Open your account settings', path: '/profile' };
export const API_LINK = { label: 'Read the API reference', path: '/api-reference' };
