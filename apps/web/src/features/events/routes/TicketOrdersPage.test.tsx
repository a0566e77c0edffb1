import type { TTicketOrderRow } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { TicketOrdersPage } from './TicketOrdersPage.tsx';

const order = (id: number, buyer_name: string, extra: Partial<TTicketOrderRow> = {}): TTicketOrderRow => ({
  id,
  event_id: 3,
  event_name: 'Harvest Gala',
  buyer_name,
  buyer_email: `${buyer_name.split(' ')[0]?.toLowerCase()}@example.org`,
  status: 'paid',
  tickets: 2,
  checked_in: 0,
  total_minor: 30_000,
  refunded_minor: 0,
  currency: 'USD',
  created_at: '2026-11-20T12:00:00.000Z',
  ...extra,
});

const EVENTS = {
  upcoming: [{ id: 3, name: 'Harvest Gala' }],
  past: [{ id: 4, name: 'Spring Run' }],
};

const render = (entry = '/dashboard/tickets') =>
  renderRoutes([{ path: '/dashboard/tickets', element: <TicketOrdersPage /> }], {
    initialEntries: [entry],
    session: signedInSession(1984),
  });

describe('the ticket orders list', () => {
  it('lists orders with their status, each opening its order, and keeps the transactions list a click away', async () => {
    const stub = stubFetch({
      'GET /npo_admin/events': { body: EVENTS },
      'GET /npo_admin/ticket_orders': {
        body: {
          orders: [
            order(9, 'Ada Byron', { status: 'partly_refunded', refunded_minor: 13_500, checked_in: 1 }),
            order(8, 'Mary Somerville', { status: 'pending' }),
          ],
          total: 2,
          page: 1,
          per_page: 50,
        },
      },
    });
    render();
    const table = await screen.findByRole('table', { name: 'Ticket orders' });
    const ada = within(table).getByRole('row', { name: /Ada Byron/ });
    expect(within(ada).getByRole('link', { name: 'Ada Byron' })).toHaveAttribute('href', '/dashboard/tickets/9');
    expect(within(ada).getByText('Partly refunded')).toBeInTheDocument();
    expect(within(ada).getByText('$135.00 refunded')).toBeInTheDocument();
    expect(within(ada).getByText('1 checked in')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Mary Somerville/ })).toHaveTextContent('Pending payment');
    expect(screen.getByRole('link', { name: 'All transactions' })).toHaveAttribute('href', '/dashboard/transactions');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/v1/npo_admin/ticket_orders.csv',
    );
    expect(stub.callsTo('GET', '/npo_admin/ticket_orders').at(-1)?.query.get('per_page')).toBe('50');
  });

  it('searches, filters by event and status, and exports what the filters show', async () => {
    const user = userEvent.setup();
    const stub = stubFetch({
      'GET /npo_admin/events': { body: EVENTS },
      'GET /npo_admin/ticket_orders': { body: { orders: [], total: 0, page: 1, per_page: 50 } },
    });
    render('/dashboard/tickets?event=3&status=refunded');
    expect(await screen.findByText('No ticket orders match')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'dorothy');
    await expect
      .poll(() => stub.callsTo('GET', '/npo_admin/ticket_orders').at(-1)?.query.get('search'), { timeout: 5000 })
      .toBe('dorothy');
    const last = stub.callsTo('GET', '/npo_admin/ticket_orders').at(-1)?.query;
    expect(last?.get('event_id')).toBe('3');
    expect(last?.get('status')).toBe('refunded');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/v1/npo_admin/ticket_orders.csv?search=dorothy&event_id=3&status=refunded',
    );
  });

  it('sends links from when this was the transactions list on to /dashboard/transactions', async () => {
    stubFetch({});
    render('/dashboard/tickets?type=tickets');
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/transactions?type=tickets');
  });

  it('sends an old payment-status link there too', async () => {
    stubFetch({});
    render('/dashboard/tickets?status=failed');
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/transactions?status=failed');
  });
});
