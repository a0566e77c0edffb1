import { MESSAGES, type TLoginResponse } from '@kindling/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { stubFetch } from '../../../test/fetch-stub.ts';
import { loginResponse, organisation } from '../../../test/fixtures.ts';
import { finalLocation, renderLogin as renderWith, submitCredentials } from '../../../test/login-helpers.tsx';

type Reply = Parameters<typeof stubFetch>[0][string];
const renderLogin = (signIn: Reply, entry?: Parameters<typeof renderWith>[1]) =>
  renderWith({ 'POST /npo_users/sign_in': signIn }, entry);

describe('Sign In: routing after a successful sign-in (docs/product/sign-in.md#after-sign-in)', () => {
  const rows: Array<[string, string, TLoginResponse]> = [
    [
      '5150 with backup codes',
      '/profile#two-factor',
      loginResponse([organisation(1, 5150)], { backup_codes: ['aaaa-bbbb', 'cccc-dddd'] }),
    ],
    ['5150', '/dashboard/home', loginResponse([organisation(1, 5150)])],
    ['7789', '/console', loginResponse([organisation(1, 7789)])],
    ['2001', '/dashboard/home', loginResponse([organisation(1, 2001)])],
    ['6635', '/dashboard/home', loginResponse([organisation(1, 6635)])],
    ['1984', '/dashboard/home', loginResponse([organisation(1, 1984)])],
    ['1123', '/peer-dashboard', loginResponse([organisation(1, 1123)])],
    ['more than one organisation', '/select-npo', loginResponse([organisation(1, 5150), organisation(2, 1123)])],
    ['no organisation', '/signup?step=3', loginResponse([])],
  ];

  it.each(rows)('%s lands on %s, replacing the sign-in page in history', async (_, expected, login) => {
    const { router, fetchStub } = renderLogin({ body: login });
    await submitCredentials();
    expect(await finalLocation()).toBe(expected);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(fetchStub.callsTo('POST', '/npo_users/sign_in')[0]?.body).toEqual({
      npo_user: { email: 'ada@kindling.test', password: 'kindling-demo' },
    });
  });

  it('does not treat a 5150 user without backup codes like the first sign-in', async () => {
    renderLogin({ body: loginResponse([organisation(1, 5150)], { backup_codes: [] }) });
    await submitCredentials();
    expect(await finalLocation()).toBe('/dashboard/home');
  });

  it('returns to the remembered page when the role may open it', async () => {
    const entry = { pathname: '/login', state: { from: { pathname: '/dashboard/donors', search: '?page=2' } } };
    renderLogin({ body: loginResponse([organisation(1, 6635)]) }, entry);
    await submitCredentials();
    expect(await finalLocation()).toBe('/dashboard/donors?page=2');
  });

  it('ignores a remembered page the role may not open', async () => {
    const entry = { pathname: '/login', state: { from: { pathname: '/dashboard/donors' } } };
    renderLogin({ body: loginResponse([organisation(1, 1123)]) }, entry);
    await submitCredentials();
    expect(await finalLocation()).toBe('/peer-dashboard');
  });

  it('still shows the backup codes first when a remembered page exists', async () => {
    const entry = { pathname: '/login', state: { from: { pathname: '/dashboard/donors' } } };
    renderLogin({ body: loginResponse([organisation(1, 5150)], { backup_codes: ['aaaa-bbbb'] }) }, entry);
    await submitCredentials();
    expect(await finalLocation()).toBe('/profile#two-factor');
  });
});

describe('Sign In: the error catalogue (docs/product/sign-in.md#messages)', () => {
  const cases: Array<[string, Reply, string]> = [
    [
      'HTTP 422',
      { status: 422, body: { status: 422, code: 'INVALID_CREDENTIALS', message: 'x' } },
      MESSAGES.invalidCredentials,
    ],
    ['HTTP 500', { status: 500, body: { status: 500, code: 'INTERNAL', message: 'x' } }, MESSAGES.invalidCredentials],
    ['HTTP 401', { status: 401, body: { status: 401, code: 'UNAUTHENTICATED', message: 'x' } }, MESSAGES.unauthorized],
    [
      'status field 403',
      { status: 403, body: { status: 403, code: 'CSRF', message: 'x' } },
      MESSAGES.deviceNotAuthorized,
    ],
    ['status field 500 in a 200 answer', { body: { ...loginResponse([]), status: 500 } }, MESSAGES.invalidCredentials],
    ['status field 403 in a 200 answer', { body: { ...loginResponse([]), status: 403 } }, MESSAGES.deviceNotAuthorized],
    [
      'another HTTP error',
      { status: 400, body: { status: 400, code: 'BAD_REQUEST', message: 'x' } },
      MESSAGES.loginFailed,
    ],
    ['an error without a body', { status: 502 }, MESSAGES.loginFailed],
    ['no response at all', 'network-error', MESSAGES.noServerResponse],
    [
      'HTTP 429 (the server says how long to wait)',
      { status: 429, body: { status: 429, code: 'TOO_MANY_ATTEMPTS', message: 'Try again in 5 minutes.' } },
      'Try again in 5 minutes.',
    ],
  ];

  it.each(cases)('%s shows the catalogue message and stays on /login', async (_, reply, message) => {
    const { router } = renderLogin(reply);
    await submitCredentials();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('disables the submit button while the request runs', async () => {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    renderLogin(() => new Promise((resolve) => (answer = resolve)));
    await submitCredentials();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled());
    answer({ body: loginResponse([organisation(1, 5150)]) });
    expect(await finalLocation()).toBe('/dashboard/home');
  });

  it('asks for the e-mail and password before calling the server', async () => {
    const { fetchStub } = renderLogin({ body: loginResponse([]) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^email/i)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^email/i)).toBeRequired();
    expect(screen.getByLabelText(/^password/i)).toBeRequired();
    expect(fetchStub.callsTo('POST', '/npo_users/sign_in')).toHaveLength(0);
  });
});

describe('Sign In: links and providers', () => {
  it('links to the password reset and sign-up screens', async () => {
    renderLogin({ body: loginResponse([]) });
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('says that Google sign-in is not set up when no client id is configured', async () => {
    renderLogin({ body: loginResponse([]) });
    const google = await screen.findByRole('button', { name: /continue with google/i });
    await waitFor(() => expect(google).toBeEnabled());
    expect(screen.queryByText(MESSAGES.googleNotConfigured)).not.toBeInTheDocument();
    await userEvent.setup().click(google);
    expect(await screen.findByText(MESSAGES.googleNotConfigured)).toBeInTheDocument();
  });
});
