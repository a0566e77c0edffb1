import { MESSAGES } from '@kindling/contracts';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession, signedOutSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { VerifyEmailPage } from './VerifyEmailPage.tsx';

configure({ asyncUtilTimeout: 5000 });

const render = (handlers: Parameters<typeof stubFetch>[0], signedIn = false) => {
  const fetchStub = stubFetch(handlers);
  renderRoutes([{ path: '/verify-email/:token', element: <VerifyEmailPage /> }], {
    initialEntries: ['/verify-email/abcdefghijklmnop'],
    session: signedIn ? signedInSession(5150) : signedOutSession,
  });
  return { fetchStub, user: userEvent.setup() };
};

const USED = { status: 404, body: { status: 404, code: 'NOT_FOUND', message: MESSAGES.verificationLinkInvalid } };

describe('/verify-email/:token', () => {
  it('verifies nothing until the button is pressed, then says the address is verified', async () => {
    const { fetchStub, user } = render({
      'POST /email_verification': { body: { status: 200, message: 'Your e-mail address is verified. Thank you.' } },
    });
    expect(screen.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(fetchStub.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm my address' }));
    expect(await screen.findByText('Your e-mail address is verified. Thank you.')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/email_verification')[0]?.body).toEqual({ token: 'abcdefghijklmnop' });
  });

  it('says a used or expired link cannot be used, and offers a signed-in user a new one', async () => {
    const { fetchStub, user } = render(
      {
        'POST /email_verification': USED,
        'POST /account/email_verification': {
          status: 202,
          body: { status: 202, message: 'We have sent a new link to v***@example.org.' },
        },
      },
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Confirm my address' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.verificationLinkInvalid));
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByText('We have sent a new link to v***@example.org.')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/account/email_verification')).toHaveLength(1);
  });

  it('sends a signed-out visitor to sign in instead', async () => {
    const { user } = render({ 'POST /email_verification': USED });
    await user.click(screen.getByRole('button', { name: 'Confirm my address' }));
    await waitFor(() => expect(screen.getByRole('alert')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });
});
