// Organisation-locale formatting of the staff notice a gift writes (decision 027): the amount is in
// the organisation's locale, which comes with the campaign the gift path already reads.
import { type TPublicCampaign, ZCreateIntentResponse } from '@kindling/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { notifications } from '../notifications/notifications.tables.ts';

const ctx = useTestApp();

describe('the staff notice of a card gift', () => {
  beforeAll(async () => {
    await ctx.db.execute(sql`UPDATE npos SET locale = 'de-DE' WHERE slug = 'riverside-food-bank'`);
  });

  it('writes the amount as the organisation does (de-DE), naming the campaign', async () => {
    const client = new TestClient(ctx.app);
    const page = await client.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal');
    const campaign: TPublicCampaign = page.json().campaign;
    const created = await client.post('/api/v1/npo_admin/intent', {
      campaign_id: campaign.campaign_id,
      peer_campaign_id: null,
      amount: 5000,
      currency: 'usd',
      interval: 'once',
      payment_method: 'card',
      included_fees: 0,
    });
    expect(created.statusCode, created.body).toBe(200);
    const intent = ZCreateIntentResponse.parse(created.json()).intent;
    const paid = await client.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      card_number: '4242424242424242',
      exp: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode).toBe(200);
    const confirmed = await client.post('/api/v1/npo_admin/confirm_payment', {
      campaign_id: campaign.campaign_id,
      peer_campaign_id: null,
      amount: 5000,
      currency: 'usd',
      interval: 'once',
      payment_method: 'card',
      included_fees: 0,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada.locale@example.org',
      payment_intent: intent.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const donationId = confirmed.json().donation.id;
    const rows = await ctx.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(
        and(
          eq(notifications.npoId, campaign.npo_id),
          eq(notifications.kind, 'donation.received'),
          sql`${notifications.metadata}->>'donation_id' = ${String(donationId)}`,
        ),
      );
    expect(rows).toEqual([{ message: `Ada Lovelace gave 50,00\u00a0$ to ${campaign.name}.` }]);
  });
});
