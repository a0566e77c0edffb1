import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import {
  loginResponse,
  organisation,
  refreshResponse,
  signedInSession,
  signedOutSession,
} from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { SignUpPage } from './SignUpPage.tsx';

const renderSignUp = (entry: string, session = signedOutSession) =>
  renderRoutes([{ path: '/signup', element: <SignUpPage /> }], { initialEntries: [entry], session });

async function fillAccount(user: ReturnType<typeof userEvent.setup>, password = 'correct horse battery') {
  await user.type(await screen.findByRole('textbox', { name: /first name/i }), 'Grace');
  await user.type(screen.getByRole('textbox', { name: /last name/i }), 'Hopper');
  await user.type(screen.getByRole('textbox', { name: /work email/i }), 'grace@example.org');
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('/signup', () => {
  it('creates the account, then the organisation, then lands on the dashboard', async () => {
    const created = organisation(9, 5150, 'Grace Fund');
    const fetchStub = stubFetch({
      'POST /signup': { status: 201, body: loginResponse([]) },
      'POST /npo_admin/organisations': { status: 201, body: { npo: created } },
      'GET /refresh': { body: refreshResponse([created], 5150) },
    });
    renderSignUp('/signup');
    const user = userEvent.setup();
    await fillAccount(user);

    expect(await screen.findByRole('heading', { name: 'Set up your organisation' })).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/signup')[0]?.body).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.org',
      password: 'correct horse battery',
    });
    await user.type(screen.getByRole('textbox', { name: /organisation name/i }), 'Grace Fund');
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/home');
    expect(fetchStub.callsTo('POST', '/npo_admin/organisations')[0]?.body).toMatchObject({ name: 'Grace Fund' });
    expect(fetchStub.callsTo('GET', '/refresh')).toHaveLength(1);
  });

  it('requires a password of at least 10 characters before calling the server', async () => {
    const fetchStub = stubFetch({});
    renderSignUp('/signup');
    await fillAccount(userEvent.setup(), 'short');
    expect(await screen.findByText('Use at least 10 characters')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/signup')).toHaveLength(0);
  });

  it("shows the server's field errors under the inputs", async () => {
    stubFetch({
      'POST /signup': {
        status: 409,
        body: {
          status: 409,
          code: 'EMAIL_TAKEN',
          message: 'Some fields need your attention.',
          fields: { email: 'An account with this email already exists. Sign in instead.' },
        },
      },
    });
    renderSignUp('/signup');
    await fillAccount(userEvent.setup());
    expect(await screen.findByText('An account with this email already exists. Sign in instead.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /work email/i })).toHaveAttribute('aria-invalid', 'true');
  });

  it('step 3 shows a signed-in user the organisation step and carries the Stripe account', async () => {
    const created = organisation(4, 5150);
    const fetchStub = stubFetch({
      'POST /npo_admin/organisations': { status: 201, body: { npo: created } },
      'GET /refresh': { body: refreshResponse([created], 5150) },
    });
    renderSignUp('/signup?step=3&stripe_account=acct_77', { ...signedInSession(5150, []), role: null });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Set up your organisation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /organisation name/i }), 'Stripe Friends');
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/home');
    expect(fetchStub.callsTo('POST', '/npo_admin/organisations')[0]?.body).toMatchObject({
      name: 'Stripe Friends',
      stripe_account: 'acct_77',
    });
  });
});
