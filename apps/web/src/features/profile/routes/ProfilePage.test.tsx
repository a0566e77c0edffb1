import type { TRoleCode } from '@kindling/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ProfilePage } from './ProfilePage.tsx';

// The page loads the profile, then each section its own data: more than the default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const CODES = ['aaaa-1111', 'bbbb-2222', 'cccc-3333'];
const NEW_CODES = Array.from({ length: 10 }, (_, i) => `new${i}-code`);

const PROFILE = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@kindling.test',
  photo_url: null,
  has_uploaded_photo: false,
  pending_email: null,
  has_password: true,
};

function renderProfile(
  handlers: Parameters<typeof stubFetch>[0],
  options: { backupCodes?: string[] | null; code?: TRoleCode; entry?: string } = {},
) {
  const fetchStub = stubFetch({ 'GET /account/profile': { body: PROFILE }, ...handlers });
  const view = renderRoutes([{ path: '/profile', element: <ProfilePage /> }], {
    initialEntries: [options.entry ?? '/profile#two-factor'],
    session: { ...signedInSession(options.code ?? 5150), backupCodes: options.backupCodes ?? null },
  });
  return { ...view, fetchStub, user: userEvent.setup() };
}
const renderAccount = (entry: string, handlers: Parameters<typeof stubFetch>[0], backupCodes: string[] | null = null) =>
  renderProfile(handlers, { backupCodes, entry });

const mfaOff = { 'GET /account/mfa': { body: { otp_enabled: false, backup_codes_remaining: 0 } } };
const mfaOn = { 'GET /account/mfa': { body: { otp_enabled: true, backup_codes_remaining: 7 } } };

describe('/profile: two-step verification', () => {
  it('shows the first sign-in codes once in the two-factor section', async () => {
    const { user } = renderAccount('/profile#two-factor', mfaOn, CODES);
    const list = await screen.findByRole('list', { name: 'Backup codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download (.txt)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have saved these codes' }));
    expect(screen.queryByRole('list', { name: 'Backup codes' })).not.toBeInTheDocument();
    expect(await screen.findByText('Backup codes remaining:')).toBeInTheDocument();
    expect(document.getElementById('two-factor')).toContainElement(screen.getByText('Backup codes remaining:'));
    expect(screen.queryByRole('list', { name: 'Backup codes' })).not.toBeInTheDocument();
  });

  it('turns MFA on: QR code and key, confirmation code, then the 10 new codes', async () => {
    const { user, fetchStub } = renderAccount('/profile#two-factor', {
      ...mfaOff,
      'POST /account/mfa/setup': {
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/x',
          qr_data_url: 'data:image/png;base64,AAAA',
        },
      },
      'POST /account/mfa/enable': { body: { backup_codes: NEW_CODES } },
    });
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /confirmation code/i }), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Backup codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(fetchStub.callsTo('POST', '/account/mfa/enable')[0]?.body).toEqual({ otp_code: '123456' });
  });

  it("shows the server's message when the confirmation code is wrong", async () => {
    const { user } = renderAccount('/profile#two-factor', {
      ...mfaOff,
      'POST /account/mfa/setup': { body: { secret: 'S', otpauth_url: 'o', qr_data_url: 'data:image/png;base64,A' } },
      'POST /account/mfa/enable': {
        status: 422,
        body: { status: 422, code: 'INVALID_OTP', message: 'That code is not valid.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    await user.type(await screen.findByRole('textbox', { name: /confirmation code/i }), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid.');
  });

  it('regenerates backup codes after asking for a current code', async () => {
    const { user, fetchStub } = renderAccount('/profile#two-factor', {
      ...mfaOn,
      'POST /account/mfa/backup_codes': { body: { backup_codes: NEW_CODES } },
    });
    expect(await screen.findByText('7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate new backup codes' }));
    await user.type(screen.getByRole('textbox', { name: /current authenticator code/i }), '222333');
    await user.click(screen.getByRole('button', { name: 'Generate codes' }));
    expect(await screen.findByRole('heading', { name: 'Your new backup codes' })).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/account/mfa/backup_codes')[0]?.body).toEqual({ otp_code: '222333' });
  });

  it('turns MFA off only after the confirmation dialog', async () => {
    let enabled = true;
    const { user, fetchStub } = renderAccount('/profile#two-factor', {
      'GET /account/mfa': () => ({ body: { otp_enabled: enabled, backup_codes_remaining: enabled ? 7 : 0 } }),
      'POST /account/mfa/disable': () => {
        enabled = false;
        return { body: { ok: true } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Turn off two-step verification' }));
    await user.type(screen.getByRole('textbox', { name: /current authenticator code/i }), '444555');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step verification?' });
    expect(fetchStub.callsTo('POST', '/account/mfa/disable')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchStub.callsTo('POST', '/account/mfa/disable')[0]?.body).toEqual({ otp_code: '444555' }),
    );
  });

  it('offers a retry when the security settings cannot be loaded', async () => {
    renderAccount('/profile#two-factor', { 'GET /account/mfa': { status: 503 } });
    expect(
      await screen.findByText('Your security settings could not be loaded.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
