import type { TTeamMember, TTeamResponse } from '@kindling/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession, signedInSessionIn } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { TeamPage } from './TeamPage.tsx';

afterEach(() => notifications.clean());

const member = (overrides: Partial<TTeamMember>): TTeamMember => ({
  user_id: 7,
  name: 'Stella Staff',
  email: 'staff@kindling.test',
  role_code: 1984,
  role_name: 'staff',
  two_factor: false,
  last_sign_in_at: null,
  status: 'active',
  permissions: ['donations.export', 'reports.view'],
  ...overrides,
});

const TEAM: TTeamResponse = {
  members: [
    member({
      user_id: 42,
      name: 'Ada Lovelace',
      email: 'ada@kindling.test',
      role_code: 5150,
      role_name: 'admin',
      two_factor: true,
    }),
    member({ status: 'suspended' }),
  ],
  invitations: [
    {
      id: 3,
      email: 'new@example.org',
      role_code: 2001,
      role_name: 'finance_admin',
      invited_at: '2026-11-20T10:00:00Z',
      expires_at: '2026-11-27T10:00:00Z',
      status: 'invited',
    },
  ],
};

const render = (session = signedInSession(5150)) =>
  renderRoutes([{ path: '/admin/team', element: <TeamPage /> }], {
    initialEntries: ['/admin/team'],
    session,
  });

describe('TeamPage', () => {
  it('shows each member’s role, second factor, status and the pending invitation', async () => {
    stubFetch({ 'GET /npo_admin/team': { body: TEAM } });
    render();
    const stella = await screen.findByRole('article', { name: 'Stella Staff' });
    expect(within(stella).getByText('Suspended')).toBeInTheDocument();
    expect(within(stella).getByText(/Two-factor: off · Last sign-in: Never/)).toBeInTheDocument();
    expect(within(stella).getByRole('button', { name: 'Reinstate' })).toBeInTheDocument();
    const ada = screen.getByRole('article', { name: 'Ada Lovelace' });
    expect(within(ada).getByText(/Two-factor: on/)).toBeInTheDocument();
    expect(within(ada).getByText('This is you: another admin changes your role or access.')).toBeInTheDocument();
    expect(within(ada).queryByRole('button', { name: 'Remove' })).toBeNull();
    const invitation = screen.getByRole('article', { name: 'Invitation to new@example.org' });
    expect(within(invitation).getByText(/Finance/)).toBeInTheDocument();
  });

  it('writes the last sign-in and the invitation’s end in the organisation’s locale, on its clock', async () => {
    const ada = TEAM.members[0] as TTeamMember;
    const team = { ...TEAM, members: [{ ...ada, last_sign_in_at: '2026-11-25T23:30:00Z' }] };
    stubFetch({ 'GET /npo_admin/team': { body: team } });
    render(signedInSessionIn(5150, 'en-GB', 'Europe/Berlin'));
    const card = await screen.findByRole('article', { name: 'Ada Lovelace' });
    // 23:30 UTC is already the next day in Berlin.
    expect(within(card).getByText(/Last sign-in: 26 Nov 2026, 00:30/)).toBeInTheDocument();
    const invitation = screen.getByRole('article', { name: 'Invitation to new@example.org' });
    expect(invitation).toHaveTextContent('valid until 27 Nov 2026');
  });

  it('invites with a role and shows the server’s field message under the field', async () => {
    const fetch = stubFetch({
      'GET /npo_admin/team': { body: TEAM },
      'POST /npo_admin/team/invitations': {
        status: 409,
        body: {
          status: 409,
          code: 'CONFLICT',
          message: 'This person is already a member of the team.',
          fields: { email: 'This person is already a member of the team.' },
        },
      },
    });
    render();
    await screen.findByRole('article', { name: 'Stella Staff' });
    const form = screen.getByRole('form', { name: 'Invite a colleague' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'staff@kindling.test');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('This person is already a member of the team.')).toBeInTheDocument();
    expect(fetch.callsTo('POST', '/npo_admin/team/invitations')[0]?.body).toEqual({
      email: 'staff@kindling.test',
      role_code: 1984,
    });
  });

  it('shows the permission checklist of the role and saves the chosen set', async () => {
    const fetch = stubFetch({
      'GET /npo_admin/team': { body: TEAM },
      'GET /npo_admin/user_permissions/7': {
        body: {
          data: {
            user_id: 7,
            npo_id: 1,
            role_code: 1984,
            role_name: 'staff',
            permissions: ['donations.export', 'reports.view'],
            role_defaults: ['donations.export', 'reports.view'],
            role_ceiling: ['donations.export', 'reports.view'],
          },
        },
      },
      'PUT /npo_admin/user_permissions/7': (call) => ({
        body: {
          data: {
            user_id: 7,
            npo_id: 1,
            role_code: 1984,
            role_name: 'staff',
            permissions: (call.body as { permissions: { permissions: string[] } }).permissions.permissions,
            role_defaults: ['donations.export', 'reports.view'],
            role_ceiling: ['donations.export', 'reports.view'],
          },
        },
      }),
    });
    render();
    const stella = await screen.findByRole('article', { name: 'Stella Staff' });
    await userEvent.click(within(stella).getByRole('button', { name: 'Permissions' }));
    const exportBox = await within(stella).findByRole('checkbox', { name: /Export donations/ });
    expect(exportBox).toBeChecked();
    expect(within(stella).queryByRole('checkbox', { name: /Refund donations/ })).toBeNull();
    await userEvent.click(exportBox);
    await userEvent.click(within(stella).getByRole('button', { name: 'Save permissions' }));
    await waitFor(() =>
      expect(fetch.callsTo('PUT', '/npo_admin/user_permissions/7')[0]?.body).toEqual({
        permissions: { permissions: ['reports.view'] },
      }),
    );
  });

  it('says when the team could not be loaded, with a retry', async () => {
    stubFetch({
      'GET /npo_admin/team': { status: 500, body: { status: 500, code: 'INTERNAL', message: 'Server trouble' } },
    });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The team could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
