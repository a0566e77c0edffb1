// PayPal for a ticket order on the public event page (docs/decisions/081-paypal-tickets-and-qr-fallback.md):
// the order is placed, "Pay with PayPal" creates the PayPal order through /event_orders/{ref}/paypal_order
// and leaves for its approval page (jsdom does not navigate: the button's leaving state stands for it); back from PayPal, the page captures through paypal_capture and confirms.
import type { TPublicEvent, TTicketOrderCreated, TTicketOrderSummary } from '@kindling/contracts/events.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { EventPage } from './EventPage.tsx';
import { GALA_EVENT } from './gala.test-fixture.ts';

const event: TPublicEvent = GALA_EVENT;

const summary = (status: TTicketOrderSummary['status']): TTicketOrderSummary => ({
  reference: 'ref-paypal-1',
  status,
  event: { name: 'Harvest Gala', slug: 'harvest-gala', starts_at: event.starts_at, time_zone: event.time_zone },
  buyer_name: 'Paula Palmer',
  buyer_email: 'paula@example.org',
  currency: 'USD',
  subtotal_minor: 15000,
  discount_minor: 0,
  gift_minor: 0,
  total_minor: 15000,
  fair_market_minor: 6000,
  deductible_minor: 9000,
  receipt_lines: ['Tax-deductible amount: $90.00.'],
  online_url: null,
  tickets: [{ type: 'General admission', attendee_name: 'Paula Palmer', attendee_email: 'paula@example.org' }],
});

const created: TTicketOrderCreated = {
  order: summary('pending'),
  intent: { id: 'pi_sandbox_1', client_secret: 'pi_sandbox_1_secret' },
  provider: 'sandbox',
  stripe_account: null,
  stripe_publishable_key: null,
  paypal: true,
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('PayPal on the event page', () => {
  it('creates the PayPal order for the placed order and leaves for its approval page', async () => {
    const { callsTo } = stubFetch({
      'GET /event_page/harvest-gala': { body: event },
      'POST /event_page/harvest-gala/orders': { body: created },
      'POST /event_orders/ref-paypal-1/paypal_order': {
        body: { order_id: 'PAYPAL-ORDER-9', approve_url: '/sandbox/paypal/approve?token=PAYPAL-ORDER-9' },
      },
    });
    render(<EventPage pathname="/event-page/harvest-gala" />);
    fireEvent.change(await screen.findByLabelText('General admission'), { target: { value: '1' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), { target: { value: 'Paula' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Palmer' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'paula@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));

    const paypal = await screen.findByRole('button', { name: 'Pay with PayPal' });
    expect(callsTo('POST', '/event_orders/ref-paypal-1/paypal_order')).toHaveLength(0);
    fireEvent.click(paypal);
    await screen.findByRole('button', { name: 'Taking you to PayPal…' });
    expect(callsTo('POST', '/event_orders/ref-paypal-1/paypal_order')).toHaveLength(1);
    // No card was charged and nothing was confirmed by the card path.
    expect(callsTo('POST', '/event_orders/ref-paypal-1/confirm')).toHaveLength(0);
  });

  it('tells the buyer when PayPal cannot be started, and lets them try again', async () => {
    const { callsTo } = stubFetch({
      'GET /event_page/harvest-gala': { body: event },
      'POST /event_page/harvest-gala/orders': { body: created },
      'POST /event_orders/ref-paypal-1/paypal_order': {
        status: 502,
        body: { status: 502, code: 'PROVIDER_ERROR', message: 'PayPal did not answer. Please try again.' },
      },
    });
    render(<EventPage pathname="/event-page/harvest-gala" />);
    fireEvent.change(await screen.findByLabelText('General admission'), { target: { value: '1' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), { target: { value: 'Paula' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Palmer' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'paula@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay with PayPal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('PayPal did not answer. Please try again.');
    expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeEnabled();
    expect(callsTo('POST', '/event_orders/ref-paypal-1/paypal_order')).toHaveLength(1);
  });

  it('captures the approved PayPal order once on return and shows the confirmation', async () => {
    window.history.replaceState(
      null,
      '',
      '/event-page/harvest-gala?order=ref-paypal-1&paypal=return&token=PAYPAL-ORDER-9',
    );
    const { callsTo } = stubFetch({
      'GET /event_page/harvest-gala': { body: event },
      'POST /event_orders/ref-paypal-1/paypal_capture': { body: { status: 'success', order: summary('paid') } },
    });
    render(<EventPage pathname="/event-page/harvest-gala" />);
    await screen.findByRole('heading', { name: 'You’re going to Harvest Gala!' });
    expect(screen.getByText('Tax-deductible amount: $90.00.')).toBeInTheDocument();
    expect(screen.getByText('General admission: Paula Palmer')).toBeInTheDocument();
    const captures = callsTo('POST', '/event_orders/ref-paypal-1/paypal_capture');
    expect(captures.map((c) => c.body)).toEqual([{ order_id: 'PAYPAL-ORDER-9' }]);
    // The return address is cleaned, so a reload captures nothing again.
    expect(window.location.search).toBe('');
  });

  it('says what went wrong when the capture is refused, and that a cancelled approval charged nothing', async () => {
    window.history.replaceState(
      null,
      '',
      '/event-page/harvest-gala?order=ref-paypal-1&paypal=return&token=PAYPAL-ORDER-9',
    );
    stubFetch({
      'GET /event_page/harvest-gala': { body: event },
      'POST /event_orders/ref-paypal-1/paypal_capture': {
        body: { status: 'failed', message: 'PayPal declined the payment.', order: null },
      },
    });
    const first = render(<EventPage pathname="/event-page/harvest-gala" />);
    expect(await screen.findByText('PayPal declined the payment.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /You’re going to/ })).not.toBeInTheDocument();
    first.unmount();

    window.history.replaceState(null, '', '/event-page/harvest-gala?order=ref-paypal-1&paypal=cancel');
    const { callsTo } = stubFetch({ 'GET /event_page/harvest-gala': { body: event } });
    render(<EventPage pathname="/event-page/harvest-gala" />);
    await waitFor(() =>
      expect(screen.getByText(/The PayPal payment was cancelled\. Nothing was charged/)).toBeInTheDocument(),
    );
    expect(callsTo('POST', '/event_orders/ref-paypal-1/paypal_capture')).toHaveLength(0);
  });
});
