import { MESSAGES } from '@kindling/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from '../features/auth/routes/LoginPage.tsx';
import { stubFetch } from './fetch-stub.ts';
import { signedOutSession } from './fixtures.ts';
import { renderRoutes } from './render.tsx';

export const AUTH_CONFIG = {
  google_client_id: null,
  stripe_client_id: null,
  stripe_authorize_url: '/sandbox/oauth/authorize',
};

type Handlers = Parameters<typeof stubFetch>[0];
type Entry = string | { pathname: string; search?: string; state?: unknown };

/** The real Sign In screen at /login in a memory router; every other path shows the location. */
export function renderLogin(handlers: Handlers, entry: Entry = '/login') {
  const fetchStub = stubFetch({
    'GET /auth/config': { body: AUTH_CONFIG },
    // The background refresh after a one-organisation sign-in; its failure must not matter.
    'GET /refresh': { status: 401, body: { status: 401, code: 'UNAUTHENTICATED', message: MESSAGES.notSignedIn } },
    ...handlers,
  });
  const view = renderRoutes([{ path: '/login', element: <LoginPage /> }], {
    initialEntries: [entry],
    session: signedOutSession,
  });
  return { ...view, fetchStub };
}

export async function submitCredentials(email = 'ada@kindling.test', password = 'kindling-demo') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^email/i), email);
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

export const finalLocation = async () => (await screen.findByTestId('location')).textContent;
