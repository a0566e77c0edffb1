import type { TGiftAnalysis, TLapsedAnalysis, TRecurringAnalysis, TRetentionAnalysis } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type StubCall, stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { presetRange } from '../period-presets.ts';
import { AnalysisPage } from './AnalysisPage.tsx';

const period = (call: StubCall) => ({ from: call.query.get('from') ?? '', to: call.query.get('to') ?? '' });

const gifts = (call: StubCall): TGiftAnalysis => {
  const lastMonth = call.query.get('from') === presetRange('last-month', new Date())?.from;
  return {
    currency: 'USD',
    period: period(call),
    gross: lastMonth ? 50_000 : 130_000,
    refunded: lastMonth ? 0 : 5_000,
    total: lastMonth ? 50_000 : 125_000,
    count: lastMonth ? 2 : 5,
    average: lastMonth ? 25_000 : 25_000,
    median: lastMonth ? 25_000 : 20_000,
    granularity: 'day',
    series: [{ bucket: period(call).from, amount: lastMonth ? 50_000 : 125_000, count: lastMonth ? 2 : 5 }],
    distribution: [{ min: 0, max: null, count: lastMonth ? 2 : 5 }],
  };
};

const retention = (call: StubCall): TRetentionAnalysis => ({
  period: period(call),
  previous_period: { from: '2026-01-01', to: '2026-01-31' },
  overall: { base: 4, retained: 3, rate: 75 },
  new: { base: 2, retained: 1, rate: 50 },
  repeat: { base: 2, retained: 2, rate: 100 },
});

const recurring = (call: StubCall): TRecurringAnalysis => ({
  currency: 'USD',
  period: period(call),
  mrr: 354_000,
  mrr_at_start: 300_000,
  plans_at_start: 5,
  new_plans: 1,
  churn: { voluntary: 1, failed: 1, rate: 40 },
  recovery: { past_due: 2, recovered: 1, rate: 50 },
  series: [{ bucket: '2026-03-01', new_plans: 1, voluntary: 1, failed: 1 }],
});

const lapsed: TLapsedAnalysis = {
  currency: 'USD',
  giving_year: 2026,
  fiscal_year_start_month: 7,
  lybunt: {
    count: 1,
    amount: 40_000,
    donors: [
      {
        id: 9,
        name: 'Ada Lovelace',
        email: 'ada@example.org',
        last_gift_at: '2025-09-01T00:00:00Z',
        last_year_amount: 40_000,
        lifetime_amount: 90_000,
      },
    ],
  },
  sybunt: { count: 0, amount: 0, donors: [] },
};

const renderAnalysis = () =>
  renderRoutes([{ path: '/dashboard/analysis', element: <AnalysisPage /> }], {
    initialEntries: ['/dashboard/analysis'],
    session: signedInSession(5150),
  });

describe('analysis page', () => {
  it('shows the figures of the default period, then of the period chosen', async () => {
    const user = userEvent.setup();
    const server = stubFetch({
      'GET /npo_admin/analysis/gifts': (call) => ({ body: gifts(call) }),
      'GET /npo_admin/analysis/retention': (call) => ({ body: retention(call) }),
      'GET /npo_admin/analysis/recurring': (call) => ({ body: recurring(call) }),
      'GET /npo_admin/analysis/lapsed': { body: lapsed },
    });
    renderAnalysis();
    const raised = await screen.findByRole('article', { name: 'Raised' });
    expect(raised).toHaveTextContent('$1,250.00');
    expect(raised).toHaveTextContent('$1,300.00 less $50.00 refunded');
    expect(screen.getByRole('article', { name: 'Median gift' })).toHaveTextContent('$200.00');
    const last30 = presetRange('last-30-days', new Date());
    expect(server.callsTo('GET', '/npo_admin/analysis/gifts')[0]?.query.get('from')).toBe(last30?.from);
    expect(screen.getByRole('link', { name: 'See these donations' })).toHaveAttribute(
      'href',
      `/dashboard/donations?date_from=${last30?.from}&date_to=${last30?.to}&status=succeeded,refunded`,
    );
    expect(await screen.findByRole('article', { name: 'New donors retention' })).toHaveTextContent('50%');
    expect(screen.getByRole('article', { name: 'Monthly recurring revenue' })).toHaveTextContent('$3,540.00');
    expect(screen.getByRole('article', { name: 'Churn' })).toHaveTextContent('1 cancelled, 1 failed');
    expect(screen.getByRole('article', { name: 'Failed-payment recovery' })).toHaveTextContent('1 of 2 past-due plans');
    const lapsedRegion = await screen.findByRole('region', { name: 'Lapsed donors' });
    expect(lapsedRegion).toHaveTextContent(
      'LYBUNT: gave in July 2024 – June 2025 but not yet in July 2025 – June 2026.',
    );
    expect(within(lapsedRegion).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/dashboard/donor/9',
    );

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last month' }));
    const lastMonth = presetRange('last-month', new Date());
    await waitFor(() => expect(screen.getByRole('article', { name: 'Raised' })).toHaveTextContent('$500.00'));
    expect(screen.getByRole('article', { name: 'Raised' })).toHaveTextContent('No refunds');
    expect(
      screen.getByRole('heading', { level: 2, name: `${lastMonth?.from} – ${lastMonth?.to}` }),
    ).toBeInTheDocument();
    const calls = server.callsTo('GET', '/npo_admin/analysis/retention');
    expect(calls.at(-1)?.query.get('to')).toBe(lastMonth?.to);
    // Lapsed donors do not depend on the period: loaded once.
    expect(server.callsTo('GET', '/npo_admin/analysis/lapsed')).toHaveLength(1);
  });

  it('shows an error with a retry on the part that failed', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch({
      'GET /npo_admin/analysis/gifts': (call) => ({ body: gifts(call) }),
      'GET /npo_admin/analysis/retention': (call) =>
        fail ? { status: 500, body: { status: 500, code: 'INTERNAL', message: 'Boom' } } : { body: retention(call) },
      'GET /npo_admin/analysis/recurring': (call) => ({ body: recurring(call) }),
      'GET /npo_admin/analysis/lapsed': { body: lapsed },
    });
    renderAnalysis();
    const region = await screen.findByRole('region', { name: 'Donor retention' });
    await within(region).findByText('Could not load this chart');
    fail = false;
    await user.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Overall retention' })).toHaveTextContent('75%');
  });
});
