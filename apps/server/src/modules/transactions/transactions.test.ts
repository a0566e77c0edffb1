import { ZCreateIntentResponse, ZTransactionListResponse, ZTransactionResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payForGift, springAppeal } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

describe('transactions: every payment attempt', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  let staff: TestClient;
  let outsider: TestClient;

  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    staff = new TestClient(ctx.app);
    await staff.signIn('staff@kindling.test');
    outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'tx-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Transactions Trust' });
  });

  /** A donor whose card 4000 0000 0000 0002 is declined at the sandbox's card form. */
  async function declinedGift(email: string) {
    const donor = new TestClient(ctx.app);
    const campaign = await springAppeal(donor);
    const amounts = {
      campaign_id: campaign.campaign_id,
      peer_campaign_id: null,
      amount: 4200,
      currency: 'USD',
      interval: 'once',
      payment_method: 'card',
      included_fees: 0,
    };
    const created = await donor.post('/api/v1/npo_admin/intent', {
      ...amounts,
      first_name: 'Dee',
      last_name: 'Clined',
      email,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { intent } = ZCreateIntentResponse.parse(created.json());
    const declined = await donor.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      card_number: '4000000000000002',
      exp: '12/34',
      cvc: '123',
    });
    expect(declined.json().last_payment_error?.code).toBe('card_declined');
    return { intent, donor, amounts };
  }

  const attemptsFor = async (reference: string) => {
    for (let i = 0; i < 80; i++) {
      const { rows } = await ctx.db.execute(
        sql`SELECT status, failure_message, amount_minor, currency FROM payment_attempts WHERE provider_reference = ${reference}`,
      );
      if (rows.length > 0) return rows;
      await new Promise((r) => setTimeout(r, 50));
    }
    return [];
  };

  it("records a declined sandbox card with the provider's message, once, and lists it for staff", async () => {
    const { intent, donor, amounts } = await declinedGift('declined@example.org');
    expect(await attemptsFor(intent.id)).toEqual([
      { status: 'failed', failure_message: 'Your card was declined.', amount_minor: 4200, currency: 'USD' },
    ]);
    // The form's confirmation of the same declined intent reports the same failure: still one row.
    const confirm = await donor.post('/api/v1/npo_admin/confirm_payment', {
      ...amounts,
      first_name: 'Dee',
      last_name: 'Clined',
      email: 'declined@example.org',
      payment_intent: intent.id,
    });
    expect(confirm.json()).toMatchObject({ status: 'failed', message: 'Your card was declined.' });
    expect(await attemptsFor(intent.id)).toHaveLength(1);

    const list = await staff.get(`/api/v1/npo_admin/transactions?status=failed&search=${intent.id}`);
    expect(list.statusCode, list.body).toBe(200);
    const { transactions, total } = ZTransactionListResponse.parse(list.json());
    expect(total).toBe(1);
    expect(transactions[0]).toMatchObject({
      kind: 'attempt',
      status: 'failed',
      amount_minor: 4200,
      provider: 'sandbox',
      provider_reference: intent.id,
      email: 'declined@example.org',
      campaign_name: 'Spring Appeal',
      failure_message: 'Your card was declined.',
      donation_id: null,
    });
    const one = await staff.get(`/api/v1/npo_admin/transactions/${transactions[0]?.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(ZTransactionResponse.parse(one.json()).transaction.failure_message).toBe('Your card was declined.');
  });

  it('lists succeeded payments and refunds beside failed attempts, newest first, and searches', async () => {
    const gift = await payForGift(ctx, { amount: 3100, currency: 'USD', email: 'listed@example.org' });
    const { id } = await gift.confirm();
    const refund = await admin.post(`/api/v1/npo_admin/donations/${id}/refunds`, {
      amount_minor: 3100,
      idempotency_key: 'tx-list-refund',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const res = await staff.get('/api/v1/npo_admin/transactions?search=listed%40example.org');
    const { transactions } = ZTransactionListResponse.parse(res.json());
    expect(transactions.map((t) => [t.kind, t.status, t.amount_minor, t.donation_id])).toEqual([
      ['refund', 'refunded', -3100, id],
      ['payment', 'refunded', 3100, id],
    ]);
    const all = ZTransactionListResponse.parse((await staff.get('/api/v1/npo_admin/transactions?per_page=5')).json());
    expect(all.total).toBeGreaterThan(48);
    expect(all.transactions).toHaveLength(5);
    const times = all.transactions.map((t) => t.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('pages through every kind in one order and counts what each filter matches', async () => {
    const list = async (query: string) => {
      const res = await staff.get(`/api/v1/npo_admin/transactions?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return ZTransactionListResponse.parse(res.json());
    };
    const everything = async (query: string, perPage: number) => {
      const first = await list(`${query}&per_page=${perPage}`);
      const rows = [...first.transactions];
      for (let page = 2; rows.length < first.total; page++) {
        const next = await list(`${query}&per_page=${perPage}&page=${page}`);
        expect(next.transactions.length).toBeGreaterThan(0);
        rows.push(...next.transactions);
      }
      return { rows, total: first.total };
    };
    const all = await everything('', 100);
    expect(all.rows).toHaveLength(all.total);
    // tix18b: the demo Harvest Gala's ticket purchases (one order refunded whole, one in part) are listed beside the gifts.
    expect(new Set(all.rows.map((t) => t.kind))).toEqual(
      new Set(['payment', 'refund', 'attempt', 'ticket', 'ticket_refund', 'order_refund']),
    );
    // Small pages give the same rows in the same order: newest first, ties by kind then id.
    expect((await everything('', 7)).rows.map((t) => t.id)).toEqual(all.rows.map((t) => t.id));
    for (const status of ['succeeded', 'refunded', 'failed'] as const) {
      const filtered = await everything(`status=${status}`, 100);
      const expected = all.rows.filter((t) => t.status === status);
      expect(expected.length).toBeGreaterThan(0);
      expect(filtered.total).toBe(expected.length);
      expect(filtered.rows.map((t) => t.id)).toEqual(expected.map((t) => t.id));
    }
    // A page past the end is empty and still says how many there are.
    const beyond = await list(`per_page=100&page=${Math.ceil(all.total / 100) + 1}`);
    expect(beyond).toMatchObject({ transactions: [], total: all.total });
    // A payment is found by its exact provider reference.
    const payment = all.rows.find((t) => t.kind === 'payment' && t.provider_reference);
    const found = await list(`search=${encodeURIComponent(payment?.provider_reference ?? '')}`);
    expect(found.transactions.map((t) => t.id)).toContain(payment?.id);
  });

  it("keeps another organisation's transactions out of reach", async () => {
    const own = ZTransactionListResponse.parse((await staff.get('/api/v1/npo_admin/transactions')).json());
    const first = own.transactions[0]?.id ?? '';
    expect((await outsider.get(`/api/v1/npo_admin/transactions/${first}`)).statusCode).toBe(404);
    const theirs = ZTransactionListResponse.parse((await outsider.get('/api/v1/npo_admin/transactions')).json());
    expect(theirs.total).toBe(0);
    expect((await staff.get('/api/v1/npo_admin/transactions/bogus-1')).statusCode).toBe(400);
    expect((await new TestClient(ctx.app).get('/api/v1/npo_admin/transactions')).statusCode).toBe(401);
  });
});
