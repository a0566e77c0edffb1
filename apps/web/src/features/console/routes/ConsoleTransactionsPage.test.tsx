import type { TConsoleTransaction } from '@kindling/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ConsoleTransactionsPage } from './ConsoleTransactionsPage.tsx';

const row = (id: number, over: Partial<TConsoleTransaction> = {}): TConsoleTransaction => ({
  id: `payment-${id}`,
  kind: 'payment',
  status: 'succeeded',
  npo_id: 1,
  organisation: 'Riverside Food Bank',
  donation_id: id,
  amount_minor: 2500,
  currency: 'USD',
  provider: 'stripe',
  provider_reference: `pi_${id}`,
  payment_method: 'card',
  email: `donor${id}@example.org`,
  created_at: '2026-11-20T15:00:00Z',
  ...over,
});

const render = () =>
  renderRoutes([{ path: '/console/transactions', element: <ConsoleTransactionsPage /> }], {
    initialEntries: ['/console/transactions'],
    session: signedInSession(7789),
  });

describe('ConsoleTransactionsPage', () => {
  it('lists transactions, searches on the server, pages older by cursor and links the filtered export', async () => {
    const fetch = stubFetch({
      'GET /console/organizations': { body: { organisations: [], total: 0, page: 1, per_page: 100 } },
      'GET /console/transactions': (call) => {
        if (call.query.get('cursor') === 'next')
          return {
            body: {
              transactions: [row(1, { status: 'refunded', kind: 'refund', id: 'refund-1', amount_minor: -900 })],
              next_cursor: null,
            },
          };
        if (call.query.get('q') === 'ada@example.org')
          return { body: { transactions: [row(7, { email: 'ada@example.org' })], next_cursor: null } };
        return { body: { transactions: [row(2)], next_cursor: 'next' } };
      },
    });
    render();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(await within(table).findByText('donor2@example.org')).toBeInTheDocument();
    expect(within(table).getByText('$25.00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await within(table).findByText('Refunded')).toBeInTheDocument();
    expect(within(table).getByText('-$9.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await within(table).findByText('donor2@example.org')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'ada@example.org' } });
    expect(await within(table).findByText('ada@example.org')).toBeInTheDocument();
    expect(fetch.callsTo('GET', '/console/transactions').at(-1)?.query.get('q')).toBe('ada@example.org');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        '/api/v1/console/transactions/export?q=ada%40example.org',
      ),
    );
  });

  it('shows the server’s field message under a refused day', async () => {
    stubFetch({
      'GET /console/organizations': { body: { organisations: [], total: 0, page: 1, per_page: 100 } },
      'GET /console/transactions': (call) =>
        call.query.get('from')
          ? {
              status: 400,
              body: {
                status: 400,
                code: 'VALIDATION_FAILED',
                message: 'The last day is before the first.',
                fields: { to: 'The last day is before the first.' },
              },
            }
          : { body: { transactions: [], next_cursor: null } },
    });
    render();
    expect(await screen.findByText('No transaction matches.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From (UTC day)'), { target: { value: '2026-03-02' } });
    fireEvent.change(screen.getByLabelText('To (UTC day)'), { target: { value: '2026-03-01' } });
    expect(await screen.findAllByText('The last day is before the first.')).not.toHaveLength(0);
  });
});
