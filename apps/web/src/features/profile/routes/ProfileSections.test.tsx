import type { TProfile, TRoleCode } from '@kindling/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { refreshResponse, signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { overview } from '../../portal/portal.test-support.ts';
import { ProfilePage } from './ProfilePage.tsx';

configure({ asyncUtilTimeout: 5000 });

const PROFILE: TProfile = {
  first_name: 'Stella',
  last_name: 'Staff',
  email: 'staff@kindling.test',
  photo_url: null,
  has_uploaded_photo: false,
  pending_email: null,
  has_password: true,
};
const mfaOff = { 'GET /account/mfa': { body: { otp_enabled: false, backup_codes_remaining: 0 } } };

function renderProfile(handlers: Parameters<typeof stubFetch>[0], code: TRoleCode = 1984) {
  const fetchStub = stubFetch({
    'GET /account/profile': { body: PROFILE },
    'GET /refresh': { body: refreshResponse([], code) },
    ...mfaOff,
    ...handlers,
  });
  const view = renderRoutes([{ path: '/profile', element: <ProfilePage /> }], {
    initialEntries: ['/profile'],
    session: signedInSession(code),
  });
  return { ...view, fetchStub, user: userEvent.setup() };
}
const section = async (name: string) => {
  const found = (await screen.findByRole('heading', { name })).closest('section');
  if (!found) throw new Error(`no section around ${name}`);
  return within(found);
};

describe('/profile for any signed-in role', () => {
  it('gives a 1984 staff member every section and saves their name, refreshing the session', async () => {
    const { user, fetchStub } = renderProfile({
      'PUT /account/profile': { body: { ...PROFILE, last_name: 'Stafford' } },
    });
    const name = await section('Name and photo');
    for (const heading of ['E-mail address', 'Password', 'Two-step verification']) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(screen.queryByRole('heading', { name: 'Your donor record' })).toBeNull();
    const last = name.getByRole('textbox', { name: /Last name/ });
    await user.clear(last);
    await user.type(last, ' Stafford ');
    await user.click(name.getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(fetchStub.callsTo('PUT', '/account/profile')[0]?.body).toEqual({
        first_name: 'Stella',
        last_name: 'Stafford',
      }),
    );
    await waitFor(() => expect(fetchStub.callsTo('GET', '/refresh')).toHaveLength(1));
  });

  it('says a name is required without calling the server', async () => {
    const { user, fetchStub } = renderProfile({});
    const name = await section('Name and photo');
    await user.clear(name.getByRole('textbox', { name: /First name/ }));
    await user.click(name.getByRole('button', { name: 'Save name' }));
    expect(await name.findByText('First name is required')).toBeInTheDocument();
    expect(fetchStub.callsTo('PUT', '/account/profile')).toHaveLength(0);
  });

  it('uploads a photo and shows it, and shows the server’s refusal of a file that is not an image', async () => {
    let accept = false;
    const { user, fetchStub, container } = renderProfile({
      'POST /account/profile/photo': () =>
        accept
          ? { body: { ...PROFILE, photo_url: '/uploads/users/42/photo-abc.png', has_uploaded_photo: true } }
          : {
              status: 400,
              body: {
                status: 400,
                code: 'VALIDATION_FAILED',
                message: 'Upload a JPEG, PNG or WebP image.',
                fields: { image: 'Upload a JPEG, PNG or WebP image.' },
              },
            },
    });
    const name = await section('Name and photo');
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['GIF89a'], 'me.gif', { type: 'image/png' }));
    expect(await name.findByRole('alert')).toHaveTextContent('Upload a JPEG, PNG or WebP image.');
    accept = true;
    await user.upload(input, new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' }));
    expect(await name.findByRole('img', { name: 'Your photo' })).toHaveAttribute(
      'src',
      '/uploads/users/42/photo-abc.png',
    );
    expect(name.getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
    expect(name.queryByRole('alert')).toBeNull();
    expect(fetchStub.callsTo('POST', '/account/profile/photo')).toHaveLength(2);
    await waitFor(() => expect(fetchStub.callsTo('GET', '/refresh')).toHaveLength(1));
  });

  it('asks for a new e-mail address by link: a taken address is explained, a sent link is shown as pending', async () => {
    let pending: string | null = null;
    const { user, fetchStub } = renderProfile({
      'GET /account/profile': () => ({ body: { ...PROFILE, pending_email: pending } }),
      'POST /account/email': (call) => {
        const body = call.body as { new_email: string };
        if (body.new_email === 'admin@kindling.test') {
          const message = 'Another account already uses this e-mail address.';
          return { status: 409, body: { status: 409, code: 'CONFLICT', message, fields: { new_email: message } } };
        }
        pending = body.new_email;
        return { status: 202, body: { status: 202, message: 'sent', pending_email: pending } };
      },
    });
    const email = await section('E-mail address');
    expect(email.getByText('staff@kindling.test')).toBeInTheDocument();
    await user.type(email.getByRole('textbox', { name: /New e-mail address/ }), 'admin@kindling.test');
    await user.type(email.getByLabelText(/Current password/), 'kindling-demo');
    await user.click(email.getByRole('button', { name: 'Send confirmation link' }));
    expect(await email.findByText('Another account already uses this e-mail address.')).toBeInTheDocument();

    const field = email.getByRole('textbox', { name: /New e-mail address/ });
    await user.clear(field);
    await user.type(field, 'stella@example.org');
    await user.click(email.getByRole('button', { name: 'Send confirmation link' }));
    expect(await email.findByText('Waiting for confirmation')).toBeInTheDocument();
    expect(email.getByText('stella@example.org')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/account/email')[1]?.body).toEqual({
      new_email: 'stella@example.org',
      current_password: 'kindling-demo',
    });
  });

  it('checks a new password before sending it and shows a wrong current password', async () => {
    const { user, fetchStub } = renderProfile({
      'POST /account/password': {
        status: 422,
        body: {
          status: 422,
          code: 'INVALID_CREDENTIALS',
          message: 'Your current password is not correct.',
          fields: { current_password: 'Your current password is not correct.' },
        },
      },
    });
    const password = await section('Password');
    await user.type(password.getByLabelText(/^Current password/), 'wrong-one');
    await user.type(password.getByLabelText(/^New password/), 'short');
    await user.type(password.getByLabelText(/^Confirm new password/), 'short');
    await user.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByText('Use at least 10 characters')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/account/password')).toHaveLength(0);

    await user.clear(password.getByLabelText(/^New password/));
    await user.type(password.getByLabelText(/^New password/), 'a-long-new-password');
    await user.clear(password.getByLabelText(/^Confirm new password/));
    await user.type(password.getByLabelText(/^Confirm new password/), 'a-long-new-password');
    await user.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByRole('alert')).toHaveTextContent('Your current password is not correct.');
  });

  it('shows a donor (1123) their donor record as well, as the old profile page did', async () => {
    renderProfile(
      { 'GET /portal/account/overview': { body: overview({ source: 'account', expires_at: null }) } },
      1123,
    );
    const record = await section('Your donor record');
    expect(await record.findByText('1 Analytical Way, London, N1 1AA, GB')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
  });
});
