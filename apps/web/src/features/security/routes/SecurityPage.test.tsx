import type { TAuditResponse, TMemberSessionsResponse, TSignInHistoryResponse } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession, signedInSessionIn } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { SecurityPage } from './SecurityPage.tsx';

const SETTINGS = { require_two_factor: true, session_lifetime_hours: 720, members_without_two_factor: 2 };
const SESSIONS: TMemberSessionsResponse = {
  sessions: [
    {
      id: 11,
      user_id: 42,
      member: 'Ada Lovelace',
      email: 'ada@kindling.test',
      device: 'Chrome on macOS',
      ip: '127.0.0.1',
      signed_in_at: '2026-11-25T09:00:00Z',
      last_seen_at: '2026-11-25T10:00:00Z',
      expires_at: '2026-12-25T10:00:00Z',
      current: true,
    },
    {
      id: 12,
      user_id: 7,
      member: 'Stella Staff',
      email: 'staff@kindling.test',
      device: 'Firefox on Linux',
      ip: '203.0.113.7',
      signed_in_at: '2026-11-25T08:00:00Z',
      last_seen_at: '2026-11-25T08:30:00Z',
      expires_at: '2026-12-25T08:30:00Z',
      current: false,
    },
  ],
};
const SIGN_INS: TSignInHistoryResponse = {
  attempts: [
    {
      id: 1,
      user_id: 7,
      member: 'Stella Staff',
      email: 'staff@kindling.test',
      succeeded: false,
      reason: 'wrong_password',
      device: 'Firefox on Linux',
      ip: '203.0.113.7',
      at: '2026-11-25T08:00:00Z',
    },
  ],
  page: 1,
  per_page: 10,
  total: 1,
};
const AUDIT: TAuditResponse = {
  entries: [
    {
      id: 5,
      at: '2026-11-25T08:00:00Z',
      actor_id: 42,
      actor: 'Ada Lovelace',
      action: 'team.invitation_sent',
      entity: 'team_invitation',
      entity_id: '3',
      ip: '127.0.0.1',
      data: {},
    },
  ],
  page: 1,
  per_page: 20,
  total: 1,
  actions: ['session.revoked', 'team.invitation_sent'],
  entities: ['team_invitation', 'user'],
  actors: [{ id: 42, name: 'Ada Lovelace' }],
};

const render = (code: 5150 | 2001 = 5150, session = signedInSession(code)) =>
  renderRoutes([{ path: '/admin/security', element: <SecurityPage /> }], {
    initialEntries: ['/admin/security'],
    session,
  });

describe('SecurityPage', () => {
  it('shows the policy, the sessions, the failed sign-in and the audit log, and revokes a session', async () => {
    let sessions = SESSIONS;
    const fetch = stubFetch({
      'GET /npo_admin/security/settings': { body: SETTINGS },
      'GET /npo_admin/security/sessions': () => ({ body: sessions }),
      'GET /npo_admin/security/sign_ins': { body: SIGN_INS },
      'GET /npo_admin/security/audit': { body: AUDIT },
      'DELETE /npo_admin/security/sessions/12': () => {
        sessions = { sessions: SESSIONS.sessions.slice(0, 1) };
        return { status: 204 };
      },
    });
    render();
    expect(await screen.findByRole('switch', { name: /Require two-step verification/ })).toBeChecked();
    expect(screen.getByText(/2 members have not set up two-step verification yet/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sessions end after this long without use' })).toHaveValue('30');
    const mine = screen.getByRole('article', { name: 'Ada Lovelace on Chrome on macOS' });
    expect(within(mine).getByText('This session')).toBeInTheDocument();
    expect(within(mine).queryByRole('button')).toBeNull();
    const history = await screen.findByRole('table', { name: 'Sign-in history' });
    expect(within(history).getByText('Failed: Wrong password')).toBeInTheDocument();
    const audit = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(audit).getByText('team.invitation_sent')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/v1/npo_admin/security/audit/export',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Sign out Stella Staff on Firefox on Linux' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Stella Staff on Firefox on Linux' })).not.toBeInTheDocument(),
    );
    expect(fetch.callsTo('DELETE', '/npo_admin/security/sessions/12')).toHaveLength(1);
  });

  it('writes every time in the organisation’s locale and on its clock (a de-DE organisation in Berlin)', async () => {
    stubFetch({
      'GET /npo_admin/security/settings': { body: SETTINGS },
      'GET /npo_admin/security/sessions': { body: SESSIONS },
      'GET /npo_admin/security/sign_ins': { body: SIGN_INS },
      'GET /npo_admin/security/audit': { body: AUDIT },
    });
    render(5150, signedInSessionIn(5150, 'de-DE', 'Europe/Berlin'));
    const mine = await screen.findByRole('article', { name: 'Ada Lovelace on Chrome on macOS' });
    expect(mine).toHaveTextContent('Signed in 25.11.2026, 10:00 · Last seen 25.11.2026, 11:00');
    const history = await screen.findByRole('table', { name: 'Sign-in history' });
    expect(within(history).getByText('25.11.2026, 09:00')).toBeInTheDocument();
    const audit = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(audit).getByText('25.11.2026, 09:00')).toBeInTheDocument();
  });

  it('saves the lifetime in hours and shows the server’s field message under the switch', async () => {
    const fetch = stubFetch({
      'GET /npo_admin/security/settings': { body: { ...SETTINGS, require_two_factor: false } },
      'GET /npo_admin/security/sessions': { body: SESSIONS },
      'GET /npo_admin/security/sign_ins': { body: SIGN_INS },
      'GET /npo_admin/security/audit': { body: AUDIT },
      'PUT /npo_admin/security/settings': {
        status: 400,
        body: {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          fields: { require_two_factor: 'Set up two-step verification for your own account first.' },
        },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('switch', { name: /Require two-step verification/ }));
    const lifetime = screen.getByRole('textbox', { name: 'Sessions end after this long without use' });
    await userEvent.clear(lifetime);
    await userEvent.type(lifetime, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText('Set up two-step verification for your own account first.')).toBeInTheDocument();
    expect(fetch.callsTo('PUT', '/npo_admin/security/settings')[0]?.body).toEqual({
      require_two_factor: true,
      session_lifetime_hours: 48,
    });
  });

  it('filters the audit log by action and sends the filter to the export', async () => {
    const fetch = stubFetch({
      'GET /npo_admin/security/settings': { body: SETTINGS },
      'GET /npo_admin/security/sessions': { body: SESSIONS },
      'GET /npo_admin/security/sign_ins': { body: SIGN_INS },
      'GET /npo_admin/security/audit': { body: AUDIT },
    });
    render();
    await screen.findByRole('table', { name: 'Audit log' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByRole('option', { name: 'session.revoked' }));
    await waitFor(() =>
      expect(fetch.callsTo('GET', '/npo_admin/security/audit').at(-1)?.query.get('action')).toBe('session.revoked'),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/v1/npo_admin/security/audit/export?action=session.revoked',
    );
  });

  it('tells finance the page is for admins and asks the server nothing', async () => {
    const fetch = stubFetch({});
    render(2001);
    expect(await screen.findByText('For organisation admins')).toBeInTheDocument();
    expect(fetch.calls).toHaveLength(0);
  });
});
