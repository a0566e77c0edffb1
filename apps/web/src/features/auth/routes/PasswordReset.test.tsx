import { MESSAGES } from '@kindling/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedOutSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

const routes = [
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/password-reset/:id', element: <ResetPasswordPage /> },
];
const TOKEN = 'tok_0123456789abcdef';

describe('/forgot-password', () => {
  it('sends the e-mail address and confirms', async () => {
    const fetchStub = stubFetch({ 'POST /password/forgot': { status: 202, body: { message: 'Check your inbox.' } } });
    renderRoutes(routes, { initialEntries: ['/forgot-password'], session: signedOutSession });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /email/i }), ' ada@kindling.test ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Check your inbox.')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/password/forgot')[0]?.body).toEqual({ email: 'ada@kindling.test' });
  });
});

describe('password reset links', () => {
  it.each([
    ['/password-reset/:id', `/password-reset/${TOKEN}`],
    ['/reset-password?token=', `/reset-password?token=${TOKEN}`],
  ])('%s: a valid link sets the new password', async (_, entry) => {
    const fetchStub = stubFetch({
      [`GET /password/reset/${TOKEN}`]: { body: { email: 'ada@kindling.test' } },
      'POST /password/reset': { body: { message: 'ok' } },
    });
    renderRoutes(routes, { initialEntries: [entry], session: signedOutSession });
    const user = userEvent.setup();
    expect(await screen.findByText('For ada@kindling.test')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^new password/i), 'a much longer password');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'a much longer password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(fetchStub.callsTo('POST', '/password/reset')[0]?.body).toEqual({
      token: TOKEN,
      password: 'a much longer password',
    });
  });

  it('rejects passwords that do not match before calling the server', async () => {
    const fetchStub = stubFetch({ [`GET /password/reset/${TOKEN}`]: { body: { email: 'ada@kindling.test' } } });
    renderRoutes(routes, { initialEntries: [`/password-reset/${TOKEN}`], session: signedOutSession });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^new password/i), 'a much longer password');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'a different password!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/password/reset')).toHaveLength(0);
  });

  it.each([
    ['an unknown or expired token', `/password-reset/${TOKEN}`],
    ['no token at all', '/reset-password'],
  ])('%s shows that the link is invalid, with a way to get a new one', async (_, entry) => {
    stubFetch({
      [`GET /password/reset/${TOKEN}`]: { status: 404, body: { status: 404, code: 'NOT_FOUND', message: 'Not found' } },
    });
    renderRoutes(routes, { initialEntries: [entry], session: signedOutSession });
    expect(await screen.findByText(MESSAGES.resetLinkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
