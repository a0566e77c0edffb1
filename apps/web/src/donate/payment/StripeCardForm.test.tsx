import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import type { DonationChoice, PaymentStepProps } from '../donation-choice.ts';
import { testCampaign } from '../test-campaign.ts';
import { PaymentStep } from './PaymentStep.tsx';

/**
 * The Stripe path with a stand-in for Stripe.js: @stripe/stripe-js resolves with window.Stripe
 * when it is already defined, so no script is fetched.
 */
function fakeStripe(result: unknown) {
  const element = {
    mount: vi.fn(),
    destroy: vi.fn(),
    on: vi.fn((event: string, handler: () => void) => {
      if (event === 'ready') setTimeout(handler, 0);
    }),
  };
  const elements = { create: vi.fn(() => element) };
  const stripe = { elements: vi.fn(() => elements), confirmPayment: vi.fn(async () => result) };
  const factory = vi.fn(() => stripe);
  current = factory;
  vi.stubGlobal('Stripe', StripeStandIn);
  return { factory, stripe, elements, element };
}

// @stripe/stripe-js keeps the first Stripe it finds for the page's life, so one stable stand-in
// hands each test's fake out.
let current: (...args: unknown[]) => unknown = () => null;
const StripeStandIn = Object.assign((...args: unknown[]) => current(...args), { version: 'clover' });

const choice: DonationChoice = {
  interval: 'once',
  currency: 'EUR',
  giftMinor: 5000,
  includedFeesMinor: 0,
  totalMinor: 5000,
  designation: null,
  comment: '',
  answers: {},
  giftAid: false,
  donorWall: {
    add_to_donor_wall: false,
    first_name_only_to_donor_wall: false,
    show_amount_on_donor_wall: false,
    show_comment_on_donor_wall: false,
  },
  createDonorAccount: false,
};

const stripeCampaign = testCampaign({
  collect_address: false,
  card_provider: 'stripe',
  stripe_publishable_key: 'pk_test_123',
  stripe_account: 'acct_123',
});

async function reachPaymentElement(campaign = stripeCampaign) {
  const stub = stubFetch({
    'POST /npo_admin/intent': {
      body: { intent: { id: 'pi_s', client_secret: 'pi_s_secret_1' }, provider: 'stripe', stripe_account: 'acct_123' },
    },
    'POST /npo_admin/confirm_payment': {
      body: { status: 'success', donation: { id: 3, amount_minor: 5000, currency: 'EUR', interval: 'once' } },
    },
  });
  const props: PaymentStepProps = { campaign, choice, onDone: vi.fn(), onError: vi.fn() };
  render(<PaymentStep {...props} />);
  fireEvent.change(screen.getByLabelText(/^First Name/), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByLabelText(/^Last Name/), { target: { value: 'Lovelace' } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@example.org' } });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  const button = await screen.findByRole('button', { name: 'Complete Donation' });
  await waitFor(() => expect(button).toBeEnabled());
  return { ...stub, props, button };
}

afterEach(() => vi.unstubAllGlobals());

describe('the Stripe Payment Element', () => {
  it('leaves Apple Pay and Google Pay to the Express Checkout Element (decision 041)', async () => {
    const fake = fakeStripe({ paymentIntent: { id: 'pi_s', status: 'succeeded' } });
    await reachPaymentElement({ ...stripeCampaign, payment_methods: ['card', 'apple_pay'] });
    expect(fake.elements.create).toHaveBeenCalledWith(
      'payment',
      expect.objectContaining({ wallets: { applePay: 'never', googlePay: 'never' } }),
    );
  });

  it('mounts on the connected account, confirms without leaving the page, then records the gift', async () => {
    const fake = fakeStripe({ paymentIntent: { id: 'pi_s', status: 'succeeded' } });
    const { callsTo, props, button } = await reachPaymentElement();
    expect(fake.factory).toHaveBeenCalledWith('pk_test_123', { stripeAccount: 'acct_123' });
    expect(fake.stripe.elements).toHaveBeenCalledWith({ clientSecret: 'pi_s_secret_1' });
    expect(fake.elements.create).toHaveBeenCalledWith('payment', expect.objectContaining({ layout: 'tabs' }));
    expect(fake.element.mount).toHaveBeenCalled();
    expect(screen.getByText('Powered by Stripe')).toBeInTheDocument();

    fireEvent.click(button);
    await waitFor(() => expect(props.onDone).toHaveBeenCalled());
    const confirmArgs = fake.stripe.confirmPayment.mock.calls[0] as unknown as [
      { redirect: string; confirmParams: { return_url: string } },
    ];
    expect(confirmArgs[0].redirect).toBe('if_required');
    expect(new URL(confirmArgs[0].confirmParams.return_url).searchParams.get('amount')).toBe('5000');
    expect(callsTo('POST', '/npo_admin/confirm_payment')[0]?.body).toMatchObject({
      payment_intent: 'pi_s',
      email: 'ada@example.org',
    });
  });

  it("shows Stripe's own message when the card is refused", async () => {
    fakeStripe({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    const { callsTo, button } = await reachPaymentElement();
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    expect(callsTo('POST', '/npo_admin/confirm_payment')).toHaveLength(0);
  });
});
