import { CONSTANTS, MESSAGES } from '@kindling/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSignedIn, rememberSignedIn } from '../../session/session-memory.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { organisation, refreshResponse, signedInSession, signedOutSession } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { api } from '../api-client.ts';
import { MFA_SETUP_PATH, MFA_SETUP_PATHNAME } from './mfa-setup.ts';
import { RequireSession } from './RequireSession.tsx';
import { accessHandle } from './route-access.ts';

/** The guard around a few real route patterns in docs/product/sign-in.md#route-access. */
const routes: RouteObject[] = [
  {
    element: (
      <RequireSession>
        <Outlet />
      </RequireSession>
    ),
    children: [
      { path: '/dashboard/home', handle: accessHandle('dashboard'), element: <h1>Dashboard home</h1> },
      { path: '/admin/account', handle: accessHandle('admin'), element: <h1>Account</h1> },
      { path: '/console', handle: accessHandle('console'), element: <h1>Console</h1> },
      { path: '/notifications', handle: accessHandle('signed-in'), element: <h1>Notifications</h1> },
      { path: '/profile', handle: accessHandle('signed-in'), element: <h1>Profile</h1> },
    ],
  },
];

const notSignedIn = { status: 401, body: { status: 401, code: 'UNAUTHENTICATED', message: MESSAGES.notSignedIn } };

