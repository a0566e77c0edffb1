import type { TTableReport } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type StubCall, stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ReportsPage } from './ReportsPage.tsx';

// The reports centre's picker and one table report's states (docs/product/reports.md).
const donors = (call: StubCall): TTableReport => ({
  report: 'donors',
  view: call.query.get('view') ?? 'retention',
  title: 'Donors: Giving pyramid',
  currency: 'USD',
  period: { from: call.query.get('from'), to: call.query.get('to') },
  columns: [
    { key: 'band', label: 'Gift size (period total)', kind: 'text' },
    { key: 'donors', label: 'Donors', kind: 'count' },
    { key: 'amount', label: 'Total', kind: 'money' },
  ],
  rows: [
    { key: '1', cells: { band: 'USD 100 to under USD 500', donors: 3, amount: 60_000 } },
    { key: '0', cells: { band: 'Under USD 100', donors: 5, amount: 12_550 } },
  ],
  totals: { band: 'Total', donors: 8, amount: 72_550 },
  chart: { label: 'band', value: 'donors' },
  note: 'Each donor in the band of what they gave in the period.',
});

const stubs = (donorsReply: Parameters<typeof stubFetch>[0][string]) =>
  stubFetch({
    'GET /npo_admin/reports/donors': donorsReply,
    'GET /npo_admin/reports/income': {
      body: {
        currency: 'USD',
        period: { from: null, to: null },
        group_by: 'month',
        rows: [],
        totals: {
          gifts: 0,
          gross: 0,
          fee_covered: 0,
          refunds: 0,
          disputes: 0,
          net: 0,
          platform_fees: 0,
          net_after_fees: 0,
        },
      },
    },
    'GET /npo_admin/donations/filter_options': {
      body: { base_currency: 'USD', campaigns: [], payment_methods: [], currencies: ['USD'], designations: [] },
    },
    'GET /npo_admin/segments': { body: { segments: [] } },
  });

describe('reports picker', () => {
  it('opens the donors report with the period kept, switches its view, and links its downloads', async () => {
    const user = userEvent.setup();
    const server = stubs((call) => ({ body: donors(call) }));
    renderRoutes([{ path: '/dashboard/reports', element: <ReportsPage /> }], {
      initialEntries: ['/dashboard/reports?period=last-year'],
      session: signedInSession(2001),
    });
    const nav = await screen.findByRole('navigation', { name: 'Reports' });
    expect(within(nav).getByRole('link', { name: 'Income' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('link', { name: 'Donors' }));
    const table = await screen.findByRole('table', { name: 'Donors: Giving pyramid' }, { timeout: 10_000 });
    const year = new Date().getFullYear();
    const first = server.callsTo('GET', '/npo_admin/reports/donors')[0];
    expect(first?.query.get('from')).toBe(`${year - 1}-01-01`);
    expect(first?.query.get('group_by')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Donors' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('combobox', { name: 'Group by' })).not.toBeInTheDocument();
    const total = within(table).getByRole('row', { name: /^Total/ });
    expect(total).toHaveTextContent('$725.50');
    expect(total).toHaveTextContent('8');

    await user.click(screen.getByRole('combobox', { name: 'View' }));
    await user.click(await screen.findByRole('option', { name: 'Giving pyramid' }));
    await waitFor(() =>
      expect(server.callsTo('GET', '/npo_admin/reports/donors').at(-1)?.query.get('view')).toBe('pyramid'),
    );
    const pdf = new URL(screen.getByRole('link', { name: 'PDF' }).getAttribute('href') ?? '', 'http://x');
    expect(pdf.pathname).toBe('/api/v1/npo_admin/reports/donors/download');
    expect(Object.fromEntries(pdf.searchParams)).toEqual({
      from: `${year - 1}-01-01`,
      to: `${year - 1}-12-31`,
      view: 'pyramid',
      format: 'pdf',
    });
  }, 90_000);

  it('a report opened from its address: empty, a refused filter in words, and a retry after a failure', async () => {
    const user = userEvent.setup();
    let reply: 'fail' | 'refuse' | 'empty' = 'fail';
    stubs((call) => {
      if (reply === 'fail') return { status: 500, body: { status: 500, code: 'INTERNAL', message: 'Boom' } };
      if (reply === 'refuse') {
        return {
          status: 400,
          body: {
            status: 400,
            code: 'VALIDATION_FAILED',
            message: 'Choose a period with a start date to compare with the year before.',
          },
        };
      }
      return { body: { ...donors(call), rows: [], totals: null } };
    });
    renderRoutes([{ path: '/dashboard/reports', element: <ReportsPage /> }], {
      initialEntries: ['/dashboard/reports?report=donors&period=last-year'],
      session: signedInSession(2001),
    });
    await screen.findByText('Could not load this chart', {}, { timeout: 10_000 });
    reply = 'empty';
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No gifts match these filters.')).toBeInTheDocument();
    reply = 'refuse';
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'All time' }));
    expect(
      await screen.findByText('Choose a period with a start date to compare with the year before.'),
    ).toBeInTheDocument();
  }, 90_000);
});
