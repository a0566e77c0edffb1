// All-or-nothing pledges through Stripe, against the local Stripe stand-in
// (docs/decisions/065-all-or-nothing-settlement.md, 071): the card is saved with a SetupIntent on the
// organisation's connected account for off-session use, charged off-session at the deadline, and a declined
// card is replaced through a new SetupIntent and charged by the next run.
import { ZCrowdfundingDetail, ZPledgeStarted, ZPledgeSummary } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DECLINING_PAYMENT_METHOD, useStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { createPaymentProviders } from '../payments/index.ts';
import { signedIn } from '../team/team.test-support.ts';
import { settleCampaign } from './crowdfunding-settlement.service.ts';

const API = '/api/v1';

describe('all-or-nothing pledges through Stripe', () => {
  const standIn = useStripeStandIn();
  const ctx = useTestApp({ env: standIn.env });

  it('saves the card with a SetupIntent, charges it off-session when the goal is met, and retries a new card', async () => {
    await ctx.db.execute(sql`UPDATE npos SET stripe_account_id = 'acct_riverside' WHERE slug = 'riverside-food-bank'`);
    const admin = await signedIn(ctx, 'admin@kindling.test');
    const visitor = new TestClient(ctx.app);
    const created = await admin.post(`${API}/npo_admin/crowdfunding`, {
      name: 'Stripe Pledge Drive',
      campaign_url: 'stripe-pledge-drive',
      goal_minor: 5000,
      funding_model: 'all_or_nothing',
    });
    const id = ZCrowdfundingDetail.parse(created.json()).id;
    await ctx.db.execute(sql`UPDATE campaigns SET status = 'active' WHERE id = ${id}`);
    await ctx.db.execute(
      sql`UPDATE crowdfunding_campaigns SET deadline = now() + interval '3 days' WHERE campaign_id = ${id}`,
    );
    const stripe = standIn.current();

    /** The browser's part: Stripe.js confirms the SetupIntent with a card, then the page confirms the pledge. */
    const saveCard = async (setup: { setup_id: string; reference: string }, paymentMethod: string) => {
      stripe.updateSetupIntent(setup.setup_id, { status: 'succeeded', payment_method: paymentMethod });
      return visitor.post(`${API}/crowdfunding_pledges/${setup.reference}/confirm`);
    };
    const start = async (email: string, amountMinor: number) => {
      const started = await visitor.post(`${API}/crowdfunding_page/stripe-pledge-drive/pledges`, {
        amount_minor: amountMinor,
        email,
      });
      expect(started.statusCode, started.body).toBe(201);
      return ZPledgeStarted.parse(started.json());
    };

    const good = await start('stripe-ok@example.org', 4000);
    expect(good).toMatchObject({
      provider: 'stripe',
      stripe_publishable_key: 'pk_test_kindling',
      stripe_account: 'acct_riverside',
    });
    const setupCall = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/setup_intents');
    expect(setupCall?.headers['stripe-account']).toBe('acct_riverside');
    expect(setupCall?.form).toMatchObject({ usage: 'off_session', 'metadata[pledge]': good.reference });
    // Not confirmed in the browser yet: the pledge does not count.
    expect((await visitor.post(`${API}/crowdfunding_pledges/${good.reference}/confirm`)).statusCode).toBe(409);
    expect((await saveCard(good, 'pm_card_visa')).json()).toMatchObject({ status: 'pledged' });
    const declining = await start('stripe-declined@example.org', 2000);
    expect((await saveCard(declining, DECLINING_PAYMENT_METHOD)).json()).toMatchObject({ status: 'pledged' });
    expect(stripe.requests.filter((r) => r.path === '/v1/payment_intents')).toEqual([]);

    await ctx.db.execute(
      sql`UPDATE crowdfunding_campaigns SET deadline = now() - interval '1 minute' WHERE campaign_id = ${id}`,
    );
    const deps = {
      db: ctx.db,
      providers: createPaymentProviders(ctx.config, ctx.db),
      mailer: ctx.mailer,
      origin: 'http://k.test',
    };
    expect(await settleCampaign(deps, id)).toMatchObject({ outcome: 'met', charged: 1, failed: 1 });
    const charges = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(charges.map((c) => [c.form.payment_method, c.form.off_session, c.form.confirm, c.form.amount])).toEqual([
      ['pm_card_visa', 'true', 'true', '4000'],
      [DECLINING_PAYMENT_METHOD, 'true', 'true', '2000'],
    ]);
    expect(charges.every((c) => c.headers['stripe-account'] === 'acct_riverside')).toBe(true);

    // The declined backer's link: a new SetupIntent for the same pledge, then the next run charges it.
    const again = await visitor.post(`${API}/crowdfunding_pledges/${declining.reference}/card`);
    expect(again.statusCode, again.body).toBe(201);
    const replacement = ZPledgeStarted.parse(again.json());
    expect(replacement.setup_id).not.toBe(declining.setup_id);
    expect((await saveCard(replacement, 'pm_card_mastercard')).json()).toMatchObject({ status: 'pledged' });
    expect(await settleCampaign(deps, id)).toMatchObject({ outcome: 'met', charged: 1, failed: 0 });
    const summary = ZPledgeSummary.parse(
      (await visitor.get(`${API}/crowdfunding_pledges/${declining.reference}`)).json(),
    );
    expect(summary.status).toBe('charged');
    const last = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').at(-1);
    expect(last?.form.payment_method).toBe('pm_card_mastercard');
  });
});
