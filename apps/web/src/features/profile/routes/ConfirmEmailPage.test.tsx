import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedOutSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ConfirmEmailPage } from './ConfirmEmailPage.tsx';

configure({ asyncUtilTimeout: 5000 });

const render = (handlers: Parameters<typeof stubFetch>[0]) => {
  const fetchStub = stubFetch(handlers);
  renderRoutes([{ path: '/confirm-email/:token', element: <ConfirmEmailPage /> }], {
    initialEntries: ['/confirm-email/abcdefghijklmnop'],
    session: signedOutSession,
  });
  return { fetchStub, user: userEvent.setup() };
};

describe('/confirm-email/:token', () => {
  it('changes nothing until the button is pressed, then confirms the new address', async () => {
    const { fetchStub, user } = render({
      'POST /account/email/confirm': {
        body: { status: 200, message: 'Your e-mail address is now stella@example.org.', email: 'stella@example.org' },
      },
    });
    expect(screen.getByRole('heading', { name: 'Confirm your new e-mail address' })).toBeInTheDocument();
    expect(fetchStub.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm new address' }));
    expect(await screen.findByText(/Your e-mail address is now stella@example\.org\./)).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/account/email/confirm')[0]?.body).toEqual({ token: 'abcdefghijklmnop' });
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('says why a used link cannot be used', async () => {
    const { user } = render({
      'POST /account/email/confirm': {
        status: 409,
        body: { status: 409, code: 'CONFLICT', message: 'This link has already been used. Nothing was changed.' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Confirm new address' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This link has already been used. Nothing was changed.'),
    );
  });
});
