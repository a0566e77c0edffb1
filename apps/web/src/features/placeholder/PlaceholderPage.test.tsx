import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { selectResponse, signedInSession } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { PlaceholderPage } from './PlaceholderPage.tsx';

const renderPage = (pattern: string, url: string, code: 5150 | 1123 | 1984 = 5150) =>
  renderRoutes([{ path: pattern, element: <PlaceholderPage path={pattern} /> }], {
    initialEntries: [url],
    session: signedInSession(code),
  });

const stats = () => {
  const base = selectResponse(
    { id: 1, name: 'Riverside Food Bank', logo: null, role_name: 'admin', user_role: 5150 },
    5150,
  );
  return {
    ...base.npo_stats,
    donations_total: 1_234_550,
    total_donations: 42,
    monthly_goal: 2_500_000,
    monthly_raised: 625_000,
    top_campaigns: [{ id: 1, name: 'Spring appeal', campaign_url: 'spring', raised: 900_000, donations: 30 }],
  };
};

describe('PlaceholderPage', () => {
  it('frames a page that arrives later: title, description, empty state and a related page', () => {
    renderPage('/dashboard/donations', '/dashboard/donations');
    expect(screen.getByRole('heading', { level: 1, name: 'Donations' })).toBeInTheDocument();
    expect(screen.getByText(/Every gift to your organisation will be listed here/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'No donations to show yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Go to your dashboard/ })).toHaveAttribute('href', '/dashboard/home');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Fundraising');
  });

  it('names the record of a detail route', () => {
    renderPage('/dashboard/donor/:id', '/dashboard/donor/12');
    expect(screen.getByRole('heading', { level: 1, name: 'Donor #12' })).toBeInTheDocument();
  });

  it('hides a related link the role could not open', () => {
    renderPage('/dashboard/launchpad', '/dashboard/launchpad', 1984);
    expect(screen.getByRole('heading', { level: 1, name: 'Launchpad' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /payment processor/i })).toBeNull();
  });

  it('shows the related link to a role that can open it', () => {
    renderPage('/dashboard/launchpad', '/dashboard/launchpad', 5150);
    expect(screen.getByRole('link', { name: /payment processor/i })).toHaveAttribute('href', '/admin/processors');
  });
});

describe('home dashboard', () => {
  it('shows skeletons, then the organisation statistics as formatted stat cards', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    stubFetch({ 'GET /npo_admin/account_details': () => new Promise((resolve) => (answer = resolve)) });
    renderPage('/dashboard/home', '/dashboard/home');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Loading figures' })).toBeInTheDocument();

    answer({ body: stats() });
    const total = await screen.findByRole('article', { name: 'Total raised' });
    expect(total).toHaveTextContent('$12,345.50');
    expect(total).toHaveTextContent('42 donations');
    expect(screen.getByRole('article', { name: 'Raised this month' })).toHaveTextContent('25% of the $25,000.00 goal');
    expect(screen.getByRole('progressbar', { name: /progress to goal/ })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('Spring appeal')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Charts are on their way' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading figures' })).toBeNull();
  });

  it('shows an error state with a retry that loads the figures', async () => {
    const user = userEvent.setup();
    let fail = true;
    const server = stubFetch({
      'GET /npo_admin/account_details': () =>
        fail ? { status: 500, body: { status: 500, code: 'INTERNAL', message: 'Boom' } } : { body: stats() },
    });
    renderPage('/dashboard/home', '/dashboard/home');
    expect(await screen.findByText('Figures unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Total raised' })).toHaveTextContent('$12,345.50');
    await waitFor(() => expect(server.callsTo('GET', '/npo_admin/account_details')).toHaveLength(2));
  });
});
