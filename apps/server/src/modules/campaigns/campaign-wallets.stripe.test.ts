// Which wallets the public form may show with Stripe (decision 041): Apple Pay and Google Pay
// through Stripe's Express Checkout Element need a domain Stripe verified on the organisation's
// connected account. Domains are registered from /admin/processors through the local stand-in that
// checks every request; the public campaign then says which wallets have one, still in one query.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queriesDuring } from '../../../test/pool-queries.ts';
import { useStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

const DOMAINS = '/api/v1/processors/stripe/payment_method_domains';
const PAGE = '/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal';

describe('wallet domains on the public campaign with Stripe', () => {
  const standIn = useStripeStandIn();
  const ctx = useTestApp({ env: () => ({ ...standIn.env() }) });
  beforeAll(async () => {
    await ctx.db.execute(sql`UPDATE npos SET stripe_account_id = 'acct_riverside' WHERE slug = 'riverside-food-bank'`);
    await ctx.db.execute(
      sql`UPDATE npos SET stripe_account_id = 'acct_northern' WHERE slug = 'northern-lights-rescue'`,
    );
  });
  const signedIn = async (email: string) => {
    const client = new TestClient(ctx.app);
    await client.signIn(email);
    return client;
  };
  const publicCampaign = async () => {
    const res = await new TestClient(ctx.app).get(PAGE);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().campaign;
  };

  it('shows no wallet before any domain is registered, though the organisation offers both', async () => {
    const campaign = await publicCampaign();
    expect(campaign.card_provider).toBe('stripe');
    expect(campaign.payment_methods).toEqual(expect.arrayContaining(['apple_pay', 'google_pay']));
    expect(campaign.wallet_domains).toEqual({ apple_pay: false, google_pay: false });
  });

  it('shows only what Stripe verified: Google Pay on an unverified domain, then both', async () => {
    const admin = await signedIn('admin@kindling.test');
    standIn.current().requests.length = 0;
    expect((await admin.post(DOMAINS, { domain: 'donate.example.invalid' })).statusCode).toBe(200);
    expect(standIn.current().requests.map((r) => [r.method, r.path, r.headers['stripe-account']])).toEqual([
      ['POST', '/v1/payment_method_domains', 'acct_riverside'],
    ]);
    expect((await publicCampaign()).wallet_domains).toEqual({ apple_pay: false, google_pay: true });

    expect((await admin.post(DOMAINS, { domain: 'give.example.org' })).statusCode).toBe(200);
    const { result: campaign, queries } = await queriesDuring(ctx.db, publicCampaign);
    expect(campaign.wallet_domains).toEqual({ apple_pay: true, google_pay: true });
    // The answer is part of the campaign's one statement, not a query of its own.
    expect(queries).toHaveLength(1);
  });

  it("never counts another organisation's domains", async () => {
    await ctx.db.execute(sql`DELETE FROM wallet_domains`);
    const northern = await signedIn('multi@kindling.test');
    const other = await ctx.db.execute<{ id: string }>(sql`SELECT id FROM npos WHERE slug = 'northern-lights-rescue'`);
    await northern.get(`/api/v1/npo_admin/select_npo?npo_id=${other.rows[0]?.id}&code=5150`);
    expect((await northern.post(DOMAINS, { domain: 'rescue.example.org' })).statusCode).toBe(200);
    expect((await publicCampaign()).wallet_domains).toEqual({ apple_pay: false, google_pay: false });
  });
});
