import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedOutSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { TeamInvitationPage } from './TeamInvitationPage.tsx';

const PREVIEW = {
  organisation: 'Riverside Food Bank',
  email: 'new@example.org',
  role_name: 'staff',
  has_account: false,
  signed_in: 'none',
};
const PATH = '/team_invitations/tok-1234567890';

const render = () =>
  renderRoutes([{ path: '/team-invitation/:token', element: <TeamInvitationPage /> }], {
    initialEntries: ['/team-invitation/tok-1234567890'],
    session: signedOutSession,
  });

describe('TeamInvitationPage', () => {
  it('creates the account with a name and password, then points to sign-in', async () => {
    const fetch = stubFetch({
      [`GET ${PATH}`]: { body: PREVIEW },
      [`POST ${PATH}/accept`]: { body: { organisation: 'Riverside Food Bank', signed_in: false } },
    });
    render();
    const form = await screen.findByRole('form', { name: 'Create your account' });
    expect(within(form).getByText(/invited/)).toHaveTextContent('Riverside Food Bank invited new@example.org');
    await userEvent.type(within(form).getByRole('textbox', { name: 'First name' }), 'Nia');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Last name' }), 'New');
    await userEvent.type(within(form).getByLabelText(/^Password/), 'colleague-password');
    await userEvent.click(within(form).getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('You joined Riverside Food Bank')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with your new password' })).toHaveAttribute('href', '/login');
    expect(fetch.callsTo('POST', `${PATH}/accept`)[0]?.body).toEqual({
      first_name: 'Nia',
      last_name: 'New',
      password: 'colleague-password',
    });
  });

  it('says why a used, expired or withdrawn link cannot be used', async () => {
    const message = 'This invitation has already been used. Sign in instead.';
    stubFetch({ [`GET ${PATH}`]: { status: 409, body: { status: 409, code: 'CONFLICT', message } } });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('tells someone signed in with another account to sign out, with no accept button', async () => {
    stubFetch({ [`GET ${PATH}`]: { body: { ...PREVIEW, has_account: true, signed_in: 'other' } } });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('You are signed in with another account');
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
  });
});
