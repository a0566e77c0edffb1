import type { TEventOrderAdmin } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { TicketOrderPage } from './TicketOrderPage.tsx';

const ticket = (id: number, attendee_name: string, status = 'valid') => ({
  id,
  type: 'General admission',
  attendee_name,
  attendee_email: `${id}@example.org`,
  status,
  answers: [] as TEventOrderAdmin['tickets'][number]['answers'],
});

const ORDER: TEventOrderAdmin = {
  id: 9,
  event_id: 3,
  reference: 'ref-0123456789',
  status: 'paid',
  event: {
    name: 'Harvest Gala',
    slug: 'harvest-gala',
    starts_at: '2026-12-17T23:30:00.000Z',
    time_zone: 'America/New_York',
  },
  buyer_name: 'Ada Byron',
  buyer_email: 'ada@example.org',
  currency: 'USD',
  subtotal_minor: 30_000,
  discount_minor: 3000,
  gift_minor: 1000,
  total_minor: 28_000,
  fair_market_minor: 12_000,
  deductible_minor: 16_000,
  receipt_lines: [],
  online_url: null,
  created_at: '2026-11-20T12:00:00.000Z',
  paid_at: '2026-11-20T12:01:00.000Z',
  discount_code: 'EARLY',
  provider: 'sandbox',
  provider_reference: 'pi_1',
  tickets: [ticket(41, 'Ada Byron'), ticket(42, 'Mary Somerville')],
  refunded_minor: 0,
};

const render = (role: 5150 | 1984) =>
  renderRoutes([{ path: '/dashboard/tickets/:id', element: <TicketOrderPage /> }], {
    initialEntries: ['/dashboard/tickets/9'],
    session: signedInSession(role),
  });

describe('one ticket order', () => {
  it('refunds one ticket after a confirming click and shows the order partly refunded', async () => {
    const stub = stubFetch({
      'GET /npo_admin/event_orders/9': { body: ORDER },
      'POST /npo_admin/event_orders/9/tickets/42/refund': {
        body: {
          ...ORDER,
          refunded_minor: 13_500,
          tickets: [ticket(41, 'Ada Byron'), ticket(42, 'Mary Somerville', 'refunded')],
        },
      },
    });
    render(5150);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Refund Mary Somerville's ticket" }));
    expect(stub.callsTo('POST', '/npo_admin/event_orders/9/tickets/42/refund')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: "Confirm the refund of Mary Somerville's ticket" }));
    expect(await screen.findByText('partly refunded')).toBeInTheDocument();
    expect(screen.getByText('$135.00')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Mary Somerville/ });
    expect(within(row).getByText('refunded')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(stub.callsTo('POST', '/npo_admin/event_orders/9/tickets/42/refund')).toHaveLength(1);
  });

  it('refunds the whole order after a confirming click, and resends the tickets', async () => {
    const stub = stubFetch({
      'GET /npo_admin/event_orders/9': { body: ORDER },
      'POST /npo_admin/event_orders/9/resend': { body: { sent_to: 'ada@example.org' } },
      'POST /npo_admin/event_orders/9/refund': {
        body: {
          ...ORDER,
          status: 'refunded',
          refunded_minor: 28_000,
          tickets: [ticket(41, 'Ada Byron', 'refunded'), ticket(42, 'Mary Somerville', 'refunded')],
        },
      },
    });
    render(5150);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend tickets' }));
    expect(await screen.findByText('Tickets sent again to ada@example.org.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refund the whole order' }));
    expect(stub.callsTo('POST', '/npo_admin/event_orders/9/refund')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm: refund the whole order' }));
    expect(await screen.findByText('refunded', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.getByText('Refunded').nextElementSibling).toHaveTextContent('$280.00');
    expect(screen.queryByRole('button', { name: /Refund|Resend/ })).not.toBeInTheDocument();
    expect(stub.callsTo('POST', '/npo_admin/event_orders/9/refund')).toHaveLength(1);
  });

  it('offers no refund to staff outside the admin group, and shows each attendee’s answers', async () => {
    const answers = [
      { question_id: 1, question: 'Meal', answer: 'Vegetarian' },
      { question_id: 2, question: 'Allergies', answer: 'Peanuts' },
    ];
    const tickets = [{ ...ticket(41, 'Ada Byron'), answers }, ticket(42, 'Mary Somerville')];
    stubFetch({ 'GET /npo_admin/event_orders/9': { body: { ...ORDER, tickets } } });
    render(1984);
    await screen.findByRole('heading', { name: 'Order from Ada Byron' });
    const row = screen.getByRole('row', { name: /Ada Byron/ });
    expect(within(row).getByText('Meal: Vegetarian')).toBeInTheDocument();
    expect(within(row).getByText('Allergies: Peanuts')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend tickets' })).toBeInTheDocument();
  });
});
