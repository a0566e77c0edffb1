import type { TPayoutSource, TTableReport } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type StubCall, stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ReportsPage } from './ReportsPage.tsx';

// The reconciliation report's states on the reports page (docs/product/reports.md#reconciliation):
// payouts with the total line and "Refresh from Stripe", no payouts in the period, and providers
// that report no payouts (PayPal; Stripe without a connected account) saying so plainly.
const PAYPAL = 'PayPal does not report payouts to Kindling; match PayPal deposits from your PayPal statement.';
const NOT_CONNECTED =
  'No Stripe account is connected, so Stripe reports no payouts here: connect one under Settings → Payment processors.';

const source = (provider: TPayoutSource['provider'], patch: Partial<TPayoutSource>): TPayoutSource => ({
  provider,
  label: { stripe: 'Stripe', paypal: 'PayPal', sandbox: 'Sandbox' }[provider],
  reported: true,
  message: null,
  fetched_at: '2026-11-20T09:30:00Z',
  refreshing: false,
  error: null,
  can_refresh: provider === 'stripe',
  ...patch,
});
const paypal = source('paypal', { reported: false, message: PAYPAL, fetched_at: null, can_refresh: false });

const payouts = (call: StubCall, sources: TPayoutSource[]): TTableReport => ({
  report: 'reconciliation',
  view: 'payouts',
  title: 'Reconciliation: Payouts',
  currency: 'USD',
  period: { from: call.query.get('from'), to: call.query.get('to') },
  columns: [
    { key: 'payout', label: 'Payout', kind: 'text' },
    { key: 'arrival_date', label: 'Arrival date', kind: 'date' },
    { key: 'fees', label: 'Fees', kind: 'money' },
    { key: 'amount', label: 'Payout amount', kind: 'money' },
    { key: 'unmatched', label: 'Not matched', kind: 'count' },
  ],
  rows: [
    {
      key: 'stripe:po_1',
      cells: { payout: 'po_1', arrival_date: '2025-03-12', fees: -3_20, amount: 96_80, unmatched: 1 },
    },
  ],
  totals: { payout: 'Total', arrival_date: null, fees: -3_20, amount: 96_80, unmatched: 1 },
  chart: { label: 'arrival_date', value: 'amount' },
  note: 'Payouts by the day they arrive at the bank.',
  sources,
});

const stubs = (reply: (call: StubCall) => TTableReport) =>
  stubFetch({
    'GET /npo_admin/reports/reconciliation': (call) => ({ body: reply(call) }),
    'POST /npo_admin/reports/reconciliation/refresh': {
      status: 202,
      body: { source: source('stripe', { refreshing: true }) },
    },
    'GET /npo_admin/donations/filter_options': {
      body: { base_currency: 'USD', campaigns: [], payment_methods: [], currencies: ['USD'], designations: [] },
    },
    'GET /npo_admin/segments': { body: { segments: [] } },
  });

const open = (extra = '') =>
  renderRoutes([{ path: '/dashboard/reports', element: <ReportsPage /> }], {
    initialEntries: [`/dashboard/reports?report=reconciliation&period=last-year${extra}`],
    session: signedInSession(2001),
  });

describe('reconciliation report', () => {
  it('shows payouts with the total line and refreshes from Stripe for the period shown', async () => {
    const user = userEvent.setup();
    let refreshed = false;
    const server = stubs((call) =>
      payouts(call, [source('stripe', refreshed ? { fetched_at: '2026-11-27T11:00:00Z' } : {}), paypal]),
    );
    open();
    const table = await screen.findByRole('table', { name: 'Reconciliation: Payouts' }, { timeout: 10_000 });
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('$96.80');
    expect(screen.getByText('PayPal: not reported')).toBeInTheDocument();
    expect(screen.getByText(PAYPAL)).toBeInTheDocument();
    expect(screen.getByText(/^Stripe payouts: last fetched/)).toBeInTheDocument();
    refreshed = true;
    await user.click(screen.getByRole('button', { name: 'Refresh from Stripe' }));
    await waitFor(() => expect(server.callsTo('POST', '/npo_admin/reports/reconciliation/refresh')).toHaveLength(1));
    const body = server.callsTo('POST', '/npo_admin/reports/reconciliation/refresh')[0]?.body as Record<string, string>;
    const shown = server.callsTo('GET', '/npo_admin/reports/reconciliation')[0]?.query;
    expect(body).toEqual({ from: shown?.get('from'), to: shown?.get('to') });
    await waitFor(() =>
      expect(server.callsTo('GET', '/npo_admin/reports/reconciliation').length).toBeGreaterThanOrEqual(2),
    );
  }, 90_000);

  it('without payouts says so; without a connected Stripe account there is no refresh, only the sentence', async () => {
    stubs((call) => ({
      ...payouts(call, [
        source('stripe', { reported: false, message: NOT_CONNECTED, fetched_at: null, can_refresh: false }),
        paypal,
      ]),
      rows: [],
      totals: null,
    }));
    open();
    expect(await screen.findByText('No payouts arrived in this period.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Stripe: not reported')).toBeInTheDocument();
    expect(screen.getByText(NOT_CONNECTED)).toBeInTheDocument();
    expect(screen.getByText(PAYPAL)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh from Stripe' })).not.toBeInTheDocument();
  }, 90_000);

  it('offers only the period and one currency, and leaves out filters kept from another report', async () => {
    const server = stubs((call) => payouts(call, [paypal]));
    open('&campaign_id=3&payment_method=card&currency=USD,GBP&segment_id=4');
    await screen.findByRole('table', { name: 'Reconciliation: Payouts' }, { timeout: 10_000 });
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD');
    for (const name of ['Campaigns', 'Designations', 'Payment methods', 'Segment'])
      expect(screen.queryByLabelText(name)).not.toBeInTheDocument();
    const asked = server.callsTo('GET', '/npo_admin/reports/reconciliation')[0]?.query;
    expect(asked?.get('currency')).toBe('USD');
    for (const name of ['campaign_id', 'payment_method', 'segment_id']) expect(asked?.has(name)).toBe(false);
  }, 90_000);
});
