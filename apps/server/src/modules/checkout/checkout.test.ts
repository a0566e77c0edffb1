// The card path end to end against the sandbox provider: intent, the sandbox card form's confirm
// call, confirm_payment, webhooks, and what staff are told.
import { addFeeCover, type TPublicCampaign, ZConfirmPaymentResponse, ZCreateIntentResponse } from '@kindling/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { donations } from '../donations/donations.tables.ts';
import { notifications } from '../notifications/notifications.tables.ts';

const ctx = useTestApp();
const GOOD_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';

async function springAppeal(client: TestClient): Promise<TPublicCampaign> {
  const res = await client.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal');
  expect(res.statusCode).toBe(200);
  return res.json().campaign;
}

const intentBody = (campaign: TPublicCampaign, extra: Record<string, unknown> = {}) => ({
  campaign_id: campaign.campaign_id,
  peer_campaign_id: null,
  amount: 5000,
  currency: 'usd',
  interval: 'once',
  payment_method: 'card',
  included_fees: 0,
  ...extra,
});

async function createIntent(client: TestClient, campaign: TPublicCampaign, extra: Record<string, unknown> = {}) {
  const res = await client.post('/api/v1/npo_admin/intent', intentBody(campaign, extra));
  expect(res.statusCode, res.body).toBe(200);
  return ZCreateIntentResponse.parse(res.json()).intent;
}

/** What the sandbox card form does in the browser. */
async function payWithCard(client: TestClient, intent: { id: string; client_secret: string }, card = GOOD_CARD) {
  return client.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
    client_secret: intent.client_secret,
    card_number: card,
    exp: '12/34',
    cvc: '123',
  });
}

const donor = (email: string) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  add_to_donor_wall: false,
  show_amount_on_donor_wall: true,
  comment: 'Keep it up',
});

const confirmBody = (
  campaign: TPublicCampaign,
  intentId: string,
  email: string,
  extra: Record<string, unknown> = {},
) => ({
  ...intentBody(campaign),
  ...donor(email),
  payment_intent: intentId,
  ...extra,
});

const donationsFor = (reference: string) =>
  ctx.db.select().from(donations).where(eq(donations.providerReference, reference));

const receivedNotifications = async (npoId: number, donationId: number) => {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.npoId, npoId), eq(notifications.kind, 'donation.received')));
  return rows.filter((n) => JSON.stringify(n).includes(`"donation_id":${donationId}`));
};

