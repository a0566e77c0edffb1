// Stripe redelivers a webhook event it thinks was not received (a slow answer, a timeout), several
// times and sometimes at once: a declined payment still counts once towards the card-testing
// limits (decision 025), so a real donor's one refusal never becomes a burst.
import { ZCreateIntentResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { stripeEvents } from '../donation-admin/provider-events.test-support.ts';

const WEBHOOK_SECRET = 'whsec_kindling_card_testing';
const DONOR = '198.51.100.23';

describe('card testing with Stripe redeliveries', () => {
  const standIn = useStripeStandIn();
  const ctx = useTestApp({ env: () => ({ ...standIn.env(), STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }) });
  const { send } = stripeEvents(ctx, standIn, WEBHOOK_SECRET);
  const donor = () => new TestClient(ctx.app, { remoteAddress: DONOR });
  let campaign: { campaign_id: number; npo_id: number };
  const choice = () => ({
    campaign_id: campaign.campaign_id,
    amount: 500,
    currency: 'usd',
    interval: 'once',
    included_fees: 0,
  });

  beforeAll(async () => {
    await ctx.db.execute(sql`UPDATE npos SET stripe_account_id = 'acct_riverside' WHERE slug = 'riverside-food-bank'`);
    campaign = (await donor().get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal')).json().campaign;
  });

  /** Stripe's payment_intent.payment_failed for the intent, declined with card `n`. */
  const declined = (eventId: string, intentId: string, n: number) =>
    send({
      id: eventId,
      type: 'payment_intent.payment_failed',
      account: 'acct_riverside',
      data: {
        object: {
          id: intentId,
          object: 'payment_intent',
          amount: 500,
          currency: 'usd',
          status: 'requires_payment_method',
          metadata: {
            npo_id: String(campaign.npo_id),
            campaign_id: String(campaign.campaign_id),
            client_ip: DONOR,
          },
          last_payment_error: {
            type: 'card_error',
            code: 'card_declined',
            message: 'Your card was declined.',
            payment_method: {
              id: `pm_${n}`,
              object: 'payment_method',
              card: { fingerprint: `fp_card_${n}`, last4: '0002' },
            },
          },
        },
      },
    });

  const newIntent = () => donor().post('/api/v1/npo_admin/intent', choice());

  it('counts one decline delivered five times (two of them at once) once', async () => {
    const created = await newIntent();
    expect(created.statusCode, created.body).toBe(200);
    const { intent } = ZCreateIntentResponse.parse(created.json());
    const deliveries = [
      await declined('evt_declined_once', intent.id, 1),
      ...(await Promise.all([
        declined('evt_declined_once', intent.id, 1),
        declined('evt_declined_once', intent.id, 1),
      ])),
      await declined('evt_declined_once', intent.id, 1),
      await declined('evt_declined_once', intent.id, 1),
    ];
    // Every delivery is acknowledged, so Stripe stops retrying.
    expect(deliveries.map((d) => d.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Five deliveries would have crossed the address limit (5) and the card limit (4).
    const next = await newIntent();
    expect(next.statusCode, next.body).toBe(200);
  });

  it('still asks for the challenge after five different declines from the address', async () => {
    const { intent } = ZCreateIntentResponse.parse((await newIntent()).json());
    for (let n = 2; n <= 5; n++) expect((await declined(`evt_declined_${n}`, intent.id, n)).statusCode).toBe(200);
    const next = await newIntent();
    expect(next.statusCode).toBe(428);
  });
});
