import { CHALLENGE_MESSAGES } from '@kindling/contracts/donation-constants.ts';
import { GIFT_AID_MESSAGES } from '@kindling/contracts/gift-aid-rules.ts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import type { DonationChoice, PaymentStepProps } from '../donation-choice.ts';
import { testCampaign } from '../test-campaign.ts';
import { PaymentStep } from './PaymentStep.tsx';

const choice = (overrides: Partial<DonationChoice> = {}): DonationChoice => ({
  interval: 'once',
  currency: 'USD',
  giftMinor: 2500,
  includedFeesMinor: 0,
  totalMinor: 2500,
  designation: 11,
  comment: 'For the shelves',
  answers: { 21: 'Friend' },
  giftAid: false,
  donorWall: {
    add_to_donor_wall: true,
    first_name_only_to_donor_wall: true,
    show_amount_on_donor_wall: false,
    show_comment_on_donor_wall: true,
  },
  createDonorAccount: false,
  ...overrides,
});

function renderStep(overrides: Partial<PaymentStepProps> = {}) {
  const props: PaymentStepProps = {
    campaign: testCampaign({ collect_address: false }),
    choice: choice(),
    onDone: vi.fn(),
    onError: vi.fn(),
    ...overrides,
  };
  render(<PaymentStep {...props} />);
  return props;
}

const tabNames = () => screen.queryAllByRole('tab').map((t) => t.textContent);
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillDetails() {
  type(/^First Name/, 'Ada');
  type(/^Last Name/, 'Lovelace');
  type(/^Email/, 'ada@example.org');
}

const INTENT = { intent: { id: 'pi_1', client_secret: 'pi_1_secret_x' }, provider: 'sandbox', stripe_account: null };
const DONATION = { id: 99, amount_minor: 2500, currency: 'USD', interval: 'once' };

afterEach(() => vi.unstubAllGlobals());

describe('payment method tabs', () => {
  it('follows the organisation’s methods: bank debit alone takes dollars and euros, not pounds', () => {
    const bankOnly = testCampaign({
      card_provider: 'stripe',
      stripe_publishable_key: 'pk_test_1',
      wallet_enabled: true,
      wallet_provider: 'sandbox',
      payment_methods: ['bank_debit', 'paypal'],
    });
    renderStep({ campaign: bankOnly, choice: choice({ currency: 'USD' }) });
    expect(tabNames()).toEqual(['PayPal', 'Card/Direct Debit']);
    document.body.innerHTML = '';
    renderStep({ campaign: bankOnly, choice: choice({ currency: 'GBP' }) });
    expect(tabNames()).toEqual(['PayPal']);
  });

  it('shows only the tabs whose provider is configured and takes the currency', () => {
    const both = { wallet_enabled: true, card_enabled: true, wallet_provider: 'sandbox' as const };
    renderStep({ campaign: testCampaign(both) });
    expect(tabNames()).toEqual(['PayPal', 'Card/Direct Debit']);
    // No PayPal merchant id and e-mail: card is the default, the sandbox wallet notwithstanding.
    expect(screen.getByRole('tab', { name: 'Card/Direct Debit' })).toHaveAttribute('aria-selected', 'true');
  });

  it('drops PayPal for a currency PayPal does not take (AED)', () => {
    renderStep({
      campaign: testCampaign({ wallet_enabled: true, card_enabled: true, currencies: ['AED'] }),
      choice: choice({ currency: 'AED' }),
    });
    expect(tabNames()).toEqual(['Card/Direct Debit']);
  });

  it('says no method is available, and the currency is not supported, when no tab remains', () => {
    const props = renderStep({
      campaign: testCampaign({ wallet_enabled: true, card_enabled: false }),
      choice: choice({ currency: 'AED' }),
    });
    expect(tabNames()).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent('No payment methods are available for this currency');
    expect(props.onError).toHaveBeenCalledWith('Currency not supported');
  });
});

describe('card details (sub-step 0)', () => {
  it('names every missing or malformed field and calls nothing', () => {
    const { calls } = stubFetch({});
    renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    type(/^Email/, 'ada@');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks for the home address and postcode when Gift Aid was chosen', () => {
    stubFetch({});
    renderStep({ choice: choice({ currency: 'GBP', giftAid: true }) });
    fillDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(GIFT_AID_MESSAGES.addressRequired)).toBeInTheDocument();
    expect(screen.getByText(GIFT_AID_MESSAGES.postcodeRequired)).toBeInTheDocument();
  });

  it('in the editor preview renders the details step but calls nothing', () => {
    const { calls } = stubFetch({});
    renderStep({ preview: true });
    fillDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });
});

