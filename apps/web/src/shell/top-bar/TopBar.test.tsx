import { MESSAGES } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionState } from '../../session/session-types.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { signedInSession, signedInSessionIn } from '../../test/fixtures.ts';
import { LocationProbe, renderRoutes } from '../../test/render.tsx';
import { AssistantButton } from '../AssistantButton.tsx';
import { TopBar, type TopBarLayout } from './TopBar.tsx';

const campaigns = [
  { id: 1, name: 'Spring appeal', campaign_url: 'spring', status: 'active' },
  { id: 2, name: 'Gala', campaign_url: 'gala', status: 'active' },
  { id: 3, name: 'Old appeal', campaign_url: 'old', status: 'closed' },
];

function renderTopBar(session: Partial<SessionState>, layout: TopBarLayout = 'full') {
  const shell = (
    <>
      <TopBar layout={layout} drawerOpened={false} onOpenDrawer={() => undefined} />
      <AssistantButton />
      <Outlet />
    </>
  );
  return renderRoutes([{ element: shell, children: [{ path: '*', element: <LocationProbe /> }] }], {
    initialEntries: ['/dashboard/home'],
    session,
  });
}

const quickLinks = () => within(screen.getByRole('navigation', { name: 'Quick links' }));

describe('TopBar', () => {
  it('shows the quick links with their counts and the New tag', () => {
    renderTopBar({
      ...signedInSession(5150),
      npoCampaigns: campaigns,
      newDonorsThisMonth: 4,
      upcomingEvent: { id: 9, name: 'Winter gala', starts_at: '2026-12-12T18:00:00.000Z' },
    });
    expect(quickLinks().getByRole('link', { name: /^Home/ })).toHaveAttribute('aria-current', 'page');
    expect(quickLinks().getByRole('link', { name: /Campaigns/ })).toHaveTextContent(/2.*2 active campaigns/);
    expect(quickLinks().getByRole('link', { name: /Donors/ })).toHaveTextContent('4 new donors this month');
    expect(quickLinks().getByRole('link', { name: /Events/ })).toHaveTextContent('Next event: Winter gala on Dec 12');
    expect(quickLinks().getByRole('link', { name: /Analysis/ })).toHaveTextContent('New');
    expect(quickLinks().getByRole('link', { name: /Donations/ })).toHaveAttribute('href', '/dashboard/donations');
  });

  it('writes the quick links’ counts and the next event’s day as the organisation does (de-DE, Berlin)', () => {
    renderTopBar({
      ...signedInSessionIn(5150, 'de-DE', 'Europe/Berlin'),
      newDonorsThisMonth: 1234,
      upcomingEvent: { id: 9, name: 'Winterball', starts_at: '2026-12-12T23:30:00.000Z' },
    });
    expect(quickLinks().getByRole('link', { name: /Donors/ })).toHaveTextContent('1.234 new donors this month');
    // 23:30 UTC on the 12th is the 13th in Berlin.
    expect(quickLinks().getByRole('link', { name: /Events/ })).toHaveTextContent('Next event: Winterball on 13. Dez.');
  });

  it('gives a peer fundraiser no dashboard links, and its logo leads to its own start page', () => {
    renderTopBar(signedInSession(1123));
    expect(screen.queryByRole('navigation', { name: 'Quick links' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Kindling home' })).toHaveAttribute('href', '/peer-dashboard');
  });

  it('filters the Resources menu by role and tags Popular and Important', async () => {
    const user = userEvent.setup();
    renderTopBar(signedInSession(5150));
    await user.click(screen.getByRole('button', { name: 'Resources' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByRole('menuitem', { name: /Launchpad/ })).toHaveTextContent('Popular');
    expect(menu.getByRole('menuitem', { name: /Security/ })).toHaveTextContent('Important');
    expect(menu.getAllByRole('menuitem').map((item) => item.getAttribute('href'))).toEqual([
      '/dashboard/launchpad',
      '/resources/fundraising-guide',
      '/admin/processors',
      '/dashboard/reports',
      '/dashboard/donors',
      '/admin/security',
      // Staff read the knowledge base inside the product.
      '/dashboard/crm/knowledge-base',
    ]);
  });

  it('signs out with POST /logout and goes to the sign-in page', async () => {
    const user = userEvent.setup();
    const server = stubFetch({ 'POST /logout': { body: { status: 200, message: 'Signed out' } } });
    renderTopBar(signedInSession(5150));
    await user.click(screen.getByRole('button', { name: /Account menu for Ada Lovelace/ }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(menu.queryByRole('menuitem', { name: 'Account settings' })).toBeNull();
    await user.click(menu.getByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(server.callsTo('POST', '/logout')).toHaveLength(1);
  });

  it('folds the links into one menu on narrow screens', async () => {
    const user = userEvent.setup();
    renderTopBar({ ...signedInSession(2001), npoCampaigns: campaigns }, 'mobile');
    expect(screen.queryByRole('navigation', { name: 'Quick links' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByRole('menuitem', { name: /Campaigns/ })).toHaveTextContent('2 active campaigns');
    expect(menu.getByRole('menuitem', { name: /Payment processors/ })).toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('opens an honest, empty notification list with a link to all notifications', async () => {
    const user = userEvent.setup();
    renderTopBar(signedInSession(5150));
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(MESSAGES.noNotifications)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all notifications' })).toHaveAttribute('href', '/notifications');
  });

  it('toggles dark mode and keeps the choice under the darkMode key', async () => {
    const user = userEvent.setup();
    renderTopBar(signedInSession(5150));
    const toggle = screen.getByRole('button', { name: 'Toggle dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(window.localStorage.getItem('darkMode')).toBe('true');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Toggle dark mode' })).toHaveAttribute('aria-pressed', 'true'),
    );
  });

  it('opens the insights assistant panel and closes it', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /npo_admin/ai_user_queries': { body: { status: 'success', data: [] } } });
    renderTopBar(signedInSession(5150));
    await user.click(screen.getByRole('button', { name: 'Open assistant' }));
    const panel = await screen.findByRole('dialog', { name: 'Insights assistant' });
    expect(within(panel).getByLabelText('Your question')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Close assistant' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Insights assistant' })).toBeNull());
  });

  it('shows no assistant button before a role is set', () => {
    renderTopBar({ ...signedInSession(5150), role: null, roleName: null });
    expect(screen.queryByRole('button', { name: 'Open assistant' })).toBeNull();
  });
});
