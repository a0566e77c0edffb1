import type { TConsoleSales } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
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
  by_organisation: [
    {
      npo_id: 1,
      name: 'Harbour Hope Trust',
      fee_bps: 200,
      gross_minor: 75_000,
      fees_minor: 1500,
      owed_minor: 0,
      months: [
        { period: '2026-10', gross_minor: 50_000, fees_minor: 1000, owed_minor: 0 },
        { period: '2026-11', gross_minor: 25_000, fees_minor: 500, owed_minor: 0 },
      ],
    },
    {
      npo_id: 2,
      name: 'Riverside Food Bank',
      fee_bps: 150,
      gross_minor: 100_000,
      fees_minor: 0,
      owed_minor: 1500,
      months: [{ period: '2026-11', gross_minor: 100_000, fees_minor: 0, owed_minor: 1500 }],
    },
  ],
};

const render = () =>
  renderRoutes([{ path: '/console/sales', element: <ConsoleSalesPage /> }], {
    initialEntries: ['/console/sales'],
    session: signedInSession(7789),
  });

describe('ConsoleSalesPage', () => {
  it('shows fees taken and owed, by organisation for the 12 months or one month, and links the export', async () => {
    stubFetch({ 'GET /console/sales': { body: SALES } });
    render();
    const byOrganisation = await screen.findByRole('table', { name: 'Sales by organisation' });
    const rows = within(byOrganisation).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Riverside Food Bank1.5%$1,000.00$0.00$15.00',
      'Harbour Hope Trust2%$750.00$15.00$0.00',
    ]);
    expect(screen.getByText('Fees owed, 12 months').nextSibling).toHaveTextContent('$15.00');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/v1/console/sales/export');

    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(await screen.findByRole('option', { name: 'October 2026' }));
    const october = within(screen.getByRole('table', { name: 'Sales by organisation' }))
      .getAllByRole('row')
      .slice(1);
    expect(october.map((r) => r.textContent)).toEqual(['Harbour Hope Trust2%$500.00$10.00$0.00']);
  });

  it('says so when the sales cannot be loaded', async () => {
    stubFetch({ 'GET /console/sales': { status: 500, body: { error: 'INTERNAL', message: 'Something went wrong.' } } });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('The sales could not be loaded');
  });
});
