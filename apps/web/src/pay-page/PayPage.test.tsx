// The public payment page's states (docs/decisions/050-payment-requests.md): an open request asks for
// its amount, a partly paid one shows what is left, and a paid, cancelled or expired one says so
// plainly and offers no payment; an unknown link says it was not found.
import type { TPublicCampaign } from '@kindling/contracts';
import { PAYMENT_REQUEST_MESSAGES as M } from '@kindling/contracts/payment-request-rules.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetHandledReturns } from '../donate/payment/usePaymentReturn.ts';
import { testCampaign } from '../donate/test-campaign.ts';
import { stubFetch } from '../test/fetch-stub.ts';
import { PayPage } from './PayPage.tsx';
import type { PayRequest } from './pay-format.ts';

const request = (over: Partial<PayRequest> = {}): PayRequest => ({
  public_id: 'riverside-gala-sponsorship-2026',
  status: 'open',
  organisation: 'Riverside Food Bank',
  logo_url: null,
  purpose: 'Harvest Gala table sponsorship',
  description: 'A table for ten.',
  amount_kind: 'fixed',
  amount_minor: 250_000,
  paid_minor: 0,
  payable_minor: 250_000,
  currency: 'USD',
  due_on: '2026-12-03',
  allow_fee_cover: false,
  payer: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org' },
  campaign_id: 1,
  designation_id: null,
  locale: 'en-US',
  instalments: 1,
  schedule: [{ number: 1, due_on: '2026-12-03', amount_minor: 250_000, paid: false }],
  ...over,
});

/** The page as the server serves it: the request and its campaign placed in the document. */
function show(r: PayRequest, campaign: Partial<TPublicCampaign> = {}) {
  const node = document.createElement('script');
  node.id = 'kindling-pay';
  node.type = 'application/json';
  node.textContent = JSON.stringify({ request: r, campaign: testCampaign(campaign) });
  document.body.append(node);
  return render(<PayPage pathname={`/pay/${r.public_id}`} />);
}

afterEach(() => {
  document.getElementById('kindling-pay')?.remove();
  window.history.replaceState(null, '', '/');
  resetHandledReturns();
  vi.unstubAllGlobals();
});

describe('the /pay/{id} page', () => {
  it('asks an open request for its amount and goes on to the payment step', () => {
    show(request());
    expect(screen.getByRole('heading', { level: 1, name: 'Harvest Gala table sponsorship' })).toBeTruthy();
    expect(screen.getByText('Amount to pay:').textContent).toContain('$2,500.00');
    expect(screen.getByText('December 3, 2026')).toBeTruthy();
    expect(screen.queryByText('Paid so far')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('shows a partly paid request what is left, and asks for that', () => {
    show(request({ status: 'partly_paid', paid_minor: 50_000, payable_minor: 200_000 }));
    expect(screen.getByText('Paid so far').nextElementSibling?.textContent).toBe('$500.00');
    expect(screen.getByText('Left to pay').nextElementSibling?.textContent).toBe('$2,000.00');
    expect(screen.getByText('Amount to pay:').textContent).toContain('$2,000.00');
  });

  it.each([
    ['paid', M.paid],
    ['cancelled', M.cancelled],
    ['expired', M.expired],
  ] as const)('says a %s request takes no payment and offers none', (status, message) => {
    show(request({ status }));
    expect(screen.getByRole('status').textContent).toBe(message);
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).toBeNull();
  });

  it('refuses an amount below a minimum request’s minimum, naming it', () => {
    show(request({ amount_kind: 'minimum', amount_minor: 5_000, payable_minor: 5_000 }));
    fireEvent.change(screen.getByLabelText(/at least \$50\.00/), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByRole('alert').textContent).toBe('The least you can pay on this request is $50.00.');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('says an unknown link was not found', async () => {
    stubFetch({ 'GET /payment_requests/nope-nope-nope-nope': { status: 404, body: { message: M.notFound } } });
    render(<PayPage pathname="/pay/nope-nope-nope-nope" />);
    expect(await screen.findByRole('heading', { name: 'We could not find that payment request.' })).toBeTruthy();
  });
});

describe('PayPal on /pay/{id}', () => {
  const wallet: Partial<TPublicCampaign> = {
    wallet_enabled: true,
    payment_methods: ['card', 'paypal'],
    wallet_provider: 'sandbox',
  };

  it('starts a PayPal order that names the request and carries the known payer', async () => {
    const { callsTo } = stubFetch({
      'POST /npo_admin/create_order': { body: { order_id: 'ORD7', id: 'ORD7', approve_url: '#approve' } },
    });
    show(request(), wallet);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    fireEvent.click(screen.getByRole('tab', { name: 'PayPal' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    await waitFor(() => expect(callsTo('POST', '/npo_admin/create_order')).toHaveLength(1));
    expect(callsTo('POST', '/npo_admin/create_order')[0]?.body).toMatchObject({
      amount: 250_000,
      currency_code: 'USD',
      payment_request: 'riverside-gala-sponsorship-2026',
      email: 'grace@example.org',
      first_name: 'Grace',
    });
  });

  it('captures the approved order on return and thanks the payer', async () => {
    const { callsTo } = stubFetch({
      'POST /npo_admin/paypal_capture': {
        body: { status: 'success', donation: { id: 9, amount_minor: 250_000, currency: 'USD', interval: 'once' } },
      },
    });
    window.history.replaceState(null, '', '/pay/riverside-gala-sponsorship-2026?paypal=return&token=ORD7&PayerID=P');
    show(request(), wallet);
    expect(await screen.findByRole('heading', { name: 'Thank you! Your payment is received.' })).toBeTruthy();
    expect(callsTo('POST', '/npo_admin/paypal_capture')[0]?.body).toMatchObject({ order_id: 'ORD7' });
    expect(screen.getByText(/\$2,500\.00 paid to Riverside Food Bank/)).toBeTruthy();
  });
});

describe('instalments on /pay/{id}', () => {
  it('shows the due days and asks for the first instalment as a monthly card payment', async () => {
    const schedule = ['2026-12-03', '2027-01-03', '2027-02-03'].map((due_on, k) => ({
      number: k + 1,
      due_on,
      amount_minor: 50_000,
      paid: false,
    }));
    stubFetch({
      'POST /npo_admin/intent': { body: { intent: { id: 'pi_1', client_secret: 's' }, provider: 'sandbox' } },
    });
    show(request({ amount_minor: 150_000, payable_minor: 50_000, instalments: 3, schedule }), {
      wallet_enabled: true,
      payment_methods: ['card', 'paypal'],
      wallet_provider: 'sandbox',
    });
    expect(screen.getByRole('heading', { name: '3 monthly instalments' })).toBeTruthy();
    expect(screen.getByText(/\$500\.00 due February 3, 2027 · To pay/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByRole('heading', { name: /Payment/ }).textContent).toContain('Monthly');
    // Card only: the card is saved for the plan's later charges.
    expect(screen.queryByRole('tab', { name: 'PayPal' })).toBeNull();
  });
});
