import type { THomeAnalysis } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { selectResponse, signedInSession } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { HomePage } from './HomePage.tsx';

const renderHome = (code: 5150 | 1984 = 5150) =>
  renderRoutes([{ path: '/dashboard/home', element: <HomePage /> }], {
    initialEntries: ['/dashboard/home'],
    session: signedInSession(code),
  });

const stats = (overrides: Record<string, unknown> = {}) => {
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
    ...overrides,
  };
};

const charts = (): THomeAnalysis => ({
  currency: 'USD',
  raised_by_month: Array.from({ length: 12 }, (_, i) => ({
    bucket: `2026-${String(i + 1).padStart(2, '0')}-01`,
    amount: i === 2 ? 125_000 : 0,
    count: i === 2 ? 3 : 0,
  })),
  by_campaign: [{ campaign_id: 1, name: 'Spring appeal', amount: 125_000, count: 3 }],
  by_method: [
    { method: 'card', amount: 100_000, count: 2 },
    { method: 'paypal', amount: 25_000, count: 1 },
  ],
  recent_donations: [
    {
      id: 77,
      donor_name: 'Grace Hopper',
      campaign_name: 'Spring appeal',
      amount_minor: 5_000,
      currency: 'EUR',
      base_amount_minor: 5_400,
      status: 'refunded',
      created_at: '2026-03-04T10:00:00Z',
    },
  ],
});

describe('home page', () => {
  it('shows skeletons, then the statistics, the monthly goal, the charts and recent donations', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    stubFetch({
      'GET /npo_admin/account_details': () => new Promise((resolve) => (answer = resolve)),
      'GET /npo_admin/analysis/home': { body: charts() },
    });
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Loading figures' })).toBeInTheDocument();

    answer({ body: stats() });
    const total = await screen.findByRole('article', { name: 'Total raised' });
    expect(total).toHaveTextContent('$12,345.50');
    expect(total).toHaveTextContent('42 donations, net of refunds');
    expect(screen.getByRole('status', { name: 'Monthly goal progress' })).toHaveTextContent('$6,250.00 of $25,000.00');
    expect(screen.getByText('$18,750.00 to go this month (25%).')).toBeInTheDocument();
    const event = screen.getByRole('region', { name: 'Upcoming event' });
    expect(event).toHaveTextContent('No upcoming event.');
    expect(screen.getByRole('link', { name: 'Plan an event' })).toHaveAttribute('href', '/dashboard/event-new');

    // Each chart's figures are readable as a table; the drawing itself is hidden from screen readers.
    const byMonth = await screen.findByRole('table', { name: 'Raised over the last 12 months' });
    expect(within(byMonth).getByRole('row', { name: /Mar 2026 \$1,250\.00/ })).toBeInTheDocument();
    const byMethod = screen.getByRole('table', { name: 'By payment method' });
    expect(within(byMethod).getByRole('row', { name: /PayPal \$250\.00 · 1 gifts/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'By campaign' })).toHaveTextContent('Spring appeal');

    const recent = screen.getByRole('region', { name: 'Recent donations' });
    expect(within(recent).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/dashboard/donation/77',
    );
    expect(recent).toHaveTextContent('€50.00');
    expect(recent).toHaveTextContent('refunded');
  });

  it('says so when there is no goal and no gift yet', async () => {
    stubFetch({
      'GET /npo_admin/account_details': { body: stats({ monthly_goal: 0, monthly_raised: 0, top_campaigns: [] }) },
      'GET /npo_admin/analysis/home': {
        body: { ...charts(), raised_by_month: [], by_campaign: [], by_method: [], recent_donations: [] },
      },
    });
    renderHome();
    expect(await screen.findByText(/No monthly goal is set/)).toBeInTheDocument();
    const byMonth = await screen.findByRole('region', { name: 'Raised over the last 12 months' });
    expect(byMonth).toHaveTextContent('No gifts in the last twelve months yet.');
    expect(screen.getByRole('region', { name: 'By payment method' })).toHaveTextContent(
      'No gifts in the last twelve months yet.',
    );
    expect(screen.getByText(/No donations yet/)).toBeInTheDocument();
  });

  it('shows an error state per part, with a retry that loads it', async () => {
    const user = userEvent.setup();
    let fail = true;
    const server = stubFetch({
      'GET /npo_admin/account_details': () =>
        fail ? { status: 500, body: { status: 500, code: 'INTERNAL', message: 'Boom' } } : { body: stats() },
      'GET /npo_admin/analysis/home': () =>
        fail ? { status: 500, body: { status: 500, code: 'INTERNAL', message: 'Boom' } } : { body: charts() },
    });
    renderHome();
    expect(await screen.findByText('Figures unavailable')).toBeInTheDocument();
    expect(await screen.findAllByText('Could not load this chart')).toHaveLength(4);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('article', { name: 'Total raised' })).toHaveTextContent('$12,345.50');
    expect(await screen.findByRole('table', { name: 'By campaign' })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', '/npo_admin/analysis/home')).toHaveLength(2));
  });

  it('shows only the cards and charts the user chose, over their period', async () => {
    const server = stubFetch({
      'GET /npo_admin/account_details': { body: stats() },
      'GET /npo_admin/analysis/home': { body: { ...charts(), raised_by_month: charts().raised_by_month.slice(6) } },
      'GET /npo_admin/dashboard_settings': {
        body: {
          settings: { cards: ['donors', 'monthly_goal'], charts: ['raised_over_time'], period_months: 6 },
          saved: true,
          updated_at: '2026-11-26T01:00:00Z',
        },
      },
    });
    renderHome();
    expect(await screen.findByRole('article', { name: 'Donors' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Total raised' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Monthly goal' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Upcoming event' })).toBeNull();
    expect(await screen.findByRole('region', { name: 'Raised over the last 6 months' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'By campaign' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Recent donations' })).toBeNull();
    const calls = server.callsTo('GET', '/npo_admin/analysis/home');
    expect(calls.map((c) => c.query.get('months'))).toEqual(['6']);
    expect(screen.getByRole('link', { name: 'Customise' })).toHaveAttribute('href', '/dashboard/settings');
  });
});
