import { REFUND_MESSAGES, ZDonationDetailResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

describe('refunds of a donation', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let finance: TestClient;
  let staff: TestClient;
  let outsider: TestClient;

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    finance = new TestClient(ctx.app);
    await finance.signIn('finance@kindling.test');
    staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'refund-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Refund Trust' });
  });

  /** A gift paid through the sandbox with the good card and recorded by confirm_payment. */
  const paidGift = async (amount: number, email: string) => {
    const gift = await payForGift(ctx, { amount, currency: 'USD', email });
    return (await gift.confirm()).id;
  };
  const refund = (client: TestClient, id: number, body: Record<string, unknown>) =>
    client.post(`/api/v1/npo_admin/donations/${id}/refunds`, { idempotency_key: crypto.randomUUID(), ...body });
  const stateOf = async (id: number) => {
    const donation = (await ctx.db.execute(sql`SELECT status, refunded_at FROM donations WHERE id = ${id}`))
      .rows[0] as { status: string; refunded_at: Date | null };
    const ledger = (
      await ctx.db.execute(
        sql`SELECT kind, amount_minor, base_amount_minor FROM ledger_entries WHERE donation_id = ${id} ORDER BY id`,
      )
    ).rows;
    const claims = (
      await ctx.db.execute(sql`SELECT count(*)::int AS n FROM donation_refunds WHERE donation_id = ${id}`)
    ).rows[0]?.n;
    return { status: donation.status, refundedAt: donation.refunded_at, ledger, claims };
  };

  it('refunds part, then the rest, through the sandbox: negative ledger rows, refunded only at the end', async () => {
    const id = await paidGift(5000, 'partial@example.org');
    const first = await refund(admin, id, { amount_minor: 1500, reason: 'Asked for part back' });
    expect(first.statusCode, first.body).toBe(200);
    const afterPart = ZDonationDetailResponse.parse(first.json()).donation;
    expect(afterPart).toMatchObject({
      status: 'succeeded',
      refunded_minor: 1500,
      refundable_minor: 3500,
      refundable: true,
      refunded_at: null,
    });
    expect(afterPart.refunds).toMatchObject([
      { amount_minor: 1500, reason: 'Asked for part back', created_by: 'Ada Admin' },
    ]);
    expect(afterPart.refunds[0]?.provider_refund_id).toMatch(/^re_/);

    const rest = await refund(finance, id, {});
    expect(rest.statusCode, rest.body).toBe(200);
    const afterAll = ZDonationDetailResponse.parse(rest.json()).donation;
    expect(afterAll).toMatchObject({
      status: 'refunded',
      refunded_minor: 5000,
      refundable_minor: 0,
      refundable: false,
    });
    expect(afterAll.refunded_at).not.toBeNull();

    const state = await stateOf(id);
    expect(state.ledger).toEqual([
      { kind: 'gift', amount_minor: 5000, base_amount_minor: 5000 },
      { kind: 'refund', amount_minor: -1500, base_amount_minor: -1500 },
      { kind: 'refund', amount_minor: -3500, base_amount_minor: -3500 },
    ]);
    const history = (await admin.get(`/api/v1/npo_admin/donations/${id}/history`)).json().history;
    expect(history.slice(0, 2).map((h: { action: string; actor: string }) => [h.action, h.actor])).toEqual([
      ['donation.refunded', 'Finn Finance'],
      ['donation.partially_refunded', 'Ada Admin'],
    ]);
  });

  it('refuses more than what is left, with a message for the amount, changing nothing', async () => {
    const id = await paidGift(2000, 'over@example.org');
    expect((await refund(admin, id, { amount_minor: 500 })).statusCode).toBe(200);
    const before = await stateOf(id);
    const over = await refund(admin, id, { amount_minor: 1501 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: REFUND_MESSAGES.overRefund,
      fields: { amount_minor: REFUND_MESSAGES.overRefund },
    });
    expect(await stateOf(id)).toEqual(before);
    expect((await refund(admin, id, { amount_minor: 1500 })).statusCode).toBe(200);
    const done = await refund(admin, id, { amount_minor: 1 });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(REFUND_MESSAGES.nothingLeft);
  });

  it('refunds once when the same request arrives twice', async () => {
    const id = await paidGift(3000, 'twice@example.org');
    const body = { amount_minor: 1000, idempotency_key: 'modal-key-0001' };
    const one = await admin.post(`/api/v1/npo_admin/donations/${id}/refunds`, body);
    const two = await admin.post(`/api/v1/npo_admin/donations/${id}/refunds`, body);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(ZDonationDetailResponse.parse(two.json()).donation.refunded_minor).toBe(1000);
    const state = await stateOf(id);
    expect(state.ledger.filter((l) => l.kind === 'refund')).toHaveLength(1);
    expect(state.claims).toBe(1);
  });

  it('never refunds more than the gift when two refunds arrive at once', async () => {
    const id = await paidGift(2000, 'race@example.org');
    const answers = await Promise.all([
      refund(admin, id, { amount_minor: 1500 }),
      refund(finance, id, { amount_minor: 1500 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const state = await stateOf(id);
    expect(state.ledger.filter((l) => l.kind === 'refund')).toEqual([
      { kind: 'refund', amount_minor: -1500, base_amount_minor: -1500 },
    ]);
    expect(state.status).toBe('succeeded');
  });

  it('finishes a refund whose request died after the provider was asked, once', async () => {
    const id = await paidGift(1800, 'stale@example.org');
    const key = 'stale-claim-0001';
    await ctx.db.execute(sql`
      INSERT INTO donation_refunds (npo_id, donation_id, idempotency_key, amount_minor, currency, created_at)
      SELECT npo_id, id, ${key}, 1800, currency, now() - interval '5 minutes' FROM donations WHERE id = ${id}`);
    const fresh = await refund(admin, id, { amount_minor: 100 });
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json().message).toBe(REFUND_MESSAGES.nothingLeft);
    const again = await admin.post(`/api/v1/npo_admin/donations/${id}/refunds`, { idempotency_key: key });
    expect(again.statusCode, again.body).toBe(200);
    expect(ZDonationDetailResponse.parse(again.json()).donation).toMatchObject({
      status: 'refunded',
      refunded_minor: 1800,
    });
    const state = await stateOf(id);
    expect(state.ledger.filter((l) => l.kind === 'refund')).toHaveLength(1);
    expect(state.claims).toBe(1);
  });

  it("shows the provider's message when it fails and changes nothing", async () => {
    // A gift whose payment the provider no longer holds (removed from the sandbox here): it refuses.
    const id = Number(
      (await ctx.db.execute(sql`SELECT id FROM donations WHERE provider_reference = 'seed_spring_001'`)).rows[0]?.id,
    );
    await ctx.db.execute(sql`DELETE FROM sandbox_payments WHERE id = 'seed_spring_001'`);
    const before = await stateOf(id);
    const res = await refund(admin, id, { amount_minor: 100 });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('No such payment.');
    expect(await stateOf(id)).toEqual(before);
    expect(before.claims).toBe(0);
  });

  it('lets only the admin group refund, and answers 404 to another organisation, changing nothing', async () => {
    const id = await paidGift(1200, 'roles@example.org');
    const before = await stateOf(id);
    expect((await refund(staff, id, { amount_minor: 100 })).statusCode).toBe(403);
    const anonymous = new TestClient(ctx.app);
    expect((await refund(anonymous, id, { amount_minor: 100 })).statusCode).toBe(401);
    expect((await refund(outsider, id, { amount_minor: 100 })).statusCode).toBe(404);
    expect((await outsider.get(`/api/v1/npo_admin/donations/${id}`)).statusCode).toBe(404);
    expect(await stateOf(id)).toEqual(before);
  });

  it('refuses a refund without an idempotency key or with a bad amount', async () => {
    const id = await paidGift(1000, 'bad@example.org');
    const noKey = await admin.post(`/api/v1/npo_admin/donations/${id}/refunds`, { amount_minor: 100 });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().fields).toHaveProperty('idempotency_key');
    const zero = await refund(admin, id, { amount_minor: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields).toHaveProperty('amount_minor');
  });
});
