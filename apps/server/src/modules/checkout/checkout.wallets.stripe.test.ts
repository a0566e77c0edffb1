// Wallets and bank debits with Stripe, against the local stand-in that checks every request:
// Apple Pay / Google Pay domains registered on the connected account from /admin/processors,
// intents naming the bank-debit method of the currency, and a debit's processing → succeeded or
// failed webhooks recorded exactly once however often Stripe redelivers them.
import { WALLET_DOMAIN_MESSAGES, ZConfirmPaymentResponse, ZCreateIntentResponse } from '@kindling/contracts';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { donations, ledgerEntries } from '../donations/donations.tables.ts';
import { signedIn } from '../team/team.test-support.ts';

const WEBHOOK_SECRET = 'whsec_kindling_wallets';
const ACCOUNT = 'acct_riverside';
const signer = new Stripe('sk_test_signer');

describe('wallets and bank debits with Stripe', () => {
  const standIn = useStripeStandIn();
  const ctx = useTestApp({ env: () => ({ ...standIn.env(), STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }) });
  let admin: TestClient;
  let springId = 0;
  let npoId = 0;
  beforeAll(async () => {
    await ctx.db.execute(sql`UPDATE npos SET stripe_account_id = ${ACCOUNT} WHERE slug = 'riverside-food-bank'`);
    admin = await signedIn(ctx, 'admin@kindling.test');
    npoId = Number(
      (await ctx.db.execute<{ id: string }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`)).rows[0]?.id,
    );
    springId = Number(
      (await ctx.db.execute<{ id: string }>(sql`SELECT id FROM campaigns WHERE campaign_url = 'spring-appeal'`)).rows[0]
        ?.id,
    );
  });
  const DOMAINS = '/api/v1/processors/stripe/payment_method_domains';

  it('registers a wallet domain on the connected account, for the admin group only', async () => {
    expect((await new TestClient(ctx.app).post(DOMAINS, { domain: 'give.example.org' })).statusCode).toBe(401);
    const staffRes = await (await signedIn(ctx, 'staff@kindling.test')).get(DOMAINS);
    expect(staffRes.statusCode, staffRes.body).toBe(403);
    const finance = await signedIn(ctx, 'finance@kindling.test');
    expect((await finance.get(DOMAINS)).statusCode).toBe(200);
    const fundraiser = await signedIn(ctx, 'fundraiser@kindling.test');
    expect((await fundraiser.post(DOMAINS, { domain: 'give.example.org' })).statusCode).toBe(403);
    const bad = await admin.post(DOMAINS, { domain: 'https://give.example.org/donate' });
    expect(bad.statusCode).toBe(400);
    expect(Object.values(bad.json().fields)).toContain(WALLET_DOMAIN_MESSAGES.domain);

    standIn.current().requests.length = 0;
    const done = await admin.post(DOMAINS, { domain: 'Give.Example.org' });
    expect(done.statusCode, done.body).toBe(200);
    const [call, ...more] = standIn.current().requests;
    expect(more).toEqual([]);
    expect(call).toMatchObject({ method: 'POST', path: '/v1/payment_method_domains' });
    expect(call?.headers['stripe-account']).toBe(ACCOUNT);
    expect(call?.form).toMatchObject({ domain_name: 'give.example.org', enabled: 'true' });
    expect(done.json().domains).toEqual([
      expect.objectContaining({ domain: 'give.example.org', apple_pay: 'active', google_pay: 'active' }),
    ]);
    // Registering again refreshes the one row; a domain Stripe cannot verify shows Apple Pay inactive.
    await admin.post(DOMAINS, { domain: 'give.example.org' });
    const unverified = (await admin.post(DOMAINS, { domain: 'donate.example.invalid' })).json();
    expect(unverified.domains.map((d: { domain: string; apple_pay: string }) => [d.domain, d.apple_pay])).toEqual([
      ['donate.example.invalid', 'inactive'],
      ['give.example.org', 'active'],
    ]);
    // Another organisation sees none of them.
    const northern = await signedIn(ctx, 'multi@kindling.test');
    const other = await ctx.db.execute<{ id: string }>(sql`SELECT id FROM npos WHERE slug = 'northern-lights-rescue'`);
    await northern.get(`/api/v1/npo_admin/select_npo?npo_id=${other.rows[0]?.id}&code=5150`);
    expect((await northern.get(DOMAINS)).json().domains).toEqual([]);
  });

  async function intentIn(currency: string) {
    const donor = new TestClient(ctx.app);
    const campaign = (await donor.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal')).json().campaign;
    const choice = { campaign_id: campaign.campaign_id, amount: 4000, currency, interval: 'once', included_fees: 0 };
    const hints = { email: 'ach@example.org', first_name: 'Ida', last_name: 'Wells' };
    standIn.current().requests.length = 0;
    const res = await donor.post('/api/v1/npo_admin/intent', { ...choice, ...hints });
    expect(res.statusCode, res.body).toBe(200);
    const { intent } = ZCreateIntentResponse.parse(res.json());
    const created = standIn.current().requests.find((r) => r.path === '/v1/payment_intents');
    const confirm = async () => {
      const answer = await donor.post('/api/v1/npo_admin/confirm_payment', {
        ...choice,
        ...hints,
        payment_intent: intent.id,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return ZConfirmPaymentResponse.parse(answer.json());
    };
    return { intent, form: created?.form ?? {}, confirm };
  }

  it('names the bank debit of the currency when the campaign narrows its methods', async () => {
    const put = await admin.put(`/api/v1/payment_settings/campaigns/${springId}/methods`, {
      methods: ['card', 'bank_debit'],
    });
    expect(put.statusCode, put.body).toBe(200);
    const dollars = await intentIn('USD');
    expect([dollars.form['payment_method_types[0]'], dollars.form['payment_method_types[1]']]).toEqual([
      'card',
      'us_bank_account',
    ]);
    const euros = await intentIn('EUR');
    expect(euros.form['payment_method_types[1]']).toBe('sepa_debit');
    const pounds = await intentIn('GBP');
    expect(pounds.form['payment_method_types[0]']).toBe('card');
    expect(pounds.form['payment_method_types[1]']).toBeUndefined();
    await admin.request('DELETE', `/api/v1/payment_settings/campaigns/${springId}/methods`);
  });

  const event = (type: string, intentId: string, id = `evt_${crypto.randomUUID()}`) => {
    const metadata = { npo_id: String(npoId), campaign_id: String(springId) };
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: '2025-01-27.acacia',
      livemode: false,
      type,
      account: ACCOUNT,
      // Stripe's event carries the intent as it is, metadata included.
      data: { object: { id: intentId, object: 'payment_intent', amount: 4000, currency: 'usd', metadata } },
    });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
    });
  };
  const stored = async (reference: string) => {
    const rows = await ctx.db.select().from(donations).where(eq(donations.providerReference, reference));
    const ledger = rows[0]
      ? await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.donationId, rows[0].id))
      : [];
    return { count: rows.length, status: rows[0]?.status, ledger: ledger.map((l) => l.kind) };
  };

  it('records an ACH debit pending on processing and succeeded once, however often Stripe redelivers', async () => {
    const { intent, confirm } = await intentIn('USD');
    standIn.current().updateIntent(intent.id, { status: 'processing' });
    // The webhook may come before the browser's confirm.
    await Promise.all([1, 2].map(() => event('payment_intent.processing', intent.id)));
    expect((await confirm()).status).toBe('processing');
    expect(await stored(intent.id)).toEqual({ count: 1, status: 'pending', ledger: [] });
    standIn.current().updateIntent(intent.id, { status: 'succeeded' });
    const succeeded = `evt_${crypto.randomUUID()}`;
    const answers = await Promise.all([1, 2, 3].map(() => event('payment_intent.succeeded', intent.id, succeeded)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    await event('payment_intent.processing', intent.id);
    expect(await stored(intent.id)).toEqual({ count: 1, status: 'succeeded', ledger: ['gift'] });
  });

  it('marks a debit failed when the bank refuses it days later, once, and never counts it', async () => {
    const { intent, confirm } = await intentIn('USD');
    standIn.current().updateIntent(intent.id, { status: 'processing' });
    expect((await confirm()).status).toBe('processing');
    // A failed event while Stripe still says processing changes nothing.
    await event('payment_intent.payment_failed', intent.id);
    expect(await stored(intent.id)).toMatchObject({ status: 'pending' });
    standIn.current().updateIntent(intent.id, {
      status: 'requires_payment_method',
      last_payment_error: { type: 'invalid_request_error', code: 'debit_not_authorized', message: 'Account closed.' },
    });
    await Promise.all([1, 2].map(() => event('payment_intent.payment_failed', intent.id)));
    expect(await stored(intent.id)).toEqual({ count: 1, status: 'failed', ledger: [] });
    const history = await ctx.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE action LIKE 'donation.debit_%' AND data->>'provider_reference' = ${intent.id}`,
    );
    expect(history.rows.map((r) => r.action)).toEqual(['donation.debit_failed']);
  });
});
