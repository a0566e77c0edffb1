// Refunds made at the payment provider (its dashboard, or a reversal) reach the gift through the
// signed webhook: status, refunded amount, ledger, the organisation's figures and one notice, once
// however often or however concurrently the event arrives, and never on top of a staff refund.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { deliver, detailOf, figures, noticesAbout, sandboxEvent, storedRows } from './provider-events.test-support.ts';

describe('refunds reported by the payment provider', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  let northernId: number;

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    const other = await ctx.db.execute<{ id: string }>(sql`SELECT id FROM npos WHERE slug = 'northern-lights-rescue'`);
    northernId = Number(other.rows[0]?.id);
  });

  const paidGift = async (amount: number, email: string) => {
    const gift = await payForGift(ctx, { amount, currency: 'USD', email });
    const donation = await gift.confirm();
    const payment = { id: gift.intent.id, npoId: gift.campaign.npo_id, amountMinor: amount, currency: 'USD' };
    return { id: donation.id, payment };
  };
  const refundEvent = (payment: Awaited<ReturnType<typeof paidGift>>['payment'], id: string, amount: number) =>
    sandboxEvent(ctx, 'refund.recorded', payment, { refund: { id, amount_minor: amount } });

  it('records a full refund made at the provider: refunded status, net figures, one notice naming the provider', async () => {
    const gift = await paidGift(5000, 'provider-full@example.org');
    const before = await figures(admin);

    const res = await deliver(ctx, refundEvent(gift.payment, 're_dashboard_full', 5000));
    expect(res.statusCode, res.body).toBe(200);

    const detail = await detailOf(admin, gift.id);
    expect(detail).toMatchObject({ status: 'refunded', refunded_minor: 5000, refundable_minor: 0, refundable: false });
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        amount_minor: 5000,
        provider_refund_id: 're_dashboard_full',
        created_by: null,
        source: 'provider',
      }),
    ]);
    expect(detail.ledger.filter((l) => l.kind === 'refund').map((l) => l.amount_minor)).toEqual([-5000]);

    const after = await figures(admin);
    expect(after.refunded - before.refunded).toBe(5000);
    expect(after.total - before.total).toBe(-5000);
    expect(after.monthlyRaised - before.monthlyRaised).toBe(-5000);
    expect(after.homeMonth - before.homeMonth).toBe(-5000);
    // The list's totals are the gifts as charged (status succeeded + refunded): unchanged by a refund.
    expect(after.listBase).toBe(before.listBase);

    const notices = await noticesAbout(staff, gift.id, 'donation.refunded');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: 'Donation refunded',
      message:
        'Ada Lovelace’s gift of $50.00 to Spring Appeal was refunded in full by the sandbox (not through Kindling).',
    });
    const history = await admin.get(`/api/v1/npo_admin/donations/${gift.id}/history`);
    expect(history.json().history[0]).toMatchObject({
      action: 'donation.refunded',
      actor: null,
      data: { provider: 'sandbox', provider_refund_id: 're_dashboard_full', actor: 'Sandbox' },
    });
  });

  it('records a partial refund once however often it is delivered, then the rest', async () => {
    const gift = await paidGift(4000, 'provider-partial@example.org');
    const first = refundEvent(gift.payment, 're_partial_1', 1500);
    for (let i = 0; i < 3; i++) expect((await deliver(ctx, first)).statusCode).toBe(200);
    // A new event naming the same refund (Stripe's charge.refunded lists every refund again).
    expect((await deliver(ctx, refundEvent(gift.payment, 're_partial_1', 1500))).statusCode).toBe(200);

    expect(await detailOf(admin, gift.id)).toMatchObject({
      status: 'succeeded',
      refunded_minor: 1500,
      refundable_minor: 2500,
    });
    expect(await storedRows(ctx, gift.id)).toMatchObject({ refunds: 1, ledger: 1, notices: 1 });

    expect((await deliver(ctx, refundEvent(gift.payment, 're_partial_2', 2500))).statusCode).toBe(200);
    expect(await detailOf(admin, gift.id)).toMatchObject({ status: 'refunded', refunded_minor: 4000 });
    const notices = await noticesAbout(staff, gift.id, 'donation.refunded');
    expect(notices.map((n) => n.title)).toEqual(['Donation partly refunded', 'Donation refunded']);
  });

  it('records one refund when deliveries of it arrive at the same time', async () => {
    const gift = await paidGift(3000, 'provider-concurrent@example.org');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => deliver(ctx, refundEvent(gift.payment, 're_concurrent', 1000))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await storedRows(ctx, gift.id)).toMatchObject({ refunds: 1, ledger: 1, notices: 1 });
    expect((await detailOf(admin, gift.id)).refunded_minor).toBe(1000);
  });

  it('does not record a staff refund a second time when the provider reports it afterwards', async () => {
    const gift = await paidGift(2500, 'provider-after-staff@example.org');
    const staffRefund = await admin.post(`/api/v1/npo_admin/donations/${gift.id}/refunds`, {
      idempotency_key: crypto.randomUUID(),
      amount_minor: 1000,
    });
    expect(staffRefund.statusCode, staffRefund.body).toBe(200);
    const providerRefundId = (await detailOf(admin, gift.id)).refunds[0]?.provider_refund_id;
    expect(providerRefundId).toMatch(/^re_sandbox_/);

    expect((await deliver(ctx, refundEvent(gift.payment, providerRefundId ?? '', 1000))).statusCode).toBe(200);

    expect(await detailOf(admin, gift.id)).toMatchObject({ refunded_minor: 1000, refundable_minor: 1500 });
    expect(await storedRows(ctx, gift.id)).toMatchObject({ refunds: 1, ledger: 1, notices: 1 });
    const [notice] = await noticesAbout(staff, gift.id, 'donation.refunded');
    expect(notice?.message).toBe('$10.00 of Ada Lovelace’s gift of $25.00 to Spring Appeal was refunded by Ada Admin.');
  });

  it('completes a staff refund still waiting for the provider when the webhook comes first, in the staff member’s name', async () => {
    const gift = await paidGift(3000, 'provider-webhook-first@example.org');
    // What refundDonation has stored while the provider call is on its way: a pending claim.
    await ctx.db.execute(sql`
      INSERT INTO donation_refunds (npo_id, donation_id, idempotency_key, amount_minor, currency, status, created_by_user_id)
      SELECT d.npo_id, d.id, 'staff-key-waiting-0001', 1200, 'USD', 'pending', u.id
      FROM donations d, users u WHERE d.id = ${gift.id} AND u.email = 'admin@kindling.test'`);

    expect((await deliver(ctx, refundEvent(gift.payment, 're_webhook_first', 1200))).statusCode).toBe(200);

    const detail = await detailOf(admin, gift.id);
    expect(detail.refunds).toEqual([
      expect.objectContaining({ provider_refund_id: 're_webhook_first', created_by: 'Ada Admin', source: 'kindling' }),
    ]);
    expect(detail).toMatchObject({ refunded_minor: 1200, refundable_minor: 1800 });
    const [notice] = await noticesAbout(staff, gift.id, 'donation.refunded');
    expect(notice?.message).toBe('$12.00 of Ada Lovelace’s gift of $30.00 to Spring Appeal was refunded by Ada Admin.');
    // The staff request, retried with its key, finds the refund done and adds nothing.
    const retried = await admin.post(`/api/v1/npo_admin/donations/${gift.id}/refunds`, {
      idempotency_key: 'staff-key-waiting-0001',
      amount_minor: 1200,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await storedRows(ctx, gift.id)).toMatchObject({ refunds: 1, ledger: 1, notices: 1 });
  });

  it('changes nothing for another organisation or an unknown payment, and still answers 200', async () => {
    const gift = await paidGift(2000, 'provider-wrong-org@example.org');
    const elsewhere = { ...gift.payment, npoId: northernId };
    expect((await deliver(ctx, refundEvent(elsewhere, 're_wrong_org', 2000))).statusCode).toBe(200);
    const unknown = { ...gift.payment, id: 'pi_sandbox_nobodyknows' };
    expect((await deliver(ctx, refundEvent(unknown, 're_unknown', 2000))).statusCode).toBe(200);

    expect(await detailOf(admin, gift.id)).toMatchObject({ status: 'succeeded', refunded_minor: 0 });
    expect(await storedRows(ctx, gift.id)).toMatchObject({ refunds: 0, ledger: 0, notices: 0 });
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM donation_refunds WHERE provider_refund_id IN ('re_wrong_org', 're_unknown')`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('refuses a badly signed refund event and changes nothing', async () => {
    const gift = await paidGift(2000, 'provider-bad-signature@example.org');
    const good = refundEvent(gift.payment, 're_forged', 2000);
    const forged = { ...good, rawBody: good.rawBody.replace('"amount_minor":2000', '"amount_minor":20') };
    const res = await deliver(ctx, forged);
    expect([400, 422]).toContain(res.statusCode);
    const unsigned = await deliver(ctx, { rawBody: good.rawBody, headers: { 'content-type': 'application/json' } });
    expect([400, 422]).toContain(unsigned.statusCode);
    expect(await detailOf(admin, gift.id)).toMatchObject({ status: 'succeeded', refunded_minor: 0 });
    expect(await storedRows(ctx, gift.id)).toMatchObject({ refunds: 0, ledger: 0, notices: 0 });
  });
});
