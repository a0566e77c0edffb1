import type { TAdminOverview } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { AdminOverviewPage } from './AdminOverviewPage.tsx';

const OVERVIEW: TAdminOverview = {
  organisation: { id: 1, name: 'Riverside Food Bank' },
  team: { members: 7, active: 6, suspended: 1, pending_invitations: 1, expired_invitations: 0 },
  processors: {
    mode: 'sandbox',
    card: {
      provider: 'sandbox',
      live: false,
      connected_account_id: null,
      connected_at: null,
      can_connect_oauth: true,
    },
    wallet: { provider: null, live: false, merchant_id: null, email: null, client_configured: false },
  },
  security: {
    without_second_factor: [
      { user_id: 3, name: 'Stella Staff', email: 'staff@kindling.test', role_name: 'staff' },
      { user_id: 4, name: 'Ada Admin', email: 'admin@kindling.test', role_name: 'admin' },
    ],
  },
  launchpad: { done: 5, total: 8 },
};

const render = (path = '/admin', code: 5150 | 2001 = 5150) =>
  renderRoutes([{ path, element: <AdminOverviewPage /> }], {
    initialEntries: [path],
    session: signedInSession(code),
  });

describe('AdminOverviewPage', () => {
  it('sums up set-up, team, providers and security, and links to every administration page', async () => {
    stubFetch({ 'GET /npo_admin/admin_overview': { body: OVERVIEW } });
    render();
    expect(screen.getByRole('status', { name: 'Loading the overview' })).toBeInTheDocument();
    const team = await screen.findByRole('region', { name: 'Team' });
    expect(team).toHaveTextContent('7 members');
    expect(team).toHaveTextContent('6 active, 1 suspended');
    expect(team).toHaveTextContent('1 pending invitation');
    expect(within(team).getByRole('link', { name: 'Manage the team' })).toHaveAttribute('href', '/admin/team');

    const setUp = screen.getByRole('region', { name: 'Set-up' });
    expect(setUp).toHaveTextContent('5 of 8 set-up steps done');
    expect(within(setUp).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '63');

    const providers = screen.getByRole('region', { name: 'Payment providers' });
    expect(providers).toHaveTextContent('Cards: Sandbox (test money)');
    expect(providers).toHaveTextContent('PayPal: Not connected');

    const security = screen.getByRole('region', { name: 'Security' });
    expect(security).toHaveTextContent('2 members sign in without a second factor');
    expect(within(security).getByText(/Stella Staff/)).toBeInTheDocument();

    const pages = screen.getByRole('region', { name: 'Administration pages' });
    const hrefs = within(pages)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/admin/organization',
      '/admin/team',
      '/admin/processors',
      '/stripe-methods',
      '/exchange-rates',
      '/admin/security',
      '/admin/account',
    ]);
  });

  it('says the page is not for the role when the server refuses, and retries after an error', async () => {
    const user = userEvent.setup();
    let answer: 'forbidden' | 'boom' | 'ok' = 'forbidden';
    stubFetch({
      'GET /npo_admin/admin_overview': () =>
        answer === 'forbidden'
          ? { status: 403, body: { status: 403, code: 'FORBIDDEN', message: 'Your role does not allow this.' } }
          : answer === 'boom'
            ? { status: 500, body: { status: 500, code: 'INTERNAL', message: 'Something went wrong.' } }
            : { body: OVERVIEW },
    });
    const first = render();
    expect(await screen.findByText('Not available for your role')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Team' })).toBeNull();
    first.unmount();

    answer = 'boom';
    render('/admin/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Overview unavailable');
    answer = 'ok';
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Team' })).toHaveTextContent('7 members');
  });

  it('shows finance only the payment pages, without asking for the team or security summary', async () => {
    const server = stubFetch({ 'GET /npo_admin/admin_overview': { body: OVERVIEW } });
    render('/admin', 2001);
    const pages = await screen.findByRole('region', { name: 'Administration pages' });
    const names = within(pages)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(['Payment processors', 'Payment methods', 'Exchange rates', 'Account']);
    expect(screen.queryByRole('region', { name: 'Team' })).toBeNull();
    expect(server.callsTo('GET', '/npo_admin/admin_overview')).toHaveLength(0);
  });
});
