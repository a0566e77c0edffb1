import { MESSAGES } from '@kindling/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginResponse, organisation, twoFactorChallenge } from '../../../test/fixtures.ts';
import { finalLocation, renderLogin, submitCredentials } from '../../../test/login-helpers.tsx';

type Handlers = Parameters<typeof renderLogin>[0];

async function reachSecondFactor(handlers: Handlers = {}) {
  const view = renderLogin({ 'POST /npo_users/sign_in': { body: twoFactorChallenge('tmp-7') }, ...handlers });
  const user = await submitCredentials();
  await screen.findByRole('heading', { name: 'Two-step verification' });
  return { ...view, user };
}

describe('Sign In: the second-factor view (docs/product/sign-in.md#second-factor)', () => {
  it('asks for a 6-digit authenticator code and can switch to a backup code', async () => {
    const { user } = await reachSecondFactor();
    const otp = screen.getByRole('textbox', { name: /authenticator code/i });
    expect(otp).toBeRequired();
    expect(otp).toHaveAttribute('type', 'text');
    expect(otp).toHaveAttribute('maxLength', '6');
    expect(otp).toHaveAttribute('placeholder', '000000');
    expect(otp).toHaveAttribute('inputMode', 'numeric');
    expect(otp).toHaveAttribute('autoComplete', 'one-time-code');

    await user.click(screen.getByText('Backup code'));
    const backup = await screen.findByRole('textbox', { name: /^backup code/i });
    expect(backup).toBeRequired();
    expect(backup).toHaveAttribute('type', 'text');
    expect(screen.queryByPlaceholderText('000000')).not.toBeInTheDocument();

    await user.click(screen.getByText('Authenticator code'));
    expect(await screen.findByPlaceholderText('000000')).toBeInTheDocument();
  });

  it('verifies the authenticator code with the temp session and routes the first sign-in to the MFA tab', async () => {
    const login = loginResponse([organisation(1, 5150)], { backup_codes: ['1111-2222'] });
    const { user, fetchStub } = await reachSecondFactor({ 'POST /verify_otp': { body: login } });
    await user.type(screen.getByPlaceholderText('000000'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await finalLocation()).toBe('/profile#two-factor');
    expect(fetchStub.callsTo('POST', '/verify_otp')[0]?.body).toEqual({ temp_session_id: 'tmp-7', otp_code: '123456' });
  });

  it('verifies a backup code and routes by role', async () => {
    const { user, fetchStub } = await reachSecondFactor({
      'POST /verify_backup_code': { body: loginResponse([organisation(1, 1123)]) },
    });
    await user.click(screen.getByText('Backup code'));
    await user.type(await screen.findByRole('textbox', { name: /^backup code/i }), 'abcd-efgh');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await finalLocation()).toBe('/peer-dashboard');
    expect(fetchStub.callsTo('POST', '/verify_backup_code')[0]?.body).toEqual({
      temp_session_id: 'tmp-7',
      backup_code: 'abcd-efgh',
    });
  });

  it('keeps only digits and at most six of them in the authenticator code', async () => {
    const { user, fetchStub } = await reachSecondFactor();
    const otp = screen.getByPlaceholderText('000000');
    await user.type(otp, '12a34b5678');
    expect(otp).toHaveValue('123456');
    await user.clear(otp);
    await user.type(otp, '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/verify_otp')).toHaveLength(0);
  });

  it.each([
    [
      'the server message',
      { status: 422, body: { status: 422, code: 'INVALID_OTP', message: MESSAGES.invalidOtp } },
      MESSAGES.invalidOtp,
    ],
    ['MFA verification failed without one', { status: 422 }, MESSAGES.mfaFailed],
    ['No server response when the server is unreachable', 'network-error' as const, MESSAGES.noServerResponse],
  ])('a failed authenticator code shows %s and moves focus to it', async (_, reply, message) => {
    const { user } = await reachSecondFactor({ 'POST /verify_otp': reply });
    await user.type(screen.getByPlaceholderText('000000'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(alert).toHaveAttribute('tabIndex', '-1');
  });

  it.each([
    [
      'the server message',
      { status: 422, body: { status: 422, code: 'X', message: MESSAGES.invalidBackupCode } },
      MESSAGES.invalidBackupCode,
    ],
    ['Backup code verification failed without one', { status: 422 }, MESSAGES.backupCodeFailed],
  ])('a failed backup code shows %s', async (_, reply, message) => {
    const { user } = await reachSecondFactor({ 'POST /verify_backup_code': reply });
    await user.click(screen.getByText('Backup code'));
    await user.type(await screen.findByRole('textbox', { name: /^backup code/i }), 'used-code');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('goes back to the e-mail and password step', async () => {
    const { user } = await reachSecondFactor();
    await user.click(screen.getByRole('button', { name: 'Back to email and password' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^password/i)).toBeInTheDocument();
  });
});
