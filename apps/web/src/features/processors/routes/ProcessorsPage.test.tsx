import { PROCESSOR_MESSAGES, STRIPE_CONNECT_ERRORS, type TProcessorsResponse } from '@kindling/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { leaveTo } from '../leave.ts';
import { ProcessorsPage } from './ProcessorsPage.tsx';

vi.mock('../leave.ts', () => ({ leaveTo: vi.fn() }));
afterEach(() => {
  vi.mocked(leaveTo).mockClear();
  notifications.clean();
});

/** An alert on the page (a toast is one too) that says `text`. */
const alertSaying = (text: string) =>
  waitFor(() => {
    const alerts = screen.getAllByRole('alert').filter((a) => a.textContent?.includes(text));
    expect(alerts.length).toBeGreaterThan(0);
    return alerts;
  });

function settings(
  overrides: { mode?: 'sandbox' | 'providers'; card?: object; wallet?: object } = {},
): TProcessorsResponse {
  return {
    mode: overrides.mode ?? 'providers',
    card: {
      provider: null,
      live: false,
      connected_account_id: null,
      connected_at: null,
      can_connect_oauth: true,
      ...overrides.card,
    },
    wallet: {
      provider: null,
      live: false,
      merchant_id: null,
      email: null,
      client_configured: true,
      ...overrides.wallet,
    },
  } as TProcessorsResponse;
}

const LIVE_STRIPE = {
  provider: 'stripe',
  live: true,
  connected_account_id: 'acct_…G8h1',
  connected_at: '2026-11-02T10:00:00Z',
};

const render = (entry = '/admin/processors') =>
  renderRoutes([{ path: '/admin/processors', element: <ProcessorsPage /> }], {
    initialEntries: [entry],
    session: signedInSession(5150),
  });

const section = (name: string) => screen.findByRole('region', { name });

