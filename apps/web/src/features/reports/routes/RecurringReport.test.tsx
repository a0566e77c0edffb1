import type { TTableReport } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type StubCall, stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ReportsPage } from './ReportsPage.tsx';

// The recurring report's states on the reports page (docs/product/reports.md#recurring): its MRR
// movement with the total line, the failed charges view, empty, refused and failed answers.
const mrr = (call: StubCall): TTableReport => ({
  report: 'recurring',
  view: 'mrr',
  title: 'Recurring: MRR movement',
  currency: 'USD',
  period: { from: call.query.get('from'), to: call.query.get('to') },
  columns: [
    { key: 'month', label: 'Month', kind: 'text' },
    { key: 'opening', label: 'MRR at start', kind: 'money' },
    { key: 'new_mrr', label: 'New', kind: 'money' },
    { key: 'churn', label: 'Churn', kind: 'money' },
    { key: 'closing', label: 'MRR at month end', kind: 'money' },
  ],
  rows: [
    { key: '2025-03', cells: { month: '2025-03', opening: 0, new_mrr: 45_00, churn: 0, closing: 45_00 } },
    { key: '2025-04', cells: { month: '2025-04', opening: 45_00, new_mrr: 0, churn: 25_00, closing: 20_00 } },
  ],
  totals: { month: 'Total', opening: 0, new_mrr: 45_00, churn: 25_00, closing: 20_00 },
  chart: { label: 'month', value: 'closing' },
  note: 'MRR at month end = at start + new + expansion − contraction − churn.',
});

const charges = (call: StubCall): TTableReport => ({
  ...mrr(call),
  view: 'charges',
  title: 'Recurring: Failed and recovered charges',
  columns: [
    { key: 'month', label: 'Month failed', kind: 'text' },
    { key: 'failed', label: 'Failed charges', kind: 'count' },
    { key: 'recovered', label: 'Recovered', kind: 'count' },
    { key: 'recovered_amount', label: 'Recovered amount', kind: 'money' },
  ],
  rows: [{ key: '2025-06', cells: { month: '2025-06', failed: 3, recovered: 1, recovered_amount: 12_00 } }],
  totals: { month: 'Total', failed: 3, recovered: 1, recovered_amount: 12_00 },
  chart: { label: 'month', value: 'failed' },
});

type Reply = 'ok' | 'empty' | 'fail' | 'forbidden';

const stubs = (reply: () => Reply) =>
  stubFetch({
    'GET /npo_admin/reports/recurring': (call) => {
      const r = reply();
      if (r === 'fail') return { status: 500, body: { status: 500, code: 'INTERNAL', message: 'Boom' } };
      if (r === 'forbidden') {
        return {
          status: 403,
          body: { status: 403, code: 'FORBIDDEN', message: 'You do not have the “View reports” permission here.' },
        };
      }
      const body = call.query.get('view') === 'charges' ? charges(call) : mrr(call);
      return { body: r === 'empty' ? { ...body, rows: [], totals: null } : body };
    },
    'GET /npo_admin/donations/filter_options': {
      body: { base_currency: 'USD', campaigns: [], payment_methods: [], currencies: ['USD'], designations: [] },
    },
    'GET /npo_admin/segments': { body: { segments: [] } },
  });

const open = () =>
  renderRoutes([{ path: '/dashboard/reports', element: <ReportsPage /> }], {
    initialEntries: ['/dashboard/reports?report=recurring&period=last-year'],
    session: signedInSession(2001),
  });

describe('recurring report', () => {
  it('shows MRR movement with its total line, switches to failed charges and links the downloads', async () => {
    const user = userEvent.setup();
    const server = stubs(() => 'ok');
    open();
    const nav = await screen.findByRole('navigation', { name: 'Reports' });
    expect(within(nav).getByRole('link', { name: 'Recurring' })).toHaveAttribute('aria-current', 'page');
    const table = await screen.findByRole('table', { name: 'Recurring: MRR movement' }, { timeout: 10_000 });
    const total = within(table).getByRole('row', { name: /^Total/ });
    expect(total).toHaveTextContent('$45.00');
    expect(total).toHaveTextContent('$20.00');
    await user.click(screen.getByRole('combobox', { name: 'View' }));
    await user.click(await screen.findByRole('option', { name: 'Failed and recovered charges' }));
    await waitFor(() =>
      expect(server.callsTo('GET', '/npo_admin/reports/recurring').at(-1)?.query.get('view')).toBe('charges'),
    );
    const failed = await screen.findByRole('table', { name: 'Recurring: Failed and recovered charges' });
    expect(within(failed).getByRole('row', { name: /^Total/ })).toHaveTextContent('$12.00');
    const xlsx = new URL(screen.getByRole('link', { name: 'Excel (XLSX)' }).getAttribute('href') ?? '', 'http://x');
    expect(xlsx.pathname).toBe('/api/v1/npo_admin/reports/recurring/download');
    expect(xlsx.searchParams.get('view')).toBe('charges');
  }, 90_000);

  it('a failure offers a retry; no plans says so; without the permission it says who can give it', async () => {
    const user = userEvent.setup();
    let reply: Reply = 'fail';
    stubs(() => reply);
    const { unmount } = open();
    await screen.findByText('Could not load this chart', {}, { timeout: 10_000 });
    reply = 'empty';
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No recurring plans match these filters.')).toBeInTheDocument();
    unmount();
    reply = 'forbidden';
    open();
    expect(await screen.findByText("You don't have access to reports", {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  }, 90_000);
});
