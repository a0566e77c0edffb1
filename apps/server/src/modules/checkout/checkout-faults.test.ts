// Faults donors hit on the card path: a gift changed after going back from payment updates the
// intent already made, and the typed amount is held to each currency's limits with a message that
// names the limit in that currency.
import { type TPublicCampaign, ZCreateIntentResponse } from '@kindling/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
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

const isNice = (major: number) => {
  const power = 10 ** Math.floor(Math.log10(major));
  return [1, 2, 2.5, 5, 10].some((step) => Math.abs(major / power - step) < 1e-9);
};

describe('limits and presets per currency', () => {
  let campaign: TPublicCampaign;

  beforeAll(async () => {
    const admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
    const created = await admin.post('/api/v1/npo_admin/campaigns', {
      name: 'Warm Homes',
      campaign_url: 'warm-homes-limits',
      status: 'active',
      currency: 'USD',
      currencies: ['USD', 'EUR', 'JPY'],
      // Presets only: a gift must be one of them, at face value or as converted.
      user_amount_enable: false,
      max_amount_minor: 100_000,
      amounts: [
        { amount_minor: 2500, interval: 'once', description: '' },
        { amount_minor: 10000, interval: 'once', description: '' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await new TestClient(ctx.app).get('/api/v1/npo_admin/campaign_page?campaign_url=warm-homes-limits');
    expect(res.statusCode).toBe(200);
    campaign = res.json().campaign;
  });

  it('serves the presets converted and rounded to nice amounts, with the organisation’s locale', () => {
    expect(campaign.locale).toBe('en-US');
    const yen = campaign.currency_amounts?.JPY ?? [];
    expect(yen.map((a) => a.id)).toEqual(campaign.amounts.map((a) => a.id));
    // $25 is thousands of yen, not ¥25; each converted preset is a nice figure.
    for (const a of yen) {
      expect(a.amount_minor).toBeGreaterThan(1000);
      expect(isNice(a.amount_minor)).toBe(true);
    }
    const euros = campaign.currency_amounts?.EUR ?? [];
    for (const a of euros) expect(isNice(a.amount_minor / 100)).toBe(true);
    expect(campaign.currency_amounts?.USD).toBeUndefined();
  });

  it('serves each currency’s limits: the providers’ minimum and the campaign maximum converted', () => {
    expect(campaign.amount_limits?.USD).toEqual({ min_minor: 50, max_minor: 100_000 });
    expect(campaign.amount_limits?.JPY?.min_minor).toBe(50);
    expect(campaign.amount_limits?.JPY?.max_minor).toBeGreaterThan(10_000);
  });

  const intent = (extra: Record<string, unknown>) =>
    new TestClient(ctx.app).post('/api/v1/npo_admin/intent', intentBody(campaign, extra));

  it('refuses $0.01 with the minimum, naming it in dollars', async () => {
    const res = await intent({ amount: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ amount: 'The smallest donation in USD is $0.50.' });
  });

  it('refuses more than the campaign maximum, in that currency', async () => {
    const res = await intent({ amount: 100_001 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ amount: 'The largest donation in USD is $1,000.' });
    const max = campaign.amount_limits?.JPY?.max_minor ?? 0;
    const yen = await intent({ amount: 99_999_999_999, currency: 'jpy' });
    expect(yen.statusCode).toBe(400);
    expect(yen.json().fields.amount).toBe(`The largest donation in JPY is ¥${max.toLocaleString('en-US')}.`);
  });

  it('takes a converted preset as one of the campaign’s amounts', async () => {
    const yen = campaign.currency_amounts?.JPY?.[0]?.amount_minor ?? 0;
    const res = await intent({ amount: yen, currency: 'jpy' });
    expect(res.statusCode, res.body).toBe(200);
    // The old face value (¥2,500 for $25) is not one of them.
    const face = await intent({ amount: 2500 * 3, currency: 'jpy' });
    expect(face.json().fields).toEqual({ amount: 'Choose one of the campaign’s amounts.' });
  });
});