describe('Route guards without a session (docs/product/sign-in.md#session-guard)', () => {
  // Someone was signed in in this browser before; the cases below are an expired session.
  beforeEach(() => rememberSignedIn());
  afterEach(() => forgetSignedIn());

  it('sends a visitor who never signed in here to /login instead of Session Expired', async () => {
    forgetSignedIn();
    stubFetch({ 'GET /refresh': notSignedIn });
    const { router } = renderRoutes(routes, { initialEntries: ['/dashboard/home'], session: signedOutSession });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/home' } });
    expect(screen.queryByRole('heading', { name: MESSAGES.sessionExpiredTitle })).not.toBeInTheDocument();
  });

  it('waits 100 ms, tries one refresh, then shows Session Expired on a role-guarded route', async () => {
    const fetchStub = stubFetch({ 'GET /refresh': notSignedIn });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderRoutes(routes, { initialEntries: ['/dashboard/home'], session: signedOutSession });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');

    await act(() => vi.advanceTimersByTimeAsync(CONSTANTS.refreshDelayMs - 1));
    expect(fetchStub.callsTo('GET', '/refresh')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchStub.callsTo('GET', '/refresh')).toHaveLength(1);
    vi.useRealTimers();

    expect(await screen.findByRole('heading', { name: MESSAGES.sessionExpiredTitle })).toBeInTheDocument();
    expect(fetchStub.callsTo('GET', '/refresh')).toHaveLength(1);
    expect(screen.queryByText('Dashboard home')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: MESSAGES.logInAgain })).toHaveAttribute('href', '/login');
  });

  it("treats a refresh that does not show the user as logged in as expired ('User session expired')", async () => {
    const expired = refreshResponse([organisation(1, 5150)], 5150);
    expired.npo_user.logged_in = false;
    stubFetch({ 'GET /refresh': { body: expired } });
    renderRoutes(routes, { initialEntries: ['/admin/account'], session: signedOutSession });
    expect(await screen.findByRole('heading', { name: MESSAGES.sessionExpiredTitle })).toBeInTheDocument();
    expect(screen.queryByText('Account')).not.toBeInTheDocument();
  });

  it('shows the page when the one refresh finds a session the route allows', async () => {
    stubFetch({ 'GET /refresh': { body: refreshResponse([organisation(1, 6635)], 6635) } });
    renderRoutes(routes, { initialEntries: ['/dashboard/home'], session: signedOutSession });
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
  });

  it("'Log In Again' remembers the page for after sign-in", async () => {
    stubFetch({ 'GET /refresh': notSignedIn });
    const { router } = renderRoutes(routes, { initialEntries: ['/console'], session: signedOutSession });
    await userEvent.setup().click(await screen.findByRole('link', { name: MESSAGES.logInAgain }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/console' } });
  });

  it('redirects a signed-out visitor of a page without a role list to /login, remembering it', async () => {
    stubFetch({ 'GET /refresh': notSignedIn });
    const { router } = renderRoutes(routes, { initialEntries: ['/notifications'], session: signedOutSession });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/notifications' } });
    expect(screen.queryByRole('heading', { name: MESSAGES.sessionExpiredTitle })).not.toBeInTheDocument();
  });

  it('lets a payment provider return through without a session', async () => {
    const fetchStub = stubFetch({ 'GET /refresh': notSignedIn });
    renderRoutes(routes, {
      initialEntries: ['/dashboard/home?payment_intent=pi_1&client_secret=pi_1_secret&redirect_status=succeeded'],
      session: signedOutSession,
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    expect(fetchStub.callsTo('GET', '/refresh')).toHaveLength(0);
  });
});

describe('Route guards with a session (docs/product/sign-in.md#route-access and #session-guard)', () => {
  it.each([
    [1123, '/dashboard/home'],
    [1984, '/admin/account'],
    [5150, '/console'],
    [2001, '/console'],
  ] as const)('sends a %s user on %s to /unauthorized', async (code, path) => {
    const fetchStub = stubFetch({});
    renderRoutes(routes, { initialEntries: [path], session: signedInSession(code) });
    expect(await screen.findByTestId('location')).toHaveTextContent('/unauthorized');
    expect(fetchStub.calls).toHaveLength(0);
  });

  it.each([
    [2001, '/admin/account', 'Account'],
    [1984, '/dashboard/home', 'Dashboard home'],
    [7789, '/console', 'Console'],
    [1123, '/notifications', 'Notifications'],
  ] as const)('shows a %s user the page at %s', async (code, path, heading) => {
    stubFetch({});
    renderRoutes(routes, { initialEntries: [path], session: signedInSession(code) });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('sends a user with several organisations and none chosen to /select-npo', async () => {
    stubFetch({});
    const session = signedInSession(5150, [organisation(1, 5150), organisation(2, 1123)]);
    renderRoutes(routes, { initialEntries: ['/dashboard/home'], session });
    expect(await screen.findByTestId('location')).toHaveTextContent('/select-npo');
  });

  it('treats a session lost mid-way (a 401 on a query) like no session', async () => {
    rememberSignedIn();
    const fetchStub = stubFetch({ 'GET /refresh': notSignedIn, 'GET /npo_admin/account_details': notSignedIn });
    const { queryClient } = renderRoutes(routes, {
      initialEntries: ['/dashboard/home'],
      session: signedInSession(5150),
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    // Any screen's query answering 401 means the server no longer knows the session.
    const details = () => api('GET', '/npo_admin/account_details');
    await queryClient.fetchQuery({ queryKey: ['details'], queryFn: details }).catch(() => undefined);
    expect(await screen.findByRole('heading', { name: MESSAGES.sessionExpiredTitle })).toBeInTheDocument();
    await waitFor(() => expect(fetchStub.callsTo('GET', '/refresh')).toHaveLength(1));
  });

  it('sends a member whose organisation requires a second factor to set it up first, whatever their role', async () => {
    stubFetch({});
    const { router } = renderRoutes(routes, {
      initialEntries: ['/dashboard/home'],
      session: { ...signedInSession(1984), mfaSetupRequired: true },
    });
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(MFA_SETUP_PATHNAME);
    expect(`${router.state.location.pathname}${router.state.location.hash}`).toBe(MFA_SETUP_PATH);
    expect(screen.queryByRole('heading', { name: 'Dashboard home' })).not.toBeInTheDocument();
  });

  it('learns of the requirement from a 403 MFA_SETUP_REQUIRED, and lets the member on once it is set up', async () => {
    stubFetch({
      'GET /npo_admin/team': { status: 403, body: { status: 403, code: 'MFA_SETUP_REQUIRED', message: 'Set it up' } },
    });
    const { queryClient, router } = renderRoutes(routes, {
      initialEntries: ['/dashboard/home'],
      session: signedInSession(1984),
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    await queryClient
      .fetchQuery({ queryKey: ['team'], queryFn: () => api('GET', '/npo_admin/team') })
      .catch(() => undefined);
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(MFA_SETUP_PATHNAME);
  });

  it('sends a member back to the page they wanted once the second factor is on', async () => {
    stubFetch({});
    const { router } = renderRoutes(routes, {
      initialEntries: [
        { pathname: MFA_SETUP_PATHNAME, state: { from: { pathname: '/dashboard/home' }, mfaSetup: true } },
      ],
      session: { ...signedInSession(1984), otpEnabled: true },
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/home');
  });
});
