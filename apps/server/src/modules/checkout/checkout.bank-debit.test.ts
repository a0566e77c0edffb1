// Bank debits and the wallet button through the sandbox, as Stripe's test mode behaves: a debit is
// recorded pending when accepted, then settled "days later" (the staff demo action) succeeded or
// failed through the signed webhook, exactly once however often events arrive; the receipt goes
// out only for a debit that succeeded.
import {
  SANDBOX_DEBIT_MESSAGES,
  type TPublicCampaign,
  ZConfirmPaymentResponse,
  ZCreateIntentResponse,
} from '@kindling/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailTo, springAppeal } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { donations, ledgerEntries } from '../donations/donations.tables.ts';
import { buildSandboxEvent, sandboxWebhookKey } from '../payments/providers/sandbox/sandbox.webhooks.ts';
import { signedIn } from '../team/team.test-support.ts';

const ctx = useTestApp();

type Debit = { account: string; routing?: string };
const ACH_OK: Debit = { account: '000123456789', routing: '110000000' };
const ACH_FAILS: Debit = { account: '000111111113', routing: '110000000' };
const SEPA_OK: Debit = { account: 'DE89 3704 0044 0532 0130 00' };

describe('bank debits and the wallet button through the sandbox', () => {
  let admin: TestClient;
  let campaign: TPublicCampaign;
  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    campaign = await springAppeal(new TestClient(ctx.app));
  });

  async function intentFor(currency: string, email: string) {
    const donor = new TestClient(ctx.app);
    const choice = {
      campaign_id: campaign.campaign_id,
      amount: 5000,
      currency,
      interval: 'once',
      payment_method: 'card',
      included_fees: 0,
    };
    const res = await donor.post('/api/v1/npo_admin/intent', {
      ...choice,
      email,
      first_name: 'Grace',
      last_name: 'Hopper',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { intent } = ZCreateIntentResponse.parse(res.json());
    const pay = (body: Record<string, unknown>) =>
      donor.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, { client_secret: intent.client_secret, ...body });
    const confirm = async () => {
      const answer = await donor.post('/api/v1/npo_admin/confirm_payment', {
        ...choice,
        first_name: 'Grace',
        last_name: 'Hopper',
        email,
        payment_intent: intent.id,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return ZConfirmPaymentResponse.parse(answer.json());
    };
    return { intent, pay, confirm };
  }

  const debitOf = (d: Debit) => ({ bank_account: { holder: 'Grace Hopper', mandate: true, ...d } });
  const stored = async (reference: string) => {
    const [row] = await ctx.db.select().from(donations).where(eq(donations.providerReference, reference));
    if (!row) return null;
    const ledger = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.donationId, row.id));
    return { id: row.id, status: row.status, method: row.paymentMethod, ledger: ledger.map((l) => l.kind) };
  };
  const countOf = async (reference: string) =>
    Number(
      (
        await ctx.db.execute<{ n: string }>(
          sql`SELECT count(*) AS n FROM donations WHERE provider_reference = ${reference}`,
        )
      ).rows[0]?.n,
    );
  const settle = (id: number, client = admin) =>
    client.post(`/api/v1/npo_admin/donations/${id}/sandbox_debit_settle`, {});
  const redeliver = (
    type: 'payment.processing' | 'payment.succeeded' | 'payment.failed',
    id: string,
    email: string,
  ) => {
    const event = buildSandboxEvent(sandboxWebhookKey(ctx.config.sessionSecret), type, {
      id,
      npo_id: campaign.npo_id,
      account_id: null,
      amount_minor: 1,
      currency: 'USD',
      metadata: { npo_id: String(campaign.npo_id), campaign_id: String(campaign.campaign_id), donor_email: email },
    });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/sandbox',
      payload: event.rawBody,
      headers: event.headers,
    });
  };

  it('records an ACH debit as processing, then failed days later, without money or a receipt, once', async () => {
    const email = 'debit-fails@example.org';
    const { intent, pay, confirm } = await intentFor('USD', email);
    const accepted = await pay(debitOf(ACH_FAILS));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().status).toBe('processing');
    const answer = await confirm();
    expect(answer.status).toBe('processing');
    expect(answer.donation?.status).toBe('pending');
    expect(await stored(intent.id)).toMatchObject({ status: 'pending', method: 'bank_debit', ledger: [] });
    // The processing event, delivered again, changes nothing.
    expect((await redeliver('payment.processing', intent.id, email)).statusCode).toBe(200);
    expect(await countOf(intent.id)).toBe(1);

    const donationId = (await stored(intent.id))?.id ?? 0;
    const settled = await settle(donationId);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().donation.status).toBe('failed');
    expect(await stored(intent.id)).toMatchObject({ status: 'failed', ledger: [] });
    // Days later again, and the bank's event redelivered: still one failed gift.
    expect((await settle(donationId)).json().message).toBe(SANDBOX_DEBIT_MESSAGES.notProcessing);
    expect((await redeliver('payment.failed', intent.id, email)).statusCode).toBe(200);
    expect((await redeliver('payment.processing', intent.id, email)).statusCode).toBe(200);
    expect(await stored(intent.id)).toMatchObject({ status: 'failed', ledger: [] });
    expect(await countOf(intent.id)).toBe(1);
    expect(await mailTo(ctx.dataDir, email, 0, 300)).toHaveLength(0);
    // fix15: staff hear of it once, in their notifications, however often the event came.
    const listed = await admin.get('/api/v1/notifications?per_page=100');
    const failures = (
      listed.json().notifications as {
        kind: string;
        title: string;
        message: string;
        metadata: { donation_id?: number; link?: string };
      }[]
    ).filter((n) => n.kind === 'donation.debit_failed' && n.metadata.donation_id === donationId);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      title: 'Bank debit failed',
      message:
        'The bank refused Grace Hopper’s debit of $50.00 to Spring Appeal. The gift is marked failed and counts for nothing; no receipt was sent.',
      metadata: { link: `/dashboard/donation/${donationId}` },
    });
  });

  it('settles a SEPA debit as succeeded with its ledger rows and one receipt, however often the event comes', async () => {
    const email = 'debit-ok@example.org';
    const { intent, pay, confirm } = await intentFor('EUR', email);
    expect((await pay(debitOf(SEPA_OK))).json().status).toBe('processing');
    expect((await confirm()).status).toBe('processing');
    expect(await mailTo(ctx.dataDir, email, 0, 300)).toHaveLength(0);
    const donationId = (await stored(intent.id))?.id ?? 0;
    const settled = await settle(donationId);
    expect(settled.json().donation.status).toBe('succeeded');
    const mails = await mailTo(ctx.dataDir, email, 1, 1000);
    expect(mails.map((m) => m.subject).join(' | ')).toMatch(/receipt/i);
    await Promise.all([1, 2, 3].map(() => redeliver('payment.succeeded', intent.id, email)));
    // The browser's confirm comes back late too.
    expect((await confirm()).status).toBe('success');
    expect(await stored(intent.id)).toMatchObject({ status: 'succeeded', ledger: ['gift'] });
    expect(await countOf(intent.id)).toBe(1);
    expect(await mailTo(ctx.dataDir, email, mails.length, 1000)).toHaveLength(mails.length);
  });

  it('pays with the wallet button at once, recorded as a wallet gift', async () => {
    const { intent, pay, confirm } = await intentFor('USD', 'wallet@example.org');
    expect((await pay({ wallet: true })).json().status).toBe('succeeded');
    expect((await confirm()).status).toBe('success');
    expect(await stored(intent.id)).toMatchObject({ status: 'succeeded', method: 'wallet', ledger: ['gift'] });
  });

  it('refuses a debit from an account that is not a test account, or without the mandate, changing nothing', async () => {
    const { intent, pay } = await intentFor('USD', 'debit-bad@example.org');
    const unknown = await pay(debitOf({ account: '123', routing: '110000000' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ account: SANDBOX_DEBIT_MESSAGES.notTestAccount });
    const noMandate = await pay({ bank_account: { ...ACH_OK, holder: '', mandate: false } });
    expect(noMandate.json().fields).toEqual({
      holder: SANDBOX_DEBIT_MESSAGES.holder,
      mandate: SANDBOX_DEBIT_MESSAGES.mandate,
    });
    expect((await pay(debitOf({ account: ACH_OK.account, routing: '12' }))).json().fields).toEqual({
      routing: SANDBOX_DEBIT_MESSAGES.routing,
    });
    expect(await stored(intent.id)).toBeNull();
    // A currency without a bank-debit scheme.
    const pounds = await intentFor('GBP', 'debit-gbp@example.org');
    expect((await pounds.pay(debitOf(ACH_OK))).statusCode).toBe(400);
  });

  it('lets only the admin group of the organisation settle a processing sandbox debit', async () => {
    const { intent, pay, confirm } = await intentFor('USD', 'debit-access@example.org');
    await pay(debitOf(ACH_OK));
    await confirm();
    const id = (await stored(intent.id))?.id ?? 0;
    expect((await settle(id, new TestClient(ctx.app))).statusCode).toBe(401);
    expect((await settle(id, await signedIn(ctx, 'staff@kindling.test'))).statusCode).toBe(403);
    const northern = await signedIn(ctx, 'multi@kindling.test');
    const other = await ctx.db.execute<{ id: string }>(sql`SELECT id FROM npos WHERE slug = 'northern-lights-rescue'`);
    await northern.get(`/api/v1/npo_admin/select_npo?npo_id=${other.rows[0]?.id}&code=5150`);
    expect((await settle(id, northern)).statusCode).toBe(404);
    expect(await stored(intent.id)).toMatchObject({ status: 'pending' });
    // A card gift has nothing to settle.
    const card = await intentFor('USD', 'card-not-debit@example.org');
    await card.pay({ card_number: '4242424242424242', exp: '12/34', cvc: '123' });
    await card.confirm();
    const cardId = (await stored(card.intent.id))?.id ?? 0;
    expect((await settle(cardId)).statusCode).toBe(409);
    expect((await settle(id)).json().donation.status).toBe('succeeded');
  });
});