describe('the intent call', () => {
  it.each([
    [400, 'Invalid payment information. Please check your details and try again.'],
    [401, 'Authentication error. Please refresh the page and try again.'],
    [500, 'Server error. Please try again in a few moments.'],
    [503, 'There was an error processing your payment. Please try again.'],
  ])('answers HTTP %i with the banner text of section 8', async (status, text) => {
    stubFetch({ 'POST /npo_admin/intent': { status, body: { message: 'x' } } });
    const props = renderStep();
    fillDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(props.onError).toHaveBeenLastCalledWith(text));
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('shows the proof-of-work check when the server asks for one, and sends its solution with the next intent', async () => {
    const asked = {
      status: 428,
      body: { status: 428, code: 'CHALLENGE_REQUIRED', message: CHALLENGE_MESSAGES.required },
    };
    const { callsTo } = stubFetch({
      'POST /npo_admin/intent': (call) => ((call.body as { altcha?: string }).altcha ? { body: INTENT } : asked),
      'GET /npo_admin/payment_challenge': { status: 503, body: { message: 'not in this test' } },
    });
    const props = renderStep();
    fillDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(CHALLENGE_MESSAGES.required)).toBeInTheDocument();
    const widget = await screen.findByTestId('kd-challenge');
    // React hands a registered custom element its settings as properties, Preact too.
    const source = widget.getAttribute('challenge') ?? (widget as HTMLElement & { challenge?: string }).challenge;
    expect(source).toBe(`/api/v1/npo_admin/payment_challenge?campaign_id=${testCampaign().campaign_id}`);
    expect(props.onError).not.toHaveBeenCalledWith(expect.any(String));
    // What the widget announces once the browser solved the challenge.
    act(() => {
      widget.dispatchEvent(new CustomEvent('verified', { detail: { payload: 'solved-payload' } }));
    });
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(callsTo('POST', '/npo_admin/intent').map((c) => (c.body as { altcha?: string }).altcha)).toEqual([
      undefined,
      'solved-payload',
    ]);
  });

  it('sends the choice, the donor hints and an Idempotency-Key', async () => {
    const headers: string[] = [];
    const { callsTo } = stubFetch({ 'POST /npo_admin/intent': { body: INTENT } });
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo, init?: RequestInit) => {
      headers.push(String((init?.headers as Record<string, string>)?.['Idempotency-Key'] ?? ''));
      return realFetch(input, init);
    });
    renderStep();
    fillDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByLabelText('Card number');
    expect(callsTo('POST', '/npo_admin/intent')[0]?.body).toMatchObject({
      campaign_id: 7,
      amount: 2500,
      currency: 'usd',
      interval: 'once',
      payment_method: 'card',
      included_fees: 0,
      first_name: 'Ada',
      email: 'ada@example.org',
      designation: 11,
      add_to_donor_wall: true,
    });
    expect(headers[0]).toMatch(/^web-[\w-]{8,}$/);
  });
});

async function reachCardForm(handlers: Parameters<typeof stubFetch>[0], props: Partial<PaymentStepProps> = {}) {
  const stub = stubFetch({ 'POST /npo_admin/intent': { body: INTENT }, ...handlers });
  const rendered = renderStep(props);
  fillDetails();
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByLabelText('Card number');
  expect(screen.getByText(/4242 4242 4242 4242/)).toBeInTheDocument();
  return { ...stub, props: rendered };
}

function fillCard(number: string) {
  type('Card number', number);
  type('Expiry (MM/YY)', '1234');
  type('CVC', '123');
}

