import type { TNotificationsResponse } from '@kindling/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/index.ts';
import { notificationTexts, notifyOrganisation } from './index.ts';
import { notificationRecipients } from './notifications.tables.ts';

const ctx = useTestApp();
const ids = { riverside: 0, northern: 0 };

const npoId = async (slug: string) => (await ctx.db.select().from(npos).where(eq(npos.slug, slug)))[0]?.id ?? 0;
const userId = async (email: string) => (await ctx.db.select().from(users).where(eq(users.email, email)))[0]?.id ?? 0;

async function signedIn(email: string): Promise<TestClient> {
  const client = new TestClient(ctx.app);
  await client.signIn(email);
  return client;
}

const list = async (client: TestClient, query = ''): Promise<TNotificationsResponse> => {
  const response = await client.get(`/api/v1/notifications${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};

const gift = (n: number) => ({
  npoId: ids.riverside,
  kind: 'donation.received' as const,
  ...notificationTexts['donation.received']({
    donorName: `Donor ${n}`,
    amountMinor: 2500,
    currency: 'USD',
    donationId: n,
  }),
});

beforeAll(async () => {
  ids.riverside = await npoId('riverside-food-bank');
  ids.northern = await npoId('northern-lights-rescue');
});

describe('notifyOrganisation', () => {
  it('addresses the staff roles of that organisation only, peer fundraisers only when named', async () => {
    const created = await notifyOrganisation(ctx.db, gift(1));
    const staff = await Promise.all(
      ['console', 'admin', 'mfa', 'manager', 'finance', 'staff', 'multi'].map((u) => userId(`${u}@kindling.test`)),
    );
    expect(created?.recipientUserIds.sort()).toEqual(staff.sort());
    expect(created?.recipientUserIds).not.toContain(await userId('fundraiser@kindling.test'));

    const forPeers = await notifyOrganisation(ctx.db, { ...gift(2), kind: 'fundraiser.joined', roles: [1123] });
    expect(forPeers?.recipientUserIds).toEqual([await userId('fundraiser@kindling.test')]);
  });

  it('refuses a link that is not an in-app path', async () => {
    for (const link of ['https://example.org', '//example.org/x', 'dashboard']) {
      await expect(notifyOrganisation(ctx.db, { ...gift(4), link })).rejects.toThrow('in-app path');
    }
  });

  it('creates nothing when nobody in the organisation may see it', async () => {
    expect(await notifyOrganisation(ctx.db, { ...gift(3), npoId: ids.northern, roles: [1123] })).toBeNull();
  });
});

describe('GET /notifications', () => {
  it('answers 401 without a session', async () => {
    expect((await new TestClient(ctx.app).get('/api/v1/notifications')).statusCode).toBe(401);
  });

  it("lists the user's own notifications newest first with only their recipient row", async () => {
    await notifyOrganisation(ctx.db, gift(10));
    await notifyOrganisation(ctx.db, gift(11));
    const staff = await signedIn('staff@kindling.test');
    const body = await list(staff);
    expect(body.notifications[0]?.message).toBe('Donor 11 gave $25.00.');
    expect(body.notifications[1]?.message).toBe('Donor 10 gave $25.00.');
    const me = await userId('staff@kindling.test');
    for (const n of body.notifications) {
      expect(n.notification_recipients).toHaveLength(1);
      expect(n.notification_recipients[0]).toMatchObject({ npo_user_id: me, read_at: null, dismissed_at: null });
      expect(Date.parse(n.metadata.created_at)).not.toBeNaN();
    }
    expect(body.notifications[0]?.metadata.link).toBe('/dashboard/donation/11');
    expect(body.unread_count).toBe(body.total);
  });

  it('pages and filters by status', async () => {
    const manager = await signedIn('manager@kindling.test');
    const all = await list(manager);
    const firstRecipient = all.notifications[0]?.notification_recipients[0]?.id;
    await manager.request('PATCH', `/api/v1/notification_recipients/${firstRecipient}/mark_as_read`);
    const read = await list(manager, '?status=read');
    expect(read.notifications.map((n) => n.notification_recipients[0]?.id)).toEqual([firstRecipient]);
    const unread = await list(manager, '?status=unread');
    expect(unread.total).toBe(all.total - 1);
    expect(unread.unread_count).toBe(all.total - 1);
    const page2 = await list(manager, '?per_page=1&page=2');
    expect(page2.notifications.map((n) => n.id)).toEqual([all.notifications[1]?.id]);
    expect((await manager.get('/api/v1/notifications?status=bogus')).statusCode).toBe(400);
  });

  it("never shows another organisation's notifications", async () => {
    await notifyOrganisation(ctx.db, { ...gift(20), npoId: ids.northern, message: 'Northern only' });
    const admin = await signedIn('admin@kindling.test');
    expect((await list(admin)).notifications.map((n) => n.message)).not.toContain('Northern only');

    // A member of both sees each organisation's list only while it is selected.
    const multi = await signedIn('multi@kindling.test');
    await multi.get(`/api/v1/npo_admin/select_npo?npo_id=${ids.northern}&code=5150`);
    expect((await list(multi)).notifications.map((n) => n.message)).toEqual(['Northern only']);
    await multi.get(`/api/v1/npo_admin/select_npo?npo_id=${ids.riverside}&code=5150`);
    expect((await list(multi)).notifications.map((n) => n.message)).not.toContain('Northern only');
  });
});

describe('recipient actions', () => {
  it("marks read, unread and dismisses the caller's own row", async () => {
    await notifyOrganisation(ctx.db, gift(30));
    const finance = await signedIn('finance@kindling.test');
    const recipientId = (await list(finance)).notifications[0]?.notification_recipients[0]?.id;
    const url = `/api/v1/notification_recipients/${recipientId}`;

    const read = await finance.request('PATCH', `${url}/mark_as_read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().notification_recipient.read_at).not.toBeNull();
    const unread = await finance.request('PATCH', `${url}/mark_as_unread`);
    expect(unread.json().notification_recipient.read_at).toBeNull();
    const dismissed = await finance.request('PATCH', `${url}/dismiss`);
    expect(dismissed.json().notification_recipient.dismissed_at).not.toBeNull();
    expect((await list(finance)).notifications.map((n) => n.notification_recipients[0]?.id)).not.toContain(recipientId);
  });

  it("refuses another user's recipient row with 404 and changes nothing", async () => {
    await notifyOrganisation(ctx.db, gift(40));
    const admin = await signedIn('admin@kindling.test');
    const adminsRow = (await list(admin)).notifications[0]?.notification_recipients[0]?.id ?? 0;
    const staff = await signedIn('staff@kindling.test');
    for (const action of ['mark_as_read', 'mark_as_unread', 'dismiss']) {
      const response = await staff.request('PATCH', `/api/v1/notification_recipients/${adminsRow}/${action}`);
      expect(response.statusCode).toBe(404);
    }
    const [row] = await ctx.db.select().from(notificationRecipients).where(eq(notificationRecipients.id, adminsRow));
    expect(row).toMatchObject({ readAt: null, dismissedAt: null });
    expect((await staff.request('PATCH', '/api/v1/notification_recipients/999999/dismiss')).statusCode).toBe(404);
  });

  it('requires the CSRF token like every other change', async () => {
    const staff = await signedIn('staff@kindling.test');
    const response = await staff.post('/api/v1/notification_recipients/mark_all_as_read', undefined, { csrf: false });
    expect(response.statusCode).toBe(403);
  });

  it("marks all read and dismisses all, touching only the caller's rows", async () => {
    await notifyOrganisation(ctx.db, gift(50));
    const staff = await signedIn('staff@kindling.test');
    const before = await list(staff);
    expect(before.unread_count).toBeGreaterThan(0);
    const markAll = await staff.post('/api/v1/notification_recipients/mark_all_as_read');
    expect(markAll.json()).toEqual({ updated: before.unread_count });
    expect((await list(staff)).unread_count).toBe(0);

    const manager = await signedIn('manager@kindling.test');
    const managerBefore = await list(manager);
    const dismissAll = await staff.post('/api/v1/notification_recipients/dismiss_all');
    expect(dismissAll.json()).toEqual({ updated: before.total });
    expect((await list(staff)).total).toBe(0);
    expect((await list(manager)).total).toBe(managerBefore.total);
  });
});
