import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { AccountPage } from './AccountPage.tsx';

const CODES = ['aaaa-1111', 'bbbb-2222', 'cccc-3333'];
const NEW_CODES = Array.from({ length: 10 }, (_, i) => `new${i}-code`);

function renderAccount(entry: string, handlers: Parameters<typeof stubFetch>[0], backupCodes: string[] | null = null) {
  const fetchStub = stubFetch(handlers);
  const view = renderRoutes([{ path: '/admin/account', element: <AccountPage /> }], {
    initialEntries: [entry],
    session: { ...signedInSession(5150), backupCodes },
  });
  return { ...view, fetchStub, user: userEvent.setup() };
}

const mfaOff = { 'GET /account/mfa': { body: { otp_enabled: false, backup_codes_remaining: 0 } } };
const mfaOn = { 'GET /account/mfa': { body: { otp_enabled: true, backup_codes_remaining: 7 } } };

describe('/admin/account', () => {
  it('opens the Security tab with ?tab=mfa and shows the first sign-in codes once', async () => {
    const { user } = renderAccount('/admin/account?tab=mfa', mfaOn, CODES);
    expect(screen.getByRole('tab', { name: /security/i })).toHaveAttribute('aria-selected', 'true');
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
    // Switching tabs and back does not bring them back: they are gone from the session.
    await user.click(screen.getByRole('tab', { name: /profile/i }));
    await user.click(screen.getByRole('tab', { name: /security/i }));
    expect(await screen.findByText('Backup codes remaining:')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Backup codes' })).not.toBeInTheDocument();
  });

  it('opens the Profile tab by default with the name and e-mail read-only', async () => {
    renderAccount('/admin/account', mfaOn);
    expect(screen.getByRole('tab', { name: /profile/i })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@kindling.test');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
  });

  it('turns MFA on: QR code and key, confirmation code, then the 10 new codes', async () => {
    const { user, fetchStub } = renderAccount('/admin/account?tab=mfa', {
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
    const { user } = renderAccount('/admin/account?tab=mfa', {
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
    const { user, fetchStub } = renderAccount('/admin/account?tab=mfa', {
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
    const { user, fetchStub } = renderAccount('/admin/account?tab=mfa', {
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
    renderAccount('/admin/account?tab=mfa', { 'GET /account/mfa': { status: 503 } });
    expect(
      await screen.findByText('Your security settings could not be loaded.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lets an admin set the organisation’s time zone and locale', async () => {
    const { user, fetchStub } = renderAccount('/admin/account?tab=organisation', {
      ...mfaOn,
      'PUT /npo_admin/organisation_settings': { body: { time_zone: 'UTC', locale: 'en-GB' } },
    });
    expect(screen.getByRole('tab', { name: /organisation/i })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC');
    const locale = screen.getByRole('combobox', { name: 'Locale' });
    expect(locale).toHaveValue('en-US');
    await user.clear(locale);
    await user.type(locale, 'en-GB');
    await user.click(await screen.findByRole('option', { name: 'en-GB' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fetchStub.callsTo('PUT', '/npo_admin/organisation_settings')[0]?.body).toEqual({
        time_zone: 'UTC',
        locale: 'en-GB',
      }),
    );
  });

  it('shows no Organisation tab to a role without organisation settings', () => {
    const fetchStub = stubFetch(mfaOn);
    renderRoutes([{ path: '/admin/account', element: <AccountPage /> }], {
      initialEntries: ['/admin/account?tab=organisation'],
      session: signedInSession(2001),
    });
    expect(screen.queryByRole('tab', { name: /organisation/i })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /profile/i })).toHaveAttribute('aria-selected', 'true');
    expect(fetchStub.calls).toHaveLength(0);
  });
});