describe('POST /npo_admin/intent', () => {
  it('creates a sandbox intent for an allowed amount with fee cover', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const total = addFeeCover(5000);
    const res = await client.post(
      '/api/v1/npo_admin/intent',
      intentBody(campaign, { amount: total.totalMinor, included_fees: total.feeMinor }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = ZCreateIntentResponse.parse(res.json());
    expect(body.provider).toBe('sandbox');
    expect(body.intent.client_secret).toContain(body.intent.id);
  });

  it('takes a call without the CSRF token (an embed on another site has no cookie) but refuses a foreign origin', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const bare = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/npo_admin/intent',
      payload: intentBody(campaign),
      headers: { origin: 'http://localhost' },
    });
    expect(bare.statusCode, bare.body).toBe(200);
    // Nothing for the form to keep: no CSRF cookie is minted for an anonymous payment call.
    expect(bare.headers['set-cookie']).toBeUndefined();
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/npo_admin/intent',
      payload: intentBody(campaign),
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/npo_admin/intent',
      payload: intentBody(campaign),
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('answers 404 for an unknown or draft campaign', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const unknown = await client.post('/api/v1/npo_admin/intent', intentBody(campaign, { campaign_id: 999999 }));
    expect(unknown.statusCode).toBe(404);
    const [draft] = await ctx.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.campaignUrl, 'summer-lunch-club'));
    const res = await client.post('/api/v1/npo_admin/intent', intentBody(campaign, { campaign_id: draft?.id }));
    expect(res.statusCode).toBe(404);
  });

  it('refuses a currency the campaign does not take, naming the ones it does', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const res = await client.post('/api/v1/npo_admin/intent', intentBody(campaign, { currency: 'JPY' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This campaign does not accept JPY. Choose one of USD, EUR, GBP.');
  });

  it('refuses an amount that is not a preset when the campaign takes no other amounts', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    await ctx.db.update(campaigns).set({ userAmountEnable: false }).where(eq(campaigns.id, campaign.campaign_id));
    try {
      const odd = await client.post('/api/v1/npo_admin/intent', intentBody(campaign, { amount: 1234 }));
      expect(odd.statusCode).toBe(400);
      expect(odd.json().message).toBe('Choose one of the campaign’s amounts.');
      const preset = await client.post('/api/v1/npo_admin/intent', intentBody(campaign, { amount: 2500 }));
      expect(preset.statusCode).toBe(200);
    } finally {
      await ctx.db.update(campaigns).set({ userAmountEnable: true }).where(eq(campaigns.id, campaign.campaign_id));
    }
  });

  it('refuses a fee cover that does not match the amount', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const res = await client.post('/api/v1/npo_admin/intent', intentBody(campaign, { included_fees: 1 }));
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /npo_admin/confirm_payment', () => {
  it('records the provider’s amount once, ignoring a tampered amount, and tells staff once', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const intent = await createIntent(client, campaign);
    expect((await payWithCard(client, intent)).statusCode).toBe(200);

    const tampered = confirmBody(campaign, intent.id, 'ada@example.org', { amount: 1, currency: 'GBP' });
    const first = await client.post('/api/v1/npo_admin/confirm_payment', tampered);
    expect(first.statusCode, first.body).toBe(200);
    const body = ZConfirmPaymentResponse.parse(first.json());
    expect(body.status).toBe('success');
    expect(body.donation).toMatchObject({ amount_minor: 5000, currency: 'USD', comment: 'Keep it up' });
    // The donor-wall rule: off the wall, no sub-options.
    expect(body.donation?.show_amount_on_donor_wall).toBe(false);

    const second = await client.post('/api/v1/npo_admin/confirm_payment', tampered);
    expect(second.json().donation.id).toBe(body.donation?.id);
    expect(await donationsFor(intent.id)).toHaveLength(1);
    expect(await receivedNotifications(campaign.npo_id, body.donation?.id ?? 0)).toHaveLength(1);
  });

  it('keeps the campaign’s designation and answers, and drops another campaign’s', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const intent = await createIntent(client, campaign);
    await payWithCard(client, intent);
    const [question] = campaign.questions;
    const res = await client.post(
      '/api/v1/npo_admin/confirm_payment',
      confirmBody(campaign, intent.id, 'grace@example.org', {
        designation: campaign.designations[1]?.id,
        answers: { [String(question?.id)]: 'Local news', '999999': 'ignored' },
      }),
    );
    const donation = ZConfirmPaymentResponse.parse(res.json()).donation;
    expect(donation?.designation).toBe(campaign.designations[1]?.name);
    expect(donation?.answers).toEqual([
      { question_id: question?.id, question: question?.content, answer: 'Local news' },
    ]);

    const other = await createIntent(client, campaign);
    await payWithCard(client, other);
    const foreign = await client.post(
      '/api/v1/npo_admin/confirm_payment',
      confirmBody(campaign, other.id, 'grace@example.org', { designation: 999999 }),
    );
    expect(foreign.json().donation.designation_id).toBeNull();
  });

  it('answers failed with the provider’s message for a declined card and records nothing', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const intent = await createIntent(client, campaign);
    const declined = await payWithCard(client, intent, DECLINED_CARD);
    expect(declined.json().last_payment_error?.code).toBe('card_declined');
    const res = await client.post(
      '/api/v1/npo_admin/confirm_payment',
      confirmBody(campaign, intent.id, 'x@example.org'),
    );
    const body = ZConfirmPaymentResponse.parse(res.json());
    expect(body.status).toBe('failed');
    expect(body.message).toBe(declined.json().last_payment_error.message);
    expect(await donationsFor(intent.id)).toHaveLength(0);
  });

  it('refuses to record a payment under a different campaign than the one it was made for', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const intent = await createIntent(client, campaign);
    await payWithCard(client, intent);
    // A second active campaign of the same organisation.
    const [lunch] = await ctx.db
      .update(campaigns)
      .set({ status: 'active' })
      .where(eq(campaigns.campaignUrl, 'summer-lunch-club'))
      .returning({ id: campaigns.id });
    const other = await client
      .post('/api/v1/npo_admin/confirm_payment', {
        ...confirmBody(campaign, intent.id, 'x@example.org'),
        campaign_id: lunch?.id,
      })
      .finally(() =>
        ctx.db
          .update(campaigns)
          .set({ status: 'draft' })
          .where(eq(campaigns.id, lunch?.id ?? 0)),
      );
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('This payment does not belong to this campaign.');
    expect(await donationsFor(intent.id)).toHaveLength(0);
  });

  it('answers 404 for a payment that does not exist', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const res = await client.post(
      '/api/v1/npo_admin/confirm_payment',
      confirmBody(campaign, 'pi_nope', 'x@example.org'),
    );
    expect(res.statusCode).toBe(404);
    const count = await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM donations WHERE provider_reference = 'pi_nope'`,
    );
    expect(count.rows[0]).toEqual({ n: 0 });
  });
});
