import type { TIncomeReport } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type StubCall, stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ReportsPage } from './ReportsPage.tsx';

const figures = (gross: number, refunds: number) => ({
  gifts: 2,
  gross,
  fee_covered: 100,
  refunds,
  disputes: 0,
  net: gross - refunds,
  platform_fees: 0,
  net_after_fees: gross - refunds,
});

const income = (call: StubCall): TIncomeReport => {
  const byCampaign = call.query.get('group_by') === 'campaign';
  const rows = byCampaign
    ? [{ key: '7', label: 'Spring Appeal', ...figures(30_000, 0) }]
    : [
        { key: `${call.query.get('from')?.slice(0, 7)}-01`, label: 'first', ...figures(10_000, 2_500) },
        { key: `${call.query.get('from')?.slice(0, 4)}-02-01`, label: 'second', ...figures(20_000, 0) },
      ];
  return {
    currency: 'USD',
    period: { from: call.query.get('from'), to: call.query.get('to') },
    group_by: byCampaign ? 'campaign' : 'month',
    rows,
    totals: { ...figures(30_000, byCampaign ? 0 : 2_500), gifts: rows.length * 2 },
  };
};

const options = {
  base_currency: 'USD',
  campaigns: [{ id: 7, name: 'Spring Appeal' }],
  payment_methods: ['card'],
  currencies: ['USD'],
  designations: [],
};

describe('reports page', () => {
  it('shows the income report of this year, then of last year by campaign, with download links', async () => {
    const user = userEvent.setup();
    const server = stubFetch({
      'GET /npo_admin/reports/income': (call) => ({ body: income(call) }),
      'GET /npo_admin/donations/filter_options': { body: options },
      'GET /npo_admin/segments': { body: { segments: [] } },
    });
    renderRoutes([{ path: '/dashboard/reports', element: <ReportsPage /> }], {
      initialEntries: ['/dashboard/reports'],
      session: signedInSession(2001),
    });
    const table = await screen.findByRole('table', { name: 'Income' });
    const year = new Date().getFullYear();
    expect(server.callsTo('GET', '/npo_admin/reports/income')[0]?.query.get('from')).toBe(`${year}-01-01`);
    const total = within(table).getByRole('row', { name: /Total/ });
    expect(total).toHaveTextContent('$300.00');
    expect(total).toHaveTextContent('$275.00');
    expect(within(table).getAllByRole('row')).toHaveLength(4);

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last year' }));
    await waitFor(() =>
      expect(server.callsTo('GET', '/npo_admin/reports/income').at(-1)?.query.get('to')).toBe(`${year - 1}-12-31`),
    );
    await user.click(screen.getByRole('combobox', { name: 'Group by' }));
    await user.click(await screen.findByRole('option', { name: 'Campaign' }));
    expect(await within(table).findByRole('rowheader', { name: 'Spring Appeal' })).toBeInTheDocument();
    const xlsx = screen.getByRole('link', { name: 'Excel (XLSX)' });
    const href = new URL(xlsx.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/api/v1/npo_admin/reports/income/download');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      from: `${year - 1}-01-01`,
      to: `${year - 1}-12-31`,
      group_by: 'campaign',
      format: 'xlsx',
    });
    expect(screen.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', expect.stringContaining('format=pdf'));
  }, 90_000);

  it('says so when nothing matches, and offers a retry when the report fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch({
      'GET /npo_admin/reports/income': (call) =>
        fail
          ? { status: 500, body: { status: 500, code: 'INTERNAL', message: 'Boom' } }
          : { body: { ...income(call), rows: [] } },
      'GET /npo_admin/donations/filter_options': { body: options },
      'GET /npo_admin/segments': { body: { segments: [] } },
    });
    renderRoutes([{ path: '/dashboard/reports', element: <ReportsPage /> }], {
      initialEntries: ['/dashboard/reports?period=last-year'],
      session: signedInSession(2001),
    });
    await screen.findByText('Could not load this chart', {}, { timeout: 10_000 });
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No gifts match these filters.')).toBeInTheDocument();
  }, 60_000);

  it('explains, instead of a blank page, when the member lacks “View reports”', async () => {
    stubFetch({
      'GET /npo_admin/reports/income': {
        status: 403,
        body: { status: 403, code: 'FORBIDDEN', message: 'You do not have the “View reports” permission here.' },
      },
      'GET /npo_admin/donations/filter_options': { body: options },
      'GET /npo_admin/segments': { body: { segments: [] } },
    });
    renderRoutes([{ path: '/dashboard/reports', element: <ReportsPage /> }], {
      initialEntries: ['/dashboard/reports'],
      session: signedInSession(1984),
    });
    expect(
      await screen.findByRole('heading', { name: "You don't have access to reports" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('You do not have the “View reports” permission here.')).toBeInTheDocument();
    expect(screen.getByText(/can give it to you under Settings, Team/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Income' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'PDF' })).not.toBeInTheDocument();
  }, 60_000);
});
