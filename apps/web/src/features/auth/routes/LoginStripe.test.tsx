import { MESSAGES } from '@kindling/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginResponse, organisation, twoFactorChallenge } from '../../../test/fixtures.ts';
import { finalLocation, renderLogin } from '../../../test/login-helpers.tsx';
import { leaveTo } from '../browser.ts';
import { STRIPE_STATE_KEY } from '../stripe-oauth.ts';

vi.mock('../browser.ts', () => ({ leaveTo: vi.fn() }));

const storedState = () => ({
  session: window.sessionStorage.getItem(STRIPE_STATE_KEY),
  local: window.localStorage.getItem(STRIPE_STATE_KEY),
  cookie: document.cookie.includes(`${STRIPE_STATE_KEY}=`) && !document.cookie.includes(`${STRIPE_STATE_KEY}=;`),
});

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: expires the state cookie between tests
  document.cookie = `${STRIPE_STATE_KEY}=; path=/; max-age=0`;
  vi.mocked(leaveTo).mockReset();
});

describe('Continue with Stripe (docs/product/sign-in.md#google-and-stripe)', () => {
  it('saves a random state three ways and goes to the authorize page', async () => {
    renderLogin({});
    const button = await screen.findByRole('button', { name: /continue with stripe/i });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.setup().click(button);

    expect(leaveTo).toHaveBeenCalledTimes(1);
    const url = new URL(vi.mocked(leaveTo).mock.calls[0]?.[0] ?? '', window.location.origin);
    expect(url.pathname).toBe('/sandbox/oauth/authorize');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('read_write');
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/login`);
    const state = url.searchParams.get('state');
    expect(state).toMatch(/^[0-9a-f]{32,}$/);
    expect(storedState()).toEqual({ session: state, local: state, cookie: true });
  });

  it('posts the returned code with the stored state, clears it, and routes a user without organisation to step 3', async () => {
    window.sessionStorage.setItem(STRIPE_STATE_KEY, 'state-1');
    window.localStorage.setItem(STRIPE_STATE_KEY, 'state-1');
    const { fetchStub } = renderLogin(
      { 'POST /stripe_onetap': { body: loginResponse([], { stripe_account: 'acct_123' }) } },
      '/login?code=ac_1&state=state-1',
    );
    expect(await finalLocation()).toBe('/signup?step=3&stripe_account=acct_123');
    expect(fetchStub.callsTo('POST', '/stripe_onetap')).toHaveLength(1);
    expect(fetchStub.callsTo('POST', '/stripe_onetap')[0]?.body).toEqual({
      code: 'ac_1',
      state: 'state-1',
      stripe_oauth_state: 'state-1',
    });
    expect(storedState()).toEqual({ session: null, local: null, cookie: false });
  });

  it('routes a Stripe sign-in with one organisation by role', async () => {
    window.localStorage.setItem(STRIPE_STATE_KEY, 'state-2');
    renderLogin(
      { 'POST /stripe_onetap': { body: loginResponse([organisation(3, 7789)]) } },
      '/login?code=ac_2&state=state-2',
    );
    expect(await finalLocation()).toBe('/console');
  });

  it('shows the second-factor view when the Stripe account needs it, with the query string cleared', async () => {
    window.sessionStorage.setItem(STRIPE_STATE_KEY, 'state-3');
    const { router } = renderLogin(
      { 'POST /stripe_onetap': { body: twoFactorChallenge() } },
      '/login?code=ac_3&state=state-3',
    );
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it.each([
    [
      'the server message',
      { status: 400, body: { status: 400, code: 'X', message: 'That Stripe code has expired.' } },
      'That Stripe code has expired.',
    ],
    ['Stripe login failed. without one', { status: 502 }, MESSAGES.stripeLoginFailed],
  ])('a failed Stripe sign-in shows %s and clears the query and the stored state', async (_, reply, message) => {
    window.sessionStorage.setItem(STRIPE_STATE_KEY, 'state-4');
    const { router } = renderLogin({ 'POST /stripe_onetap': reply }, '/login?code=ac_4&state=state-4');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(storedState().session).toBeNull();
  });

  it('does not use a code whose state this browser did not create', async () => {
    window.sessionStorage.setItem(STRIPE_STATE_KEY, 'mine');
    const { fetchStub } = renderLogin(
      { 'POST /stripe_onetap': { body: loginResponse([]) } },
      '/login?code=ac_5&state=theirs',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.stripeLoginFailed);
    expect(fetchStub.callsTo('POST', '/stripe_onetap')).toHaveLength(0);
  });
});
