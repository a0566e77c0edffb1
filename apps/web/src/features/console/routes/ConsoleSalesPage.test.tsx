import type { TConsoleSales, TConsoleSalesOrganisations } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type StubCall, stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ConsoleSalesPage } from './ConsoleSalesPage.tsx';

const month = (period: string, fees: number, owed: number) => ({
  period,
  gross_minor: 100_000,
  fees_minor: fees,
  owed_minor: owed,
  active_organisations: 2,
  new_organisations: 0,
});

const SALES: TConsoleSales = {
  reporting_currency: 'USD',
  by_month: [month('2026-10', 1000, 0), month('2026-11', 500, 1500)],
  top_organisations: [],
  unconverted: [],
};

const HARBOUR = {
  npo_id: 1,
  name: 'Harbour Hope Trust',
  fee_bps: 200,
  gross_minor: 75_000,
  fees_minor: 1500,
  owed_minor: 0,
};
const RIVERSIDE = {
  npo_id: 2,
  name: 'Riverside Food Bank',
  fee_bps: 150,
  gross_minor: 100_000,
  fees_minor: 0,
  owed_minor: 1500,
};

/** The server's table: a page of 50 out of `total`, the query echoed back. */
const tableFor = (call: StubCall, rows: TConsoleSalesOrganisations['organisations'], total = rows.length) => ({
  body: {
    reporting_currency: 'USD',
    period: call.query.get('period') ?? 'all',
    sort: call.query.get('sort') ?? 'owed',
    page: Number(call.query.get('page') ?? 1),
    per_page: 50,
    total,
    organisations: rows,
  } as TConsoleSalesOrganisations,
});

const render = () =>
  renderRoutes([{ path: '/console/sales', element: <ConsoleSalesPage /> }], {
    initialEntries: ['/console/sales'],
    session: signedInSession(7789),
  });

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

describe('ConsoleSalesPage', () => {
  it('shows the fees by month and the organisations a page at a time from the server', async () => {
    const stub = stubFetch({
      'GET /console/sales': { body: SALES },
      'GET /console/sales/organizations': (call) =>
        call.query.get('page') === '2'
          ? tableFor(call, [{ ...HARBOUR, npo_id: 9, name: 'Page Two Trust' }], 51)
          : tableFor(call, [RIVERSIDE, HARBOUR], 51),
    });
    render();
    const table = await screen.findByRole('table', { name: 'Sales by organisation' }, { timeout: 10_000 });
    expect(rowsOf(table)).toEqual([
      'Riverside Food Bank1.5%$1,000.00$0.00$15.00',
      'Harbour Hope Trust2%$750.00$15.00$0.00',
    ]);
    expect(screen.getByText('Fees owed, 12 months').nextSibling).toHaveTextContent('$15.00');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/v1/console/sales/export');
    expect(screen.getByText(/^51 organisations/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Page Two Trust', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(stub.callsTo('GET', '/console/sales/organizations').at(-1)?.query.get('page')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Riverside Food Bank', {}, { timeout: 10_000 })).toBeInTheDocument();
  }, 60_000);

  it('asks the server for one month, another order and a name, from the first page', async () => {
    const stub = stubFetch({
      'GET /console/sales': { body: SALES },
      'GET /console/sales/organizations': (call) => {
        if (call.query.get('period') === '2026-10') return tableFor(call, [{ ...HARBOUR, gross_minor: 50_000 }]);
        if (call.query.get('q') === 'river') return tableFor(call, [RIVERSIDE]);
        if (call.query.get('q')) return tableFor(call, []);
        return tableFor(call, [RIVERSIDE, HARBOUR]);
      },
    });
    render();
    await screen.findByRole('table', { name: 'Sales by organisation' }, { timeout: 10_000 });
    const organisationRows = () => rowsOf(screen.getByRole('table', { name: 'Sales by organisation' }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(await screen.findByRole('option', { name: 'October 2026' }));
    await expect.poll(organisationRows, { timeout: 10_000 }).toEqual(['Harbour Hope Trust2%$500.00$15.00$0.00']);

    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Last 12 months' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Name' }));
    await expect
      .poll(() => stub.callsTo('GET', '/console/sales/organizations').at(-1)?.query.get('sort'), { timeout: 10_000 })
      .toBe('name');

    await userEvent.type(screen.getByRole('textbox', { name: 'Organisation name' }), 'river');
    await expect.poll(organisationRows, { timeout: 10_000 }).toEqual(['Riverside Food Bank1.5%$1,000.00$0.00$15.00']);
    const last = stub.callsTo('GET', '/console/sales/organizations').at(-1);
    expect([last?.query.get('q'), last?.query.get('page'), last?.query.get('sort')]).toEqual(['river', '1', 'name']);

    await userEvent.type(screen.getByRole('textbox', { name: 'Organisation name' }), 'zzz');
    expect(
      await screen.findByText('No organisation with money in this period matches that name.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  }, 60_000);

  it('says so when the sales cannot be loaded', async () => {
    stubFetch({ 'GET /console/sales': { status: 500, body: { error: 'INTERNAL', message: 'Something went wrong.' } } });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('The sales could not be loaded');
  });

  it('keeps the months when only the organisations cannot be loaded', async () => {
    stubFetch({
      'GET /console/sales': { body: SALES },
      'GET /console/sales/organizations': {
        status: 500,
        body: { error: 'INTERNAL', message: 'Something went wrong.' },
      },
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('The organisations could not be loaded');
    expect(screen.getByRole('table', { name: 'Sales by month' })).toBeInTheDocument();
  });

  it('says when no organisation processed money in the period', async () => {
    stubFetch({
      'GET /console/sales': { body: SALES },
      'GET /console/sales/organizations': (call) => tableFor(call, []),
    });
    render();
    expect(await screen.findByText('No organisation processed money in this period.')).toBeInTheDocument();
  });
});
