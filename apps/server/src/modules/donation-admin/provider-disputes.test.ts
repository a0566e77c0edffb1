// Disputes (chargebacks) reported by the payment provider: the amount leaves the figures when the
// dispute opens and comes back if it is won; a lost one keeps it gone and a gift with nothing left
// counts as refunded. The sandbox's own dispute simulation goes through the same signed webhook.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { createSandboxProvider, type SandboxProvider } from '../payments/providers/sandbox/sandbox.provider.ts';
import { deliver, detailOf, figures, noticesAbout, sandboxEvent, storedRows } from './provider-events.test-support.ts';

describe('disputes reported by the payment provider', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  /** The sandbox as a demo uses it: its events signed and posted to the app's webhook route. */
  let sandbox: SandboxProvider;

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    sandbox = createSandboxProvider({ db: ctx.db, sessionSecret: ctx.config.sessionSecret });
    sandbox.setWebhookSink(async (delivery) => {
      const res = await deliver(ctx, delivery);
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  const paidGift = async (amount: number, email: string) => {
    const gift = await payForGift(ctx, { amount, currency: 'USD', email });
    const donation = await gift.confirm();
    return { id: donation.id, account: { npoId: gift.campaign.npo_id, accountId: null }, intentId: gift.intent.id };
  };

  it('withdraws the amount when a dispute opens and returns it when the dispute is won', async () => {
    const gift = await paidGift(6000, 'dispute-won@example.org');
    const before = await figures(admin);

    const dispute = await sandbox.openDispute({
      account: gift.account,
      paymentId: gift.intentId,
      reason: 'fraudulent',
    });
    await sandbox.flushWebhooks();
    const opened = await detailOf(admin, gift.id);
    expect(opened).toMatchObject({ status: 'succeeded', refunded_minor: 0, refundable_minor: 0, refundable: false });
    expect(opened.disputes).toEqual([
      expect.objectContaining({
        provider_dispute_id: dispute.id,
        amount_minor: 6000,
        status: 'open',
        reason: 'fraudulent',
      }),
    ]);
    const whileOpen = await figures(admin);
    expect(whileOpen.total - before.total).toBe(-6000);
    expect(whileOpen.monthlyRaised - before.monthlyRaised).toBe(-6000);
    expect(whileOpen.homeMonth - before.homeMonth).toBe(-6000);

    await sandbox.closeDispute({
      account: gift.account,
      paymentId: gift.intentId,
      disputeId: dispute.id,
      outcome: 'won',
    });
    await sandbox.flushWebhooks();
    const won = await detailOf(admin, gift.id);
    expect(won).toMatchObject({ status: 'succeeded', refundable_minor: 6000 });
    expect(won.disputes[0]).toMatchObject({ status: 'won', closed_at: expect.any(String) });
    expect(won.ledger.filter((l) => l.kind === 'dispute').map((l) => l.amount_minor)).toEqual([-6000, 6000]);
    // The transactions page lists both movements, each opening its own page.
    const list = await admin.get('/api/v1/npo_admin/transactions?search=dispute-won%40example.org');
    expect(list.statusCode, list.body).toBe(200);
    const moves = list.json().transactions.filter((t: { kind: string }) => t.kind === 'dispute');
    expect(moves.map((t: { status: string; amount_minor: number }) => [t.status, t.amount_minor])).toEqual([
      ['dispute_won', 6000],
      ['disputed', -6000],
    ]);
    const one = await admin.get(`/api/v1/npo_admin/transactions/${moves[1].id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().transaction).toMatchObject({ kind: 'dispute', donation_id: gift.id });
    const after = await figures(admin);
    expect(after.total).toBe(before.total);
    expect(after.monthlyRaised).toBe(before.monthlyRaised);
    expect(after.homeMonth).toBe(before.homeMonth);

    const notices = await noticesAbout(staff, gift.id, 'donation.disputed');
    expect(notices.map((n) => n.title)).toEqual(['Donation disputed', 'Dispute won']);
    expect(notices[0]?.message).toBe(
      'The donor’s bank disputes $60.00 of Ada Lovelace’s gift to Spring Appeal; the provider has withdrawn it until the dispute is decided (reason: fraudulent).',
    );
    const history = (await admin.get(`/api/v1/npo_admin/donations/${gift.id}/history`)).json().history;
    expect(history.map((h: { action: string }) => h.action).slice(0, 2)).toEqual([
      'donation.dispute_won',
      'donation.dispute_opened',
    ]);
  });

  it('keeps the money gone when a dispute is lost, the gift then counting as refunded, once however often', async () => {
    const gift = await paidGift(3000, 'dispute-lost@example.org');
    const before = await figures(admin);
    const payment = { id: gift.intentId, npoId: gift.account.npoId, amountMinor: 3000, currency: 'USD' };
    const open = sandboxEvent(ctx, 'dispute.opened', payment, {
      dispute: { id: 'dp_lost', amount_minor: 3000, reason: 'product_not_received', outcome: null },
    });
    const lost = sandboxEvent(ctx, 'dispute.closed', payment, {
      dispute: { id: 'dp_lost', amount_minor: 3000, reason: 'product_not_received', outcome: 'lost' },
    });
    await Promise.all([deliver(ctx, open), deliver(ctx, open), deliver(ctx, open)]);
    expect(await storedRows(ctx, gift.id)).toMatchObject({ disputes: 1, ledger: 1, notices: 1 });
    for (let i = 0; i < 2; i++) expect((await deliver(ctx, lost)).statusCode).toBe(200);

    const detail = await detailOf(admin, gift.id);
    expect(detail).toMatchObject({ status: 'refunded', refundable: false });
    expect(detail.disputes).toEqual([expect.objectContaining({ status: 'lost', amount_minor: 3000 })]);
    expect(detail.ledger.filter((l) => l.kind === 'dispute').map((l) => l.amount_minor)).toEqual([-3000]);
    expect(await storedRows(ctx, gift.id)).toMatchObject({ disputes: 1, ledger: 1, notices: 2 });
    const after = await figures(admin);
    expect(after.total - before.total).toBe(-3000);
    // Like a gift refunded in full, it no longer counts as a gift.
    expect(after.count - before.count).toBe(-1);
    const notices = await noticesAbout(staff, gift.id, 'donation.disputed');
    expect(notices.map((n) => n.title)).toEqual(['Donation disputed', 'Dispute lost']);
  });

  it('records a lost dispute whose opening never arrived, and a staff refund cannot take the disputed money', async () => {
    const gift = await paidGift(5000, 'dispute-late@example.org');
    const payment = { id: gift.intentId, npoId: gift.account.npoId, amountMinor: 5000, currency: 'USD' };
    const lost = sandboxEvent(ctx, 'dispute.closed', payment, {
      dispute: { id: 'dp_part', amount_minor: 2000, reason: null, outcome: 'lost' },
    });
    expect((await deliver(ctx, lost)).statusCode).toBe(200);
    const detail = await detailOf(admin, gift.id);
    expect(detail).toMatchObject({ status: 'succeeded', refundable_minor: 3000 });
    expect(detail.ledger.filter((l) => l.kind === 'dispute').map((l) => l.amount_minor)).toEqual([-2000]);

    const tooMuch = await admin.post(`/api/v1/npo_admin/donations/${gift.id}/refunds`, {
      idempotency_key: crypto.randomUUID(),
      amount_minor: 3001,
    });
    expect(tooMuch.statusCode).toBe(400);
    const rest = await admin.post(`/api/v1/npo_admin/donations/${gift.id}/refunds`, {
      idempotency_key: crypto.randomUUID(),
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await detailOf(admin, gift.id)).toMatchObject({ status: 'refunded', refunded_minor: 3000 });
  });

  it('ignores a dispute of another organisation’s payment', async () => {
    const gift = await paidGift(2000, 'dispute-elsewhere@example.org');
    const payment = { id: gift.intentId, npoId: gift.account.npoId + 1000, amountMinor: 2000, currency: 'USD' };
    const open = sandboxEvent(ctx, 'dispute.opened', payment, {
      dispute: { id: 'dp_elsewhere', amount_minor: 2000, reason: null, outcome: null },
    });
    expect((await deliver(ctx, open)).statusCode).toBe(200);
    expect(await storedRows(ctx, gift.id)).toMatchObject({ disputes: 0, ledger: 0, notices: 0 });
  });

  it('lets an admin simulate a dispute on a sandbox gift for a demo, through the same webhook', async () => {
    const gift = await paidGift(2500, 'dispute-demo@example.org');
    const url = `/api/v1/npo_admin/donations/${gift.id}/sandbox_dispute`;
    expect((await staff.post(url, { action: 'open' })).statusCode).toBe(403);
    expect((await admin.post(url, { action: 'sideways' })).statusCode).toBe(400);
    expect((await admin.post(url, { action: 'win' })).json().message).toBe('This gift has no open dispute to decide.');

    const opened = await admin.post(url, { action: 'open' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().donation.disputes).toEqual([expect.objectContaining({ status: 'open', amount_minor: 2500 })]);
    expect((await admin.post(url, { action: 'open' })).statusCode).toBe(409);
    const lost = await admin.post(url, { action: 'lose' });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json().donation).toMatchObject({
      status: 'refunded',
      disputes: [expect.objectContaining({ status: 'lost' })],
    });
    expect(await storedRows(ctx, gift.id)).toMatchObject({ disputes: 1, ledger: 1, notices: 2 });

    // A gift whose payment the sandbox no longer holds, and another organisation's id, change nothing.
    const seeded = await ctx.db.execute<{ id: string }>(
      sql`SELECT id FROM donations WHERE provider_reference = 'seed_spring_001'`,
    );
    await ctx.db.execute(sql`DELETE FROM sandbox_payments WHERE id = 'seed_spring_001'`);
    const seededId = Number(seeded.rows[0]?.id);
    expect(
      (await admin.post(`/api/v1/npo_admin/donations/${seededId}/sandbox_dispute`, { action: 'open' })).statusCode,
    ).toBe(404);
    expect(await storedRows(ctx, seededId)).toMatchObject({ disputes: 0, ledger: 0 });
    const northern = new TestClient(ctx.app);
    await northern.signIn('multi@kindling.test');
    const other = await ctx.db.execute<{ id: string }>(sql`SELECT id FROM npos WHERE slug = 'northern-lights-rescue'`);
    await northern.get(`/api/v1/npo_admin/select_npo?npo_id=${other.rows[0]?.id}&code=5150`);
    const fresh = await paidGift(1000, 'dispute-demo-other@example.org');
    expect(
      (await northern.post(`/api/v1/npo_admin/donations/${fresh.id}/sandbox_dispute`, { action: 'open' })).statusCode,
    ).toBe(404);
    expect(await storedRows(ctx, fresh.id)).toMatchObject({ disputes: 0, ledger: 0 });
  });
});
