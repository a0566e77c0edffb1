import { ZTeamResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../../test/mail.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { auditActions, invitationTokenFor, outsiderOrganisation, signedIn, userIdOf } from './team.test-support.ts';

const TEAM = '/api/v1/npo_admin/team';

describe('the team: members, invitations, role, suspension and removal', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let outsider: Awaited<ReturnType<typeof outsiderOrganisation>>;
  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    outsider = await outsiderOrganisation(ctx, 'team-outsider@example.org', 'Team Outsider Trust');
  });

  describe('access', () => {
    it('answers 401 without a session and 403 to finance, staff and fundraisers', async () => {
      const anonymous = new TestClient(ctx.app);
      expect((await anonymous.get(TEAM)).statusCode).toBe(401);
      expect(
        (await anonymous.post(`${TEAM}/invitations`, { email: 'x@example.org', role_code: 1984 })).statusCode,
      ).toBe(401);
      for (const who of ['finance', 'staff', 'fundraiser']) {
        const c = await signedIn(ctx, `${who}@kindling.test`);
        expect((await c.get(TEAM)).statusCode, who).toBe(403);
        expect((await c.post(`${TEAM}/invitations`, { email: 'x@example.org', role_code: 1984 })).statusCode).toBe(403);
        expect((await c.put(`${TEAM}/1/role`, { role_code: 1984 })).statusCode).toBe(403);
        expect((await c.request('DELETE', `${TEAM}/1`)).statusCode).toBe(403);
      }
    });

    it('answers 404 for another organisation’s members and invitations, changing nothing', async () => {
      const staffId = await userIdOf(ctx, 'staff@kindling.test');
      const c = outsider.client;
      expect((await c.put(`${TEAM}/${staffId}/role`, { role_code: 6635 })).statusCode).toBe(404);
      expect((await c.put(`${TEAM}/${staffId}/suspension`, { suspended: true })).statusCode).toBe(404);
      expect((await c.request('DELETE', `${TEAM}/${staffId}`)).statusCode).toBe(404);
      const sent = await admin.post(`${TEAM}/invitations`, { email: 'cross@example.org', role_code: 1984 });
      expect((await c.post(`${TEAM}/invitations/${sent.json().id}/resend`)).statusCode).toBe(404);
      expect((await c.request('DELETE', `${TEAM}/invitations/${sent.json().id}`)).statusCode).toBe(404);
      const team = ZTeamResponse.parse((await c.get(TEAM)).json());
      expect(team.members.map((m) => m.email)).toEqual(['team-outsider@example.org']);
      expect(team.invitations).toEqual([]);
      const riverside = ZTeamResponse.parse((await admin.get(TEAM)).json());
      expect(riverside.members.find((m) => m.user_id === staffId)).toMatchObject({ role_code: 1984, status: 'active' });
      expect(riverside.invitations.map((i) => i.email)).toContain('cross@example.org');
    });
  });

  it('lists the staff members with role, second factor, last sign-in and status, without fundraisers', async () => {
    const team = ZTeamResponse.parse((await admin.get(TEAM)).json());
    const byEmail = Object.fromEntries(team.members.map((m) => [m.email, m]));
    expect(Object.keys(byEmail)).not.toContain('fundraiser@kindling.test');
    expect(byEmail['mfa@kindling.test']).toMatchObject({ name: 'Milo Factor', role_code: 5150, two_factor: true });
    expect(byEmail['staff@kindling.test']).toMatchObject({ role_name: 'staff', two_factor: false, status: 'active' });
    expect(byEmail['admin@kindling.test']?.last_sign_in_at).not.toBeNull();
    expect(byEmail['finance@kindling.test']?.permissions).toEqual([
      'donations.refund',
      'donations.export',
      'settings.payments',
      'reports.view',
    ]);
  });

  describe('invitations', () => {
    it('refuses bad input with field messages and invites nobody', async () => {
      const bad = await admin.post(`${TEAM}/invitations`, { email: 'not-an-email', role_code: 1123 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({
        email: 'Enter a valid email address',
        role_code: 'Choose one of the listed roles',
      });
      const member = await admin.post(`${TEAM}/invitations`, { email: 'Staff@kindling.test', role_code: 6635 });
      expect(member.statusCode).toBe(409);
      expect(member.json().fields.email).toBe('This person is already a member of the team.');
      expect((await readOutbox(ctx.dataDir)).filter((m) => /not-an-email|staff@kindling/i.test(m.headers))).toEqual([]);
    });

    it('creates the account from the e-mailed link, once; the new member signs in to the organisation', async () => {
      const sent = await admin.post(`${TEAM}/invitations`, { email: 'New.Colleague@example.org', role_code: 2001 });
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toMatchObject({
        email: 'new.colleague@example.org',
        role_name: 'finance_admin',
        status: 'invited',
      });
      const twice = await admin.post(`${TEAM}/invitations`, { email: 'new.colleague@example.org', role_code: 1984 });
      expect(twice.statusCode).toBe(409);
      const token = await invitationTokenFor(ctx, 'new.colleague@example.org');
      const visitor = new TestClient(ctx.app);
      const preview = await visitor.get(`/api/v1/team_invitations/${token}`);
      expect(preview.json()).toEqual({
        organisation: 'Riverside Food Bank',
        email: 'new.colleague@example.org',
        role_name: 'finance_admin',
        has_account: false,
        signed_in: 'none',
      });
      const missing = await visitor.post(`/api/v1/team_invitations/${token}/accept`, { first_name: 'Nia' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toMatchObject({
        last_name: 'Last name is required',
        password: 'Choose a password',
      });
      const accepted = await visitor.post(`/api/v1/team_invitations/${token}/accept`, {
        first_name: 'Nia',
        last_name: 'New',
        password: 'colleague-password',
      });
      expect(accepted.statusCode).toBe(200);
      const again = await new TestClient(ctx.app).post(`/api/v1/team_invitations/${token}/accept`, {
        first_name: 'Eve',
        last_name: 'Twice',
        password: 'another-password',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This invitation has already been used. Sign in instead.');
      const colleague = new TestClient(ctx.app);
      const login = await colleague.signIn('new.colleague@example.org', 'colleague-password');
      expect(login.npo_user?.roles).toEqual([expect.objectContaining({ code: 2001 })]);
      const team = ZTeamResponse.parse((await admin.get(TEAM)).json());
      expect(team.members.find((m) => m.email === 'new.colleague@example.org')).toMatchObject({
        name: 'Nia New',
        role_code: 2001,
      });
      expect(team.invitations.map((i) => i.email)).not.toContain('new.colleague@example.org');
    });

    it('adds the membership to an existing account signed in as that e-mail, and refuses another account', async () => {
      await admin.post(`${TEAM}/invitations`, { email: 'team-outsider@example.org', role_code: 1984 });
      const token = await invitationTokenFor(ctx, 'team-outsider@example.org');
      const other = await signedIn(ctx, 'manager@kindling.test');
      const wrong = await other.post(`/api/v1/team_invitations/${token}/accept`, {});
      expect(wrong.statusCode).toBe(409);
      expect(wrong.json().message).toContain('You are signed in as manager@kindling.test');
      const anonymous = await new TestClient(ctx.app).post(`/api/v1/team_invitations/${token}/accept`, {});
      expect(anonymous.statusCode).toBe(401);
      expect((await outsider.client.get(`/api/v1/team_invitations/${token}`)).json()).toMatchObject({
        has_account: true,
        signed_in: 'invitee',
      });
      expect((await outsider.client.post(`/api/v1/team_invitations/${token}/accept`, {})).json()).toEqual({
        organisation: 'Riverside Food Bank',
        signed_in: true,
      });
      const outsiderId = await userIdOf(ctx, 'team-outsider@example.org');
      const { rows } = await ctx.db.execute<{ role_code: number }>(
        sql`SELECT role_code FROM memberships WHERE user_id = ${outsiderId} ORDER BY role_code`,
      );
      expect(rows.map((r) => r.role_code)).toEqual([1984, 5150]);
    });

    it('says so for an expired, a revoked and a resent (replaced) link, and changes nothing', async () => {
      const invite = async (email: string) => {
        const res = await admin.post(`${TEAM}/invitations`, { email, role_code: 1984 });
        return { id: res.json().id as number, token: await invitationTokenFor(ctx, email) };
      };
      const expired = await invite('late@example.org');
      await ctx.db.execute(
        sql`UPDATE team_invitations SET expires_at = now() - interval '1 minute' WHERE id = ${expired.id}`,
      );
      const late = await new TestClient(ctx.app).post(`/api/v1/team_invitations/${expired.token}/accept`, {
        first_name: 'L',
        last_name: 'Ate',
        password: 'late-password',
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('This invitation has expired. Ask the organisation to send it again.');
      expect(
        ZTeamResponse.parse((await admin.get(TEAM)).json()).invitations.find((i) => i.id === expired.id)?.status,
      ).toBe('expired');
      const resent = await admin.post(`${TEAM}/invitations/${expired.id}/resend`);
      expect(resent.json().status).toBe('invited');
      const fresh = await invitationTokenFor(ctx, 'late@example.org');
      expect(fresh).not.toBe(expired.token);
      expect((await new TestClient(ctx.app).get(`/api/v1/team_invitations/${expired.token}`)).statusCode).toBe(404);
      expect((await new TestClient(ctx.app).get(`/api/v1/team_invitations/${fresh}`)).statusCode).toBe(200);

      const revoked = await invite('withdrawn@example.org');
      expect((await admin.request('DELETE', `${TEAM}/invitations/${revoked.id}`)).statusCode).toBe(204);
      const open = await new TestClient(ctx.app).post(`/api/v1/team_invitations/${revoked.token}/accept`, {
        first_name: 'W',
        last_name: 'D',
        password: 'withdrawn-pass',
      });
      expect(open.json().message).toBe('This invitation was withdrawn. Ask the organisation for a new one.');
      expect(await userIdOf(ctx, 'withdrawn@example.org')).toBeNaN();
      expect((await admin.post(`${TEAM}/invitations/${revoked.id}/resend`)).statusCode).toBe(404);
      expect(await auditActions(ctx, revoked.id, 'team_invitation')).toEqual([
        'team.invitation_sent',
        'team.invitation_revoked',
      ]);
      expect((await new TestClient(ctx.app).get('/api/v1/team_invitations/nonsense-token-123')).statusCode).toBe(404);
    });
  });

  describe('role, suspension, removal', () => {
    it('changes a role with an audit entry; bad roles are 400', async () => {
      const staffId = await userIdOf(ctx, 'staff@kindling.test');
      const bad = await admin.put(`${TEAM}/${staffId}/role`, { role_code: 7789 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.role_code).toBe('Choose one of the listed roles');
      const res = await admin.put(`${TEAM}/${staffId}/role`, { role_code: 6635 });
      expect(res.json()).toMatchObject({ role_code: 6635, role_name: 'manager' });
      await admin.put(`${TEAM}/${staffId}/role`, { role_code: 1984 });
      expect(await auditActions(ctx, staffId)).toEqual(['membership.role_changed', 'membership.role_changed']);
      const self = await admin.put(`${TEAM}/${await userIdOf(ctx, 'admin@kindling.test')}/role`, { role_code: 1984 });
      expect(self.statusCode).toBe(403);
    });

    it('keeps the last admin: not demoted, suspended or removed (409)', async () => {
      const { client: owner, npoId } = await outsiderOrganisation(ctx, 'solo-admin@example.org', 'Solo Admin Shelter');
      const ownerId = await userIdOf(ctx, 'solo-admin@example.org');
      const managerId = await userIdOf(ctx, 'manager@kindling.test');
      await ctx.db.execute(
        sql`INSERT INTO memberships (npo_id, user_id, role_code, role_name) VALUES (${npoId}, ${managerId}, 6635, 'manager')`,
      );
      const manager = await signedIn(ctx, 'manager@kindling.test');
      await manager.get(`/api/v1/npo_admin/select_npo?npo_id=${npoId}`);
      for (const attempt of [
        () => manager.put(`${TEAM}/${ownerId}/role`, { role_code: 6635 }),
        () => manager.put(`${TEAM}/${ownerId}/suspension`, { suspended: true }),
        () => manager.request('DELETE', `${TEAM}/${ownerId}`),
      ]) {
        const res = await attempt();
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(
          'solo-admin@example.org is the organisation’s last admin and cannot be ' +
            (res.json().message.includes('demoted')
              ? 'demoted'
              : res.json().message.includes('suspended')
                ? 'suspended'
                : 'removed') +
            '. Make another member admin first.',
        );
      }
      expect((await owner.get(TEAM)).statusCode).toBe(200);
      // With a second admin, the first can go.
      expect((await owner.put(`${TEAM}/${managerId}/role`, { role_code: 5150 })).statusCode).toBe(200);
      expect((await manager.put(`${TEAM}/${ownerId}/role`, { role_code: 6635 })).statusCode).toBe(200);
    });

    it('suspending ends the member’s sessions at once; reinstating lets them sign in again', async () => {
      const financeId = await userIdOf(ctx, 'finance@kindling.test');
      const finance = await signedIn(ctx, 'finance@kindling.test');
      expect((await finance.get('/api/v1/npo_admin/account_details')).statusCode).toBe(200);
      const res = await admin.put(`${TEAM}/${financeId}/suspension`, { suspended: true });
      expect(res.json().status).toBe('suspended');
      expect((await finance.get('/api/v1/npo_admin/account_details')).statusCode).toBe(401);
      const again = await signedIn(ctx, 'finance@kindling.test');
      expect((await again.get('/api/v1/npo_admin/account_details')).statusCode).toBe(403);
      await admin.put(`${TEAM}/${financeId}/suspension`, { suspended: false });
      expect(
        (await (await signedIn(ctx, 'finance@kindling.test')).get('/api/v1/npo_admin/account_details')).statusCode,
      ).toBe(200);
      expect(await auditActions(ctx, financeId)).toEqual(['membership.suspended', 'membership.reinstated']);
    });

    it('removing a member: their next request is 401 and the organisation is gone from their account', async () => {
      await admin.post(`${TEAM}/invitations`, { email: 'leaver@example.org', role_code: 1984 });
      const token = await invitationTokenFor(ctx, 'leaver@example.org');
      await new TestClient(ctx.app).post(`/api/v1/team_invitations/${token}/accept`, {
        first_name: 'Lee',
        last_name: 'Ver',
        password: 'leaver-password',
      });
      const leaver = new TestClient(ctx.app);
      await leaver.signIn('leaver@example.org', 'leaver-password');
      expect((await leaver.get('/api/v1/npo_admin/account_details')).statusCode).toBe(200);
      const leaverId = await userIdOf(ctx, 'leaver@example.org');
      expect((await admin.request('DELETE', `${TEAM}/${leaverId}`)).statusCode).toBe(204);
      expect((await leaver.get('/api/v1/npo_admin/account_details')).statusCode).toBe(401);
      expect(ZTeamResponse.parse((await admin.get(TEAM)).json()).members.map((m) => m.user_id)).not.toContain(leaverId);
      expect(await auditActions(ctx, leaverId)).toEqual(['team.invitation_accepted', 'membership.removed']);
    });
  });
});
