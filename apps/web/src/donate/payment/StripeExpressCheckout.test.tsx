import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import type { DonationChoice, PaymentStepProps } from '../donation-choice.ts';
import { testCampaign } from '../test-campaign.ts';
import { PaymentStep } from './PaymentStep.tsx';
import { EXPRESS_MESSAGES } from './stripe-express.ts';

/**
 * Apple Pay and Google Pay through Stripe's Express Checkout Element (decision 041), with a
 * stand-in for Stripe.js at the adapter boundary: @stripe/stripe-js resolves with window.Stripe
 * when it is already defined, so no script is fetched. The stand-in keeps each element's
 * handlers, so a test plays Stripe's part: the element is ready with the wallets the device has,
 * then the donor authorises in the wallet's sheet ('confirm').
 */
type Handler = (event: unknown) => void;
type FakeElement = {
  type: string;
  options: unknown;
  handlers: Record<string, Handler>;
  mount: ReturnType<typeof vi.fn>;
};

function fakeStripe(result: unknown) {
  const created: FakeElement[] = [];
  const elements = {
    create: vi.fn((type: string, options: unknown) => {
      const element: FakeElement & { on: Handler; destroy: () => void } = {
        type,
        options,
        handlers: {},
        mount: vi.fn(),
        destroy: vi.fn(),
        on: ((event: string, handler: Handler) => {
          element.handlers[event] = handler;
          if (type === 'payment' && event === 'ready') setTimeout(() => handler({}), 0);
        }) as unknown as Handler,
      };
      created.push(element);
      return element;
    }),
  };
  const stripe = { elements: vi.fn(() => elements), confirmPayment: vi.fn(async () => result) };
  current = vi.fn(() => stripe);
  vi.stubGlobal('Stripe', StripeStandIn);
  const express = () => created.find((e) => e.type === 'expressCheckout');
  return { stripe, elements, created, express };
}

// @stripe/stripe-js keeps the first Stripe it finds for the page's life, so one stable stand-in
// hands each test's fake out.
let current: (...args: unknown[]) => unknown = () => null;
const StripeStandIn = Object.assign((...args: unknown[]) => current(...args), { version: 'clover' });

const choice: DonationChoice = {
  interval: 'once',
  currency: 'USD',
  giftMinor: 4000,
  includedFeesMinor: 0,
  totalMinor: 4000,
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

const walletCampaign = testCampaign({
  collect_address: false,
  card_provider: 'stripe',
  stripe_publishable_key: 'pk_test_123',
  stripe_account: 'acct_123',
  payment_methods: ['card', 'apple_pay', 'google_pay'],
  wallet_domains: { apple_pay: true, google_pay: true },
});

async function reachCardStep(campaign = walletCampaign) {
  const stub = stubFetch({
    'POST /npo_admin/intent': {
      body: { intent: { id: 'pi_w', client_secret: 'pi_w_secret_1' }, provider: 'stripe', stripe_account: 'acct_123' },
    },
    'POST /npo_admin/confirm_payment': {
      body: { status: 'success', donation: { id: 9, amount_minor: 4000, currency: 'USD', interval: 'once' } },
    },
  });
  const props: PaymentStepProps = { campaign, choice, onDone: vi.fn(), onError: vi.fn() };
  render(<PaymentStep {...props} />);
  fireEvent.change(screen.getByLabelText(/^First Name/), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByLabelText(/^Last Name/), { target: { value: 'Lovelace' } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@example.org' } });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Complete Donation' })).toBeEnabled());
  return { ...stub, props };
}

afterEach(() => vi.unstubAllGlobals());