describe('ProcessorsPage', () => {
  it('says the sandbox takes test payments for both methods while no keys are configured', async () => {
    stubFetch({
      'GET /processors': {
        body: settings({
          mode: 'sandbox',
          card: { provider: 'sandbox' },
          wallet: { provider: 'sandbox', client_configured: false },
        }),
      },
    });
    render();
    expect(await screen.findByText('Sandbox mode')).toBeInTheDocument();
    const stripe = await section('Card payments (Stripe)');
    expect(within(stripe).getByText('Sandbox (test mode)')).toBeInTheDocument();
    expect(within(stripe).getByText(/test cards \(such as 4242 4242 4242 4242\)/)).toBeInTheDocument();
    const paypal = await section('PayPal');
    expect(within(paypal).getByText('Sandbox (test mode)')).toBeInTheDocument();
  });

  it('shows a live Stripe account and a PayPal that is not connected, with what each means for the form', async () => {
    stubFetch({ 'GET /processors': { body: settings({ card: LIVE_STRIPE }) } });
    render();
    const stripe = await section('Card payments (Stripe)');
    expect(within(stripe).getByText('Live')).toBeInTheDocument();
    expect(within(stripe).getByText('acct_…G8h1')).toBeInTheDocument();
    expect(within(stripe).getByText(/real card payments/)).toBeInTheDocument();
    const paypal = await section('PayPal');
    expect(within(paypal).getByText('Not connected')).toBeInTheDocument();
    expect(
      within(paypal).getByText(/shows the PayPal button once the merchant id and e-mail are saved/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Sandbox mode')).toBeNull();
  });

  it('follows the address the server gives for Connect with Stripe', async () => {
    const url = 'https://connect.stripe.com/oauth/authorize?response_type=code&client_id=ca_x&state=s';
    const fetchStub = stubFetch({
      'GET /processors': { body: settings() },
      'POST /processors/stripe/connect': { body: { url } },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Connect with Stripe' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(url));
    expect(fetchStub.callsTo('POST', '/processors/stripe/connect')).toHaveLength(1);
  });

  it('connects an existing account id after checking its form, and shows it', async () => {
    const fetchStub = stubFetch({
      'GET /processors': { body: settings() },
      'POST /processors/stripe/account': {
        body: settings({ card: { ...LIVE_STRIPE, connected_account_id: 'acct_…7G8h' } }),
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Use an existing account id' }));
    const input = await screen.findByRole('textbox', { name: /Stripe account id/ });
    await user.type(input, 'acc_wrong');
    await user.click(screen.getByRole('button', { name: 'Connect account' }));
    expect(await screen.findByText(PROCESSOR_MESSAGES.stripeAccountFormat)).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/processors/stripe/account')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, 'acct_1A2b3C4d5E6f7G8h');
    await user.click(screen.getByRole('button', { name: 'Connect account' }));
    expect(await screen.findByText('acct_…7G8h')).toBeInTheDocument();
    expect(await screen.findByText('Stripe account connected.')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/processors/stripe/account')[0]?.body).toEqual({
      account_id: 'acct_1A2b3C4d5E6f7G8h',
    });
  });

  it('shows the server’s refusal of an account id under the field', async () => {
    stubFetch({
      'GET /processors': { body: settings() },
      'POST /processors/stripe/account': {
        status: 409,
        body: {
          status: 409,
          code: 'CONFLICT',
          message: PROCESSOR_MESSAGES.stripeAccountTaken,
          fields: { account_id: PROCESSOR_MESSAGES.stripeAccountTaken },
        },
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Use an existing account id' }));
    await user.type(await screen.findByRole('textbox', { name: /Stripe account id/ }), 'acct_1A2b3C4d5E6f7G8h');
    await user.click(screen.getByRole('button', { name: 'Connect account' }));
    expect(await screen.findByText(PROCESSOR_MESSAGES.stripeAccountTaken)).toBeInTheDocument();
  });

  it('disconnects Stripe only after confirmation', async () => {
    const fetchStub = stubFetch({
      'GET /processors': { body: settings({ card: LIVE_STRIPE }) },
      'DELETE /processors/stripe': { body: settings() },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Stripe?' });
    expect(within(dialog).getByText(/stops showing the card tab/)).toBeInTheDocument();
    expect(fetchStub.callsTo('DELETE', '/processors/stripe')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('button', { name: 'Connect with Stripe' })).toBeInTheDocument();
    expect(await screen.findByText('Stripe is disconnected.')).toBeInTheDocument();
    expect(within(await section('Card payments (Stripe)')).getByText('Not connected')).toBeInTheDocument();
  });

  it('validates and saves the PayPal merchant id and e-mail, then removes them after confirmation', async () => {
    const saved = settings({
      wallet: { provider: 'paypal', merchant_id: '7X2KQ3PLM9ABC', email: 'giving@riverside.example' },
    });
    const fetchStub = stubFetch({
      'GET /processors': { body: settings() },
      'PUT /processors/paypal': { body: saved },
      'DELETE /processors/paypal': { body: settings() },
    });
    const user = userEvent.setup();
    render();
    const paypal = await section('PayPal');
    const merchant = within(paypal).getByRole('textbox', { name: /PayPal merchant id/ });
    const email = within(paypal).getByRole('textbox', { name: /PayPal account e-mail/ });
    await user.type(merchant, 'ABC');
    await user.type(email, 'nope');
    await user.click(within(paypal).getByRole('button', { name: 'Save' }));
    expect(await within(paypal).findByText(PROCESSOR_MESSAGES.paypalMerchantFormat)).toBeInTheDocument();
    expect(within(paypal).getByText(PROCESSOR_MESSAGES.paypalEmail)).toBeInTheDocument();
    expect(fetchStub.callsTo('PUT', '/processors/paypal')).toHaveLength(0);

    await user.clear(merchant);
    await user.type(merchant, '7X2KQ3PLM9ABC');
    await user.clear(email);
    await user.type(email, 'giving@riverside.example');
    await user.click(within(paypal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('PayPal details saved.')).toBeInTheDocument();
    expect(fetchStub.callsTo('PUT', '/processors/paypal')[0]?.body).toEqual({
      merchant_id: '7X2KQ3PLM9ABC',
      email: 'giving@riverside.example',
    });
    expect(within(paypal).getByText('Sandbox (test mode)')).toBeInTheDocument();

    await user.click(within(paypal).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove PayPal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('PayPal details removed.')).toBeInTheDocument();
    await waitFor(() => expect(within(paypal).getByRole('textbox', { name: /PayPal merchant id/ })).toHaveValue(''));
    expect(fetchStub.callsTo('DELETE', '/processors/paypal')).toHaveLength(1);
  });

  it('reads ?connected=stripe after the return from Stripe, says so once and cleans the address', async () => {
    stubFetch({ 'GET /processors': { body: settings({ card: LIVE_STRIPE }) } });
    const { router } = render('/admin/processors?connected=stripe');
    expect(await screen.findByText('Stripe is connected.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the message of a known ?error= code, and only a generic one for anything else', async () => {
    stubFetch({ 'GET /processors': { body: settings() } });
    const { router } = render('/admin/processors?error=state_mismatch');
    // Said as a toast and kept on the page.
    expect(await alertSaying(STRIPE_CONNECT_ERRORS.state_mismatch)).toHaveLength(2);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('never shows words from the address itself', async () => {
    stubFetch({ 'GET /processors': { body: settings() } });
    render('/admin/processors?error=Call+0800+to+fix+your+account');
    await alertSaying('Stripe could not be connected. Please try again.');
    expect(screen.queryByText(/Call 0800/)).toBeNull();
  });

  it('shows an error with a retry when the settings cannot be loaded', async () => {
    let fail = true;
    stubFetch({
      'GET /processors': () => (fail ? { status: 500, body: { message: 'Database down' } } : { body: settings() }),
    });
    const user = userEvent.setup();
    render();
    await alertSaying('Payment processors could not be loaded');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Connect with Stripe' })).toBeInTheDocument();
  });
});
