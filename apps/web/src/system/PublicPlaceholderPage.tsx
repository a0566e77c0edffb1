import { Button, Group } from '@mantine/core';
import { Flame } from 'lucide-react';
import { Link } from 'react-router';
import { SystemScreen } from './SystemScreen.tsx';

/** Public routes in docs/product/shell.md#public-site whose screens are not built yet. */
const PUBLIC_PAGES: Record<string, { title: string; body: string }> = {
  '/success': { title: 'Thank you', body: 'Your payment went through. A receipt is on its way to your inbox.' },
  '/start': { title: 'Get started', body: 'Connecting a payment account to your organisation starts here.' },
  '/return': {
    title: 'Welcome back',
    body: 'You are back from your payment provider. Your account details will show here.',
  },
  '/reauth': {
    title: 'Reconnect your account',
    body: 'Your payment provider asked you to sign in again to finish connecting.',
  },
  '/onboarding': { title: 'Onboarding', body: 'The steps to set up your organisation will appear here.' },
  '/subscriptions': { title: 'Memberships', body: 'Membership and subscription plans will appear here.' },
  '/subscriptions/:id': { title: 'Membership', body: 'This membership plan will appear here.' },
  '/campaign_page': { title: 'Campaign page', body: 'The campaign page preview will appear here.' },
  '/peer_campaign_page': { title: 'Fundraiser page', body: 'The peer fundraiser page preview will appear here.' },
  '/goodbye': { title: 'Goodbye', body: 'You have signed out. Thank you for supporting your cause.' },
  '/campaign-referal': { title: 'Campaign referral', body: 'Referral links for campaigns will appear here.' },
  '/getting-started': { title: 'Live demo', body: 'Sign in with a demo account to try every role of Kindling.' },
  '/crowdfunding/:id': { title: 'Crowdfunding campaign', body: 'This crowdfunding page will appear here.' },
  '/event-page/:id': { title: 'Event', body: 'This event page will appear here.' },
  '/team-page/:id': { title: 'Fundraising team', body: 'This team page will appear here.' },
  '/raise/:id': { title: 'Fundraiser', body: 'This peer fundraiser page will appear here.' },
  '/campaign-embed/:id': { title: 'Donation form', body: 'This embedded donation form will appear here.' },
};

function describe(path: string) {
  const known = PUBLIC_PAGES[path];
  if (known) return known;
  const words = path
    .replace(/\/:[^/]+/g, '')
    .replace(/^\//, '')
    .replace(/[-_/]+/g, ' ')
    .trim();
  const title = words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Kindling';
  return { title, body: 'This page is on its way.' };
}

/** A real, linked public page for a route whose screen comes later (none is blank). */
export function PublicPlaceholderPage({ path }: { path: string }) {
  const { title, body } = describe(path);
  return (
    <SystemScreen
      icon={<Flame size={28} />}
      title={title}
      body={body}
      actions={
        <Group justify="center">
          <Button component={Link} to="/">
            Home
          </Button>
          <Button component={Link} to="/login" variant="default">
            Sign in
          </Button>
        </Group>
      }
    />
  );
}
