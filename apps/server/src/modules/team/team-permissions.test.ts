import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn, userIdOf } from './team.test-support.ts';

const url = (id: number) => `/api/v1/npo_admin/user_permissions/${id}`;

describe('permission sets on top of the role', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    for (const who of ['admin', 'manager', 'finance', 'staff', 'fundraiser']) {
      ids[who] = await userIdOf(ctx, `${who}@kindling.test`);
    }
  });
  const setPermissions = async (who: string, permissions: string[]) => {
    const res = await admin.put(url(ids[who] ?? 0), { permissions: { permissions } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const without = async (who: string, permission: string) => {
    const current: string[] = (await admin.get(url(ids[who] ?? 0))).json().data.permissions;
    return setPermissions(
      who,
      current.filter((p) => p !== permission),
    );
  };

  describe('GET and PUT /npo_admin/user_permissions/{id}', () => {
    it('shows the effective set, the role’s defaults and what the role can hold', async () => {
      const res = await admin.get(url(ids.finance ?? 0));
      expect(res.json().data).toEqual({
        user_id: ids.finance,
        npo_id: expect.any(Number),
        role_code: 2001,
        role_name: 'finance_admin',
        permissions: ['donations.refund', 'donations.export', 'settings.payments', 'reports.view'],
        role_defaults: ['donations.refund', 'donations.export', 'settings.payments', 'reports.view'],
        role_ceiling: [
          'donations.refund',
          'donations.export',
          'donors.merge',
          'campaigns.publish',
          'settings.payments',
          'reports.view',
        ],
      });
    });

    it('answers 401 anonymous, 403 to finance and staff, 404 for another organisation’s member', async () => {
      expect((await new TestClient(ctx.app).get(url(ids.staff ?? 0))).statusCode).toBe(401);
      for (const who of ['finance', 'staff', 'fundraiser']) {
        const c = await signedIn(ctx, `${who}@kindling.test`);
        expect((await c.get(url(ids.staff ?? 0))).statusCode).toBe(403);
        expect((await c.put(url(ids.staff ?? 0), { permissions: { permissions: [] } })).statusCode).toBe(403);
      }
      const { client } = await outsiderOrganisation(ctx, 'perm-outsider@example.org', 'Permission Outsiders');
      expect((await client.get(url(ids.staff ?? 0))).statusCode).toBe(404);
      expect((await client.put(url(ids.staff ?? 0), { permissions: { permissions: [] } })).statusCode).toBe(404);
      expect((await admin.get(url(ids.fundraiser ?? 0))).statusCode).toBe(404);
      expect((await admin.get(url(999999))).statusCode).toBe(404);
    });

    it('refuses unknown names, permissions beyond the role, changing oneself and granting 7789', async () => {
      const unknown = await admin.put(url(ids.staff ?? 0), { permissions: { permissions: ['reports.export'] } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fields.permissions).toContain('Unknown permission: reports.export');
      const beyond = await admin.put(url(ids.staff ?? 0), { permissions: { permissions: ['donations.refund'] } });
      expect(beyond.statusCode).toBe(400);
      expect(beyond.json().fields.permissions).toBe(
        'The staff role cannot hold donations.refund: its pages do not reach them.',
      );
      expect((await admin.put(url(ids.admin ?? 0), { permissions: { permissions: [] } })).statusCode).toBe(403);
      expect((await admin.put(url(ids.staff ?? 0), { permissions: { role_code: 7789 } })).statusCode).toBe(403);
      expect((await admin.get(url(ids.staff ?? 0))).json().data.permissions).toEqual([
        'donations.export',
        'reports.view',
      ]);
    });

    it('records every change in the audit log', async () => {
      await without('staff', 'reports.view');
      const { rows } = await ctx.db.execute<{ data: { before: unknown; after: unknown } }>(
        sql`SELECT data FROM audit_log WHERE action = 'membership.access_changed' AND target_id = ${String(ids.staff)} ORDER BY id DESC LIMIT 1`,
      );
      expect(rows[0]?.data).toEqual({
        before: { role_code: 1984, role_name: 'staff', permissions: ['donations.export', 'reports.view'] },
        after: { role_code: 1984, role_name: 'staff', permissions: ['donations.export'] },
      });
      await setPermissions('staff', ['donations.export', 'reports.view']);
    });
  });

  describe('each permission governs its routes', () => {
    it('donations.refund: the refund route', async () => {
      const finance = await signedIn(ctx, 'finance@kindling.test');
      const refund = () =>
        finance.post('/api/v1/npo_admin/donations/999999/refunds', { idempotency_key: crypto.randomUUID() });
      expect((await refund()).statusCode).toBe(404);
      await without('finance', 'donations.refund');
      const refused = await refund();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('You do not have the “Refund donations” permission here.');
      await setPermissions('finance', ['donations.refund', 'donations.export', 'settings.payments', 'reports.view']);
      expect((await refund()).statusCode).toBe(404);
    });

    it('donations.export: the donations export', async () => {
      const staff = await signedIn(ctx, 'staff@kindling.test');
      const exportCsv = () => staff.get('/api/v1/npo_admin/donations/export?format=csv');
      expect((await exportCsv()).statusCode).toBe(200);
      await without('staff', 'donations.export');
      expect((await exportCsv()).statusCode).toBe(403);
      await setPermissions('staff', ['donations.export', 'reports.view']);
      expect((await exportCsv()).statusCode).toBe(200);
    });

    it('donors.merge and campaigns.publish: finance gets them only when granted', async () => {
      const finance = await signedIn(ctx, 'finance@kindling.test');
      const merge = () => finance.post('/api/v1/npo_admin/donors/999999/merge', { duplicate_id: 999998 });
      const publish = () => finance.post('/api/v1/npo_admin/campaigns/999999/status', { status: 'active' });
      const pause = () => finance.post('/api/v1/npo_admin/campaigns/999999/status', { status: 'ended' });
      expect((await merge()).statusCode).toBe(403);
      expect((await publish()).statusCode).toBe(403);
      expect((await pause()).statusCode).toBe(404);
      await setPermissions('finance', [
        'donations.refund',
        'donations.export',
        'settings.payments',
        'reports.view',
        'donors.merge',
        'campaigns.publish',
      ]);
      expect((await merge()).statusCode).toBe(404);
      expect((await publish()).statusCode).toBe(404);
      await setPermissions('finance', ['donations.refund', 'donations.export', 'settings.payments', 'reports.view']);
    });

    it('settings.payments: changing a payment processor, not reading them', async () => {
      const finance = await signedIn(ctx, 'finance@kindling.test');
      await without('finance', 'settings.payments');
      expect((await finance.get('/api/v1/processors')).statusCode).toBe(200);
      expect((await finance.request('DELETE', '/api/v1/processors/paypal')).statusCode).toBe(403);
      await setPermissions('finance', ['donations.refund', 'donations.export', 'settings.payments', 'reports.view']);
      // Past the permission check: the demo organisation has no PayPal seller to remove.
      expect((await finance.request('DELETE', '/api/v1/processors/paypal')).statusCode).toBe(404);
    });

    it('team.manage: inviting and changing members, not seeing the team', async () => {
      const manager = await signedIn(ctx, 'manager@kindling.test');
      await without('manager', 'team.manage');
      expect((await manager.get('/api/v1/npo_admin/team')).statusCode).toBe(200);
      const invite = () =>
        manager.post('/api/v1/npo_admin/team/invitations', { email: 'm@example.org', role_code: 1984 });
      expect((await invite()).statusCode).toBe(403);
      expect((await manager.put(url(ids.staff ?? 0), { permissions: { permissions: [] } })).statusCode).toBe(403);
      const all = (await admin.get(url(ids.manager ?? 0))).json().data.role_ceiling;
      await setPermissions('manager', all);
      expect((await invite()).statusCode).toBe(201);
    });

    it('a new role brings its own defaults', async () => {
      await without('staff', 'reports.view');
      const res = await admin.put(`/api/v1/npo_admin/team/${ids.staff}/role`, { role_code: 2001 });
      expect(res.json().permissions).toEqual([
        'donations.refund',
        'donations.export',
        'settings.payments',
        'reports.view',
      ]);
      await admin.put(`/api/v1/npo_admin/team/${ids.staff}/role`, { role_code: 1984 });
    });
  });
});