describe('the sandbox card form (sub-step 1)', () => {
  it('formats the number in groups and explains what is wrong with a bad card', async () => {
    await reachCardForm({});
    type('Card number', '4242424242424241');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4241');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    fireEvent.click(screen.getByRole('button', { name: 'Complete Donation' }));
    expect(screen.getByText('That card number is not valid')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry date as MM/YY')).toBeInTheDocument();
    expect(screen.getByText('Enter the 3 or 4 digit security code')).toBeInTheDocument();
  });

  it("shows the provider's message for a declined card and records nothing", async () => {
    const { callsTo } = await reachCardForm({
      // A decline is an answer, not a failed request (a 402 logged an error in the donor's console).
      'POST /sandbox/payments/pi_1/confirm': {
        body: {
          id: 'pi_1',
          status: 'requires_payment_method',
          next_action: null,
          last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
        },
      },
    });
    fillCard('4000 0000 0000 0002');
    fireEvent.click(screen.getByRole('button', { name: 'Complete Donation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(callsTo('POST', '/npo_admin/confirm_payment')).toHaveLength(0);
  });

  it('shows Processing... and ignores further clicks until the payment is recorded', async () => {
    let release: (value: { body: unknown }) => void = () => undefined;
    const held = new Promise<{ body: unknown }>((resolve) => {
      release = resolve;
    });
    const { callsTo, props } = await reachCardForm({
      'POST /sandbox/payments/pi_1/confirm': () => held,
      'POST /npo_admin/confirm_payment': { body: { status: 'success', donation: DONATION } },
    });
    fillCard('4242 4242 4242 4242');
    fireEvent.click(screen.getByRole('button', { name: 'Complete Donation' }));
    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    fireEvent.submit(busy.closest('form') as HTMLFormElement);
    expect(callsTo('POST', '/sandbox/payments/pi_1/confirm')).toHaveLength(1);
    await act(async () => release({ body: { id: 'pi_1', status: 'succeeded', next_action: null } }));
    await waitFor(() => expect(props.onDone).toHaveBeenCalled());
    expect(props.onDone).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'success', totalMinor: 2500, currency: 'USD', interval: 'once' }),
    );
    expect(callsTo('POST', '/npo_admin/confirm_payment')[0]?.body).toMatchObject({
      payment_intent: 'pi_1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      designation: 11,
      answers: { 21: 'Friend' },
      comment: 'For the shelves',
      first_name_only_to_donor_wall: true,
      gift_aid: false,
    });
  });

  it('asks for the extra confirmation and completes once confirmed', async () => {
    const { callsTo, props } = await reachCardForm({
      'POST /sandbox/payments/pi_1/confirm': ({ body }) =>
        (body as { action_confirmed?: boolean }).action_confirmed
          ? { body: { id: 'pi_1', status: 'succeeded', next_action: null } }
          : { body: { id: 'pi_1', status: 'requires_action', next_action: { type: 'sandbox_extra_confirmation' } } },
      'POST /npo_admin/confirm_payment': { body: { status: 'success', donation: DONATION } },
    });
    fillCard('4000 0025 0000 3155');
    fireEvent.click(screen.getByRole('button', { name: 'Complete Donation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this payment' });
    expect(dialog).toHaveTextContent('$25.00');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(props.onDone).toHaveBeenCalled());
    expect(callsTo('POST', '/sandbox/payments/pi_1/confirm')[1]?.body).toMatchObject({ action_confirmed: true });
  });

  it('shows the message of a payment the server reports as failed', async () => {
    const props = await reachCardForm({
      'POST /sandbox/payments/pi_1/confirm': { body: { id: 'pi_1', status: 'succeeded', next_action: null } },
      'POST /npo_admin/confirm_payment': { body: { status: 'failed', donation: null, message: 'Insufficient funds.' } },
    });
    fillCard('4242 4242 4242 4242');
    fireEvent.click(screen.getByRole('button', { name: 'Complete Donation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient funds.');
    expect(props.props.onDone).not.toHaveBeenCalled();
  });
});

describe('the PayPal tab', () => {
  const wallet = {
    wallet_enabled: true,
    card_enabled: true,
    wallet_provider: 'sandbox' as const,
    paypal_merchant_id: 'MERCHANT1',
    paypal_email: 'give@example.org',
  };

  it('asks for the name and home address first when Gift Aid was chosen, and calls nothing until given', () => {
    const { calls } = stubFetch({});
    renderStep({ campaign: testCampaign(wallet), choice: choice({ currency: 'GBP', giftAid: true }) });
    fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    expect(screen.getByText(GIFT_AID_MESSAGES.addressRequired)).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('offers to save PayPal for a recurring gift', () => {
    renderStep({ campaign: testCampaign(wallet), choice: choice({ interval: 'monthly', totalMinor: 1000 }) });
    expect(screen.getByRole('button', { name: 'Continue with PayPal' })).toBeInTheDocument();
  });

  it('shows the banner text of a refused order and lets the donor try again', async () => {
    stubFetch({
      'POST /npo_admin/create_order': { status: 400, body: { message: 'This campaign does not accept CHF.' } },
    });
    const props = renderStep({ campaign: testCampaign(wallet) });
    fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    await waitFor(() => expect(props.onError).toHaveBeenLastCalledWith('This campaign does not accept CHF.'));
    expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeEnabled();
  });
});
