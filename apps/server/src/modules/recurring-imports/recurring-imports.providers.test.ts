// Each imported row is checked with its provider before its plan is made, against the local
// stand-ins: Stripe (the customer and the card exist on the organisation's connected account and
// the card is saved on that customer; every request names that account) and PayPal (the vault
// token exists, for the customer the row names).
import { ZRecurringImportResponse, ZRecurringImportUploadResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayPalStandIn } from '../../../test/paypal-stand-in.ts';
import { useStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { csvUpload } from '../imports/imports.test-support.ts';
import { signedIn } from '../team/team.test-support.ts';

const API = '/api/v1/npo_admin/recurring_imports';
const HEADER =
  'first_name,last_name,email,amount,currency,interval,next_charge_date,provider,customer_id,payment_method_id,status,campaign_url';
const CREDENTIALS = { clientId: 'client-kindling', clientSecret: 'secret-kindling', webhookId: 'WH-KINDLING' };
const CARD = { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031 };

describe('recurring imports checked with Stripe and PayPal', () => {
  const stripe = useStripeStandIn();
  let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;
  beforeAll(async () => {
    paypal = await startPayPalStandIn(CREDENTIALS);
  });
  afterAll(async () => paypal?.close());
  const ctx = useTestApp({
    env: () => ({
      ...stripe.env(),
      PAYPAL_CLIENT_ID: CREDENTIALS.clientId,
      PAYPAL_CLIENT_SECRET: CREDENTIALS.clientSecret,
      PAYPAL_WEBHOOK_ID: CREDENTIALS.webhookId,
      PAYPAL_API_BASE: paypal.base,
      JOB_POLL_INTERVAL_SECONDS: '0.5',
    }),
  });
  let admin: TestClient;
  const next = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    await ctx.db.execute(
      sql`UPDATE npos SET stripe_account_id = 'acct_riverside', paypal_merchant_id = 'MERCHANTRIVER' WHERE slug = 'riverside-food-bank'`,
    );
  });

  const importFile = async (text: string) => {
    const { body, headers } = csvUpload(text, 'plans.csv');
    const up = await admin.request('POST', API, { body, headers });
    expect(up.statusCode, up.body).toBe(201);
    const id = ZRecurringImportUploadResponse.parse(up.json()).import.id;
    expect((await admin.post(`${API}/${id}/start`)).statusCode).toBe(202);
    for (let i = 0; i < 200; i += 1) {
      const s = ZRecurringImportResponse.parse((await admin.get(`${API}/${id}`)).json()).import;
      if (s.status === 'finished' || s.status === 'failed') return s;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the recurring import did not finish');
  };
  const planOf = async (email: string) =>
    (
      await ctx.db.execute<{
        provider: string;
        payment_method_id: string;
        customer_id: string;
        card_last4: string;
      }>(sql`
        SELECT p.provider, p.payment_method_id, p.customer_id, p.card_last4 FROM recurring_plans p
        JOIN donors d ON d.id = p.donor_id WHERE d.email = ${email}`)
    ).rows;

  it('makes a Stripe plan only when its customer and card exist on the connected account', async () => {
    const s = stripe.current();
    s.addCustomer('cus_moved1', 'acct_riverside');
    s.addCardMethod('pm_moved1', 'acct_riverside', CARD, 'cus_moved1');
    s.addCustomer('cus_moved2', 'acct_riverside');
    s.addCardMethod('pm_elsewhere', 'acct_riverside', CARD, 'cus_moved1');
    s.addCustomer('cus_other_account', 'acct_someone_else');
    const before = s.requests.length;
    const done = await importFile(
      [
        HEADER,
        `Ok,Stripe,ok.stripe@example.org,20.00,USD,monthly,${next},stripe,cus_moved1,pm_moved1,,`,
        `Unknown,Customer,unknown.customer@example.org,20.00,USD,monthly,${next},stripe,cus_nobody,pm_moved1,,`,
        `Other,Account,other.account@example.org,20.00,USD,monthly,${next},stripe,cus_other_account,pm_moved1,,`,
        `Unknown,Method,unknown.method@example.org,20.00,USD,monthly,${next},stripe,cus_moved2,pm_nothing,,`,
        `Not,Theirs,not.theirs@example.org,20.00,USD,monthly,${next},stripe,cus_moved2,pm_elsewhere,,`,
      ].join('\n'),
    );
    expect(done).toMatchObject({ status: 'finished', imported_count: 1, failed_count: 4 });
    expect(await planOf('ok.stripe@example.org')).toEqual([
      { provider: 'stripe', payment_method_id: 'pm_moved1', customer_id: 'cus_moved1', card_last4: '4242' },
    ]);
    for (const email of ['unknown.customer', 'other.account', 'unknown.method', 'not.theirs']) {
      expect(await planOf(`${email}@example.org`)).toEqual([]);
    }
    const errors = (await admin.get(`${API}/${done.id}/errors.csv`)).body;
    expect(errors).toContain('no customer cus_nobody on your connected Stripe account');
    expect(errors).toContain('no customer cus_other_account on your connected Stripe account');
    expect(errors).toContain('no payment method pm_nothing on your connected Stripe account');
    expect(errors).toContain('pm_elsewhere is not saved on customer cus_moved2');
    // Every call was a retrieve on the organisation's connected account.
    const calls = s.requests.slice(before);
    expect(calls.length).toBeGreaterThanOrEqual(8);
    for (const call of calls) {
      expect(call.method).toBe('GET');
      expect(call.path).toMatch(/^\/v1\/(customers|payment_methods)\//);
      expect(call.headers['stripe-account']).toBe('acct_riverside');
    }
  });

  it('makes a PayPal plan only for a vault token PayPal knows, for the customer named', async () => {
    paypal.addVaultToken('8kd73hVT', 'CUSTPAYPAL1');
    const done = await importFile(
      [
        HEADER,
        `Ok,PayPal,ok.paypal@example.org,15.00,USD,monthly,${next},paypal,CUSTPAYPAL1,8kd73hVT,,`,
        `No,Token,no.token@example.org,15.00,USD,monthly,${next},paypal,,unknownVT,,`,
        `Wrong,Customer,wrong.customer@example.org,15.00,USD,monthly,${next},paypal,CUSTSOMEONE,8kd73hVT,,`,
      ].join('\n'),
    );
    expect(done).toMatchObject({ status: 'finished', imported_count: 1, failed_count: 2 });
    expect(await planOf('ok.paypal@example.org')).toEqual([
      { provider: 'paypal', payment_method_id: '8kd73hVT', customer_id: 'CUSTPAYPAL1', card_last4: null },
    ]);
    expect(await planOf('no.token@example.org')).toEqual([]);
    expect(await planOf('wrong.customer@example.org')).toEqual([]);
    expect(
      paypal.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v3/vault/payment-tokens/')),
    ).toHaveLength(3);
    const errors = (await admin.get(`${API}/${done.id}/errors.csv`)).body;
    expect(errors).toContain('PayPal has no vault token unknownVT');
    expect(errors).toContain('not saved for PayPal customer CUSTSOMEONE');
  });
});