describe("Stripe's Express Checkout Element", () => {
  it('shows Google Pay then Apple Pay above the Payment Element, which keeps bank and card', async () => {
    const fake = fakeStripe({ paymentIntent: { id: 'pi_w', status: 'succeeded' } });
    await reachCardStep();
    await waitFor(() => expect(fake.express()).toBeDefined());
    const express = fake.express();
    expect(express?.options).toMatchObject({
      paymentMethodOrder: ['googlePay', 'applePay'],
      paymentMethods: { googlePay: 'auto', applePay: 'auto', link: 'never', paypal: 'never' },
    });
    const payment = fake.created.find((e) => e.type === 'payment');
    expect(payment?.options).toMatchObject({ wallets: { applePay: 'never', googlePay: 'never' } });
    // The wallets' box comes first in the form, before the Payment Element's.
    const expressNode = express?.mount.mock.calls[0]?.[0] as HTMLElement;
    const paymentNode = payment?.mount.mock.calls[0]?.[0] as HTMLElement;
    expect(expressNode.compareDocumentPosition(paymentNode) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // 'or' only once Stripe says the device has a wallet.
    expect(screen.queryByText('or')).toBeNull();
    express?.handlers.ready?.({ availablePaymentMethods: { applePay: true, googlePay: false } });
    expect(await screen.findByText('or')).toBeInTheDocument();
    expect(expressNode).toBeVisible();
  });

  it('hides the wallets’ box when Stripe finds no wallet on the device', async () => {
    const fake = fakeStripe({ paymentIntent: { id: 'pi_w', status: 'succeeded' } });
    await reachCardStep();
    await waitFor(() => expect(fake.express()).toBeDefined());
    const node = fake.express()?.mount.mock.calls[0]?.[0] as HTMLElement;
    fake.express()?.handlers.ready?.({ availablePaymentMethods: undefined });
    await waitFor(() => expect(node).not.toBeVisible());
    expect(screen.queryByText('or')).toBeNull();
    expect(screen.getByRole('button', { name: 'Complete Donation' })).toBeEnabled();
  });

  it('pays the same intent when the donor authorises in the wallet, then records the gift', async () => {
    const fake = fakeStripe({ paymentIntent: { id: 'pi_w', status: 'succeeded' } });
    const { callsTo, props } = await reachCardStep();
    await waitFor(() => expect(fake.express()).toBeDefined());
    const paymentFailed = vi.fn();
    fake.express()?.handlers.confirm?.({ expressPaymentType: 'apple_pay', paymentFailed });
    await waitFor(() => expect(props.onDone).toHaveBeenCalled());
    expect(fake.stripe.elements).toHaveBeenCalledTimes(1);
    const [args] = fake.stripe.confirmPayment.mock.calls[0] as unknown as [
      { elements: unknown; redirect: string; confirmParams: { return_url: string } },
    ];
    expect(args.elements).toBe(fake.elements);
    expect(args.redirect).toBe('if_required');
    expect(callsTo('POST', '/npo_admin/confirm_payment')[0]?.body).toMatchObject({
      payment_intent: 'pi_w',
      email: 'ada@example.org',
    });
    expect(paymentFailed).not.toHaveBeenCalled();
  });

  it("tells the wallet's sheet and the donor when Stripe refuses the payment, and records nothing", async () => {
    const fake = fakeStripe({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const { callsTo } = await reachCardStep();
    await waitFor(() => expect(fake.express()).toBeDefined());
    const paymentFailed = vi.fn();
    fake.express()?.handlers.confirm?.({ expressPaymentType: 'google_pay', paymentFailed });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(paymentFailed).toHaveBeenCalledWith({ reason: 'fail', message: 'Your card was declined.' });
    expect(callsTo('POST', '/npo_admin/confirm_payment')).toHaveLength(0);
  });

  it('falls back to its own message when confirming throws', async () => {
    const fake = fakeStripe(null);
    fake.stripe.confirmPayment.mockRejectedValueOnce(new Error('network'));
    await reachCardStep();
    await waitFor(() => expect(fake.express()).toBeDefined());
    fake.express()?.handlers.confirm?.({ expressPaymentType: 'google_pay', paymentFailed: vi.fn() });
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPRESS_MESSAGES.failed);
  });

  it.each([
    ['the organisation has no verified domain', { wallet_domains: { apple_pay: false, google_pay: false } }],
    ['the organisation does not offer the wallets', { payment_methods: ['card' as const] }],
  ])('shows no wallet when %s', async (_, overrides) => {
    const fake = fakeStripe({ paymentIntent: { id: 'pi_w', status: 'succeeded' } });
    await reachCardStep({ ...walletCampaign, ...overrides });
    expect(fake.created.map((e) => e.type)).toEqual(['payment']);
    expect(fake.created[0]?.options).toMatchObject({ wallets: { applePay: 'never', googlePay: 'never' } });
  });

  it('offers only the wallet whose domain Stripe verified', async () => {
    const fake = fakeStripe({ paymentIntent: { id: 'pi_w', status: 'succeeded' } });
    await reachCardStep({ ...walletCampaign, wallet_domains: { apple_pay: false, google_pay: true } });
    await waitFor(() => expect(fake.express()).toBeDefined());
    expect(fake.express()?.options).toMatchObject({ paymentMethods: { googlePay: 'auto', applePay: 'never' } });
  });
});
