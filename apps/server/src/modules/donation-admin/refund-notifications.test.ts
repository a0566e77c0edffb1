import { type TNotification, ZNotificationsResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

describe('staff are told about refunds', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let finance: TestClient;
  let staff: TestClient;
  let northern: TestClient;
  let outsider: TestClient;

  const signedIn = async (email: string) => {
    const client = new TestClient(ctx.app);
    await client.signIn(email);
    return client;
  };

  beforeAll(async () => {
    admin = await signedIn('admin@kindling.test');
    finance = await signedIn('finance@kindling.test');
    staff = await signedIn('staff@kindling.test');
    // A member of both demo organisations, looking at the other one.
    northern = await signedIn('multi@kindling.test');
    const other = await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'northern-lights-rescue'`);
    await northern.get(`/api/v1/npo_admin/select_npo?npo_id=${other.rows[0]?.id}&code=5150`);
    outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'refund-notice-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Notice Trust' });
  });

  const paidGift = async (amount: number, email: string) => {
    const gift = await payForGift(ctx, { amount, currency: 'USD', email });
    return (await gift.confirm()).id;
  };
  const refund = (client: TestClient, id: number, body: Record<string, unknown>) =>
    client.post(`/api/v1/npo_admin/donations/${id}/refunds`, { idempotency_key: crypto.randomUUID(), ...body });

  /** The refund notifications a signed-in user sees about this donation, oldest first. */
  const refundNotices = async (client: TestClient, donationId: number): Promise<TNotification[]> => {
    const res = await client.get('/api/v1/notifications?per_page=100');
    expect(res.statusCode, res.body).toBe(200);
    return ZNotificationsResponse.parse(res.json())
      .notifications.filter((n) => n.kind === 'donation.refunded' && n.metadata.donation_id === donationId)
      .reverse();
  };
  /** Every refund notification stored about this donation, whichever organisation it went to. */
  const storedNotices = async (donationId: number) =>
    (
      await ctx.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM notifications
        WHERE kind = 'donation.refunded' AND metadata->>'donation_id' = ${String(donationId)}`)
    ).rows[0]?.n;

  it('tells the organisation once per refund, partial then the rest, with amount, currency and link', async () => {
    const id = await paidGift(5000, 'notice-partial@example.org');
    expect((await refund(admin, id, { amount_minor: 1500, reason: 'Asked for part back' })).statusCode).toBe(200);

    const afterPart = await refundNotices(staff, id);
    expect(afterPart).toHaveLength(1);
    expect(afterPart[0]).toMatchObject({
      title: 'Donation partly refunded',
      message: '$15.00 of Ada Lovelace’s gift of $50.00 to Spring Appeal was refunded by Ada Admin.',
      metadata: { link: `/dashboard/donation/${id}`, amount_minor: 1500, currency: 'USD', full: false },
    });

    expect((await refund(finance, id, {})).statusCode).toBe(200);
    const afterAll = await refundNotices(staff, id);
    expect(afterAll).toHaveLength(2);
    expect(afterAll[1]).toMatchObject({
      title: 'Donation refunded',
      message: 'The remaining $35.00 of Ada Lovelace’s gift of $50.00 to Spring Appeal was refunded by Finn Finance.',
      metadata: { link: `/dashboard/donation/${id}`, amount_minor: 3500, currency: 'USD', full: true },
    });
    expect(await refundNotices(admin, id)).toHaveLength(2);

    // Nobody outside the organisation hears of it.
    expect(await refundNotices(northern, id)).toEqual([]);
    expect(await refundNotices(outsider, id)).toEqual([]);
    expect(await storedNotices(id)).toBe(2);
  });

  it('words a refund in full, and a repeated request adds no second notification', async () => {
    const id = await paidGift(2000, 'notice-full@example.org');
    const body = { idempotency_key: 'notice-full-key-0001' };
    expect((await admin.post(`/api/v1/npo_admin/donations/${id}/refunds`, body)).statusCode).toBe(200);
    expect((await admin.post(`/api/v1/npo_admin/donations/${id}/refunds`, body)).statusCode).toBe(200);
    const notices = await refundNotices(staff, id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: 'Donation refunded',
      message: 'Ada Lovelace’s gift of $20.00 to Spring Appeal was refunded in full by Ada Admin.',
      metadata: { link: `/dashboard/donation/${id}`, amount_minor: 2000, currency: 'USD', full: true },
    });
    expect(await storedNotices(id)).toBe(1);
  });

  it('says nothing when the refund fails or is refused', async () => {
    // A gift whose payment the provider no longer holds (removed from the sandbox here): it refuses.
    const seeded = Number(
      (await ctx.db.execute(sql`SELECT id FROM donations WHERE provider_reference = 'seed_spring_001'`)).rows[0]?.id,
    );
    await ctx.db.execute(sql`DELETE FROM sandbox_payments WHERE id = 'seed_spring_001'`);
    expect((await refund(admin, seeded, { amount_minor: 100 })).statusCode).toBe(502);
    expect(await storedNotices(seeded)).toBe(0);

    const id = await paidGift(1000, 'notice-refused@example.org');
    expect((await refund(admin, id, { amount_minor: 1001 })).statusCode).toBe(400);
    expect((await refund(staff, id, { amount_minor: 100 })).statusCode).toBe(403);
    expect((await refund(outsider, id, { amount_minor: 100 })).statusCode).toBe(404);
    expect(await storedNotices(id)).toBe(0);
    expect(await refundNotices(admin, id)).toEqual([]);
  });
});
