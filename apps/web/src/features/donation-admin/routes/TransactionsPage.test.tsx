import type { TCardTestingBurst } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { transaction } from '../test-support.ts';
import { TransactionPage } from './TransactionPage.tsx';
import { TransactionsPage } from './TransactionsPage.tsx';

const render = (entry = '/dashboard/transactions') =>
  renderRoutes(
    [
      { path: '/dashboard/transactions', element: <TransactionsPage /> },
      { path: '/dashboard/transaction/:id', element: <TransactionPage /> },
    ],
    { initialEntries: [entry], session: signedInSession(1984) },
  );

const page = (transactions: ReturnType<typeof transaction>[], card_testing_bursts: TCardTestingBurst[] = []) => ({
  transactions,
  card_testing_bursts,
  total: transactions.length,
  page: 1,
  per_page: 25,
});

describe('TransactionsPage', () => {
  it('lists payments, refunds and declined attempts with the reason', async () => {
    stubFetch({
      'GET /npo_admin/transactions': {
        body: page([
          transaction('attempt-3'),
          transaction('refund-2', { kind: 'refund', status: 'refunded', amount_minor: -1000, failure_message: null }),
          transaction('payment-1', {
            kind: 'payment',
            status: 'succeeded',
            donor_name: 'Ada L',
            failure_message: null,
          }),
        ]),
      },
    });
    render();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const declined = within(table).getByRole('row', { name: /declined/ });
    expect(within(declined).getByText('Failed')).toBeInTheDocument();
    expect(within(declined).getByText('$42.00 USD')).toBeInTheDocument();
    expect(within(table).getByText('-$10.00 USD')).toBeInTheDocument();
    expect(within(table).getByText('Ada L')).toBeInTheDocument();
  });

  it('marks ticket purchases, links them to their order, and filters by type', async () => {
    const stub = stubFetch({
      'GET /npo_admin/transactions': (call) => ({
        body: page(
          call.query.get('type') === 'gifts'
            ? []
            : [
                transaction('ticket-9', {
                  kind: 'ticket',
                  status: 'succeeded',
                  amount_minor: 30_000,
                  donor_name: 'Katherine Johnson',
                  failure_message: null,
                  campaign_name: null,
                  ticket_order_id: 9,
                  event_name: 'Harvest Gala',
                }),
              ],
        ),
      }),
    });
    render('/dashboard/transactions?type=tickets');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const row = within(table).getByRole('row', { name: /Katherine Johnson/ });
    expect(within(row).getByText('Ticket purchase · Harvest Gala')).toBeInTheDocument();
    expect(within(row).getAllByRole('link')[0]).toHaveAttribute('href', '/dashboard/tickets/9');
    expect(stub.callsTo('GET', '/npo_admin/transactions').at(-1)?.query.get('type')).toBe('tickets');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Gifts' }));
    expect(await screen.findByText('No transactions match')).toBeInTheDocument();
    expect(stub.callsTo('GET', '/npo_admin/transactions').at(-1)?.query.get('type')).toBe('gifts');
  });

  it('writes amounts in the organisation’s locale and times on its clock', async () => {
    stubFetch({
      'GET /npo_admin/transactions': {
        body: page([transaction('attempt-4', { currency: 'GBP', created_at: '2031-02-15T04:30:00.000Z' })]),
      },
    });
    const npo = {
      id: 1,
      name: 'Hope',
      logo: null,
      base_currency: 'GBP',
      time_zone: 'America/New_York',
      locale: 'en-GB',
    };
    renderRoutes([{ path: '/dashboard/transactions', element: <TransactionsPage /> }], {
      initialEntries: ['/dashboard/transactions'],
      session: { ...signedInSession(1984), npo },
    });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).getByText('£42.00 GBP')).toBeInTheDocument();
    // 04:30 UTC on the 15th is 11.30 pm on the 14th in New York.
    expect(within(table).getByText('14 Feb 2031, 23:30')).toBeInTheDocument();
  });

  it('shows a card-testing burst above the list, with its count, address, times and the challenge', async () => {
    const burst: TCardTestingBurst = {
      id: 1,
      scope: 'address',
      source: '203.0.113.9',
      campaign_id: 7,
      declines: 6,
      started_at: '2026-03-02T10:00:00Z',
      last_decline_at: '2026-03-02T10:04:00Z',
      challenge_until: '2099-03-02T11:04:00Z',
      challenge_on: true,
    };
    stubFetch({ 'GET /npo_admin/transactions': { body: page([transaction('attempt-3')], [burst]) } });
    render();
    const banner = await screen.findByRole('region', { name: 'Card-testing bursts' });
    expect(banner).toHaveTextContent('Card testing suspected');
    expect(banner).toHaveTextContent(
      /Card-testing burst: 6 declined attempts from 203\.0\.113\.9 between .+ and .+, challenge on until/,
    );
  });

  it('shows no banner without bursts', async () => {
    stubFetch({ 'GET /npo_admin/transactions': { body: page([transaction('attempt-3')]) } });
    render();
    await screen.findByRole('table', { name: 'Transactions' });
    expect(screen.queryByRole('region', { name: 'Card-testing bursts' })).not.toBeInTheDocument();
  });

  it('says when there are none and when loading failed', async () => {
    stubFetch({ 'GET /npo_admin/transactions': { body: page([]) } });
    const { unmount } = render();
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    unmount();
    stubFetch({ 'GET /npo_admin/transactions': { status: 500, body: { message: 'Server trouble' } } });
    render();
    expect(await screen.findByText('Transactions could not be loaded')).toBeInTheDocument();
  });

  it('opens one attempt with why it failed', async () => {
    stubFetch({ 'GET /npo_admin/transactions/attempt-3': { body: { transaction: transaction('attempt-3') } } });
    render('/dashboard/transaction/attempt-3');
    expect(await screen.findByRole('heading', { name: 'Attempt of $42.00 USD' })).toBeInTheDocument();
    expect(screen.getByText(/Your card was declined\./)).toBeInTheDocument();
    expect(screen.getByText('None (not recorded as a gift)')).toBeInTheDocument();
  });
});
