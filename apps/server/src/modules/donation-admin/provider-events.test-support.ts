// Test support for refunds and disputes reported by a provider: signed sandbox events, and what
// staff see afterwards (the donation detail, its notifications, the organisation's figures).
import {
  type TDonationDetail,
  type TNotification,
  ZConfirmPaymentResponse,
  ZCreateIntentResponse,
  ZDonationDetailResponse,
  ZDonationListTotals,
  ZGiftAnalysis,
  ZHomeAnalysis,
  ZNotificationsResponse,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { useStripeStandIn } from '../../../test/stripe-stand-in.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { dayIn } from '../../platform/format/calendar.ts';
import type { ProviderEventType } from '../payments/index.ts';
import {
  buildSandboxEvent,
  type SandboxEventData,
  sandboxWebhookKey,
} from '../payments/providers/sandbox/sandbox.webhooks.ts';

const signer = new Stripe('sk_test_signer');

/**
 * Stripe's side of a provider-events test against the stand-in: a card gift to Spring Appeal
 * (intent, what Stripe.js does in the browser, confirm_payment) and Stripe events signed with
 * the endpoint secret (`secret` to sign with another one).
 */
export function stripeEvents(ctx: TestContext, standIn: ReturnType<typeof useStripeStandIn>, webhookSecret: string) {
  async function stripeGift(amount: number, email: string) {
    const client = new TestClient(ctx.app);
    const campaign = (await client.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal')).json().campaign;
    const choice = { campaign_id: campaign.campaign_id, amount, currency: 'usd', interval: 'once', included_fees: 0 };
    const created = await client.post('/api/v1/npo_admin/intent', { ...choice, email });
    expect(created.statusCode, created.body).toBe(200);
    const { intent } = ZCreateIntentResponse.parse(created.json());
    standIn.current().updateIntent(intent.id, { status: 'succeeded' });
    const confirmed = await client.post('/api/v1/npo_admin/confirm_payment', {
      ...choice,
      first_name: 'Lin',
      last_name: 'Huiyin',
      email,
      payment_intent: intent.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const donation = ZConfirmPaymentResponse.parse(confirmed.json()).donation;
    if (!donation) throw new Error('no donation recorded');
    return { id: donation.id, intentId: intent.id };
  }
  const send = (event: Record<string, unknown>, secret = webhookSecret) => {
    const payload = JSON.stringify({ object: 'event', api_version: '2025-01-27.acacia', livemode: false, ...event });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
      },
    });
  };
  return { stripeGift, send };
}

export type Delivery = { rawBody: string; headers: Record<string, string> };

export const deliver = (ctx: TestContext, delivery: Delivery) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/sandbox',
    payload: delivery.rawBody,
    headers: delivery.headers,
  });

/** A signed sandbox event about the payment `paymentId` of organisation `npoId`. */
export function sandboxEvent(
  ctx: TestContext,
  type: ProviderEventType,
  payment: { id: string; npoId: number; amountMinor: number; currency: string },
  extra: Pick<SandboxEventData, 'refund' | 'dispute' | 'failure_message'>,
): Delivery {
  return buildSandboxEvent(sandboxWebhookKey(ctx.config.sessionSecret), type, {
    id: payment.id,
    npo_id: payment.npoId,
    account_id: null,
    amount_minor: payment.amountMinor,
    currency: payment.currency,
    metadata: { npo_id: String(payment.npoId) },
    ...extra,
  });
}

export async function detailOf(client: TestClient, id: number): Promise<TDonationDetail> {
  const res = await client.get(`/api/v1/npo_admin/donations/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZDonationDetailResponse.parse(res.json()).donation;
}

/** The notifications of `kind` about this donation that a signed-in user sees, oldest first. */
export async function noticesAbout(client: TestClient, donationId: number, kind: string): Promise<TNotification[]> {
  const res = await client.get('/api/v1/notifications?per_page=100');
  expect(res.statusCode, res.body).toBe(200);
  return ZNotificationsResponse.parse(res.json())
    .notifications.filter((n) => n.kind === kind && n.metadata.donation_id === donationId)
    .reverse();
}

/** Today's gift figures of the signed-in organisation (gross, refunded, total) and its month raised. */
export async function figures(client: TestClient) {
  // "Today" is the organisation's day (decision 027), not UTC's: they differ for hours every night.
  const zone: string = (await client.get('/api/v1/refresh')).json().npo_user.npo.time_zone;
  const today = dayIn(new Date(), zone);
  const gifts = await client.get(`/api/v1/npo_admin/analysis/gifts?from=${today}&to=${today}`);
  expect(gifts.statusCode, gifts.body).toBe(200);
  const { gross, refunded, total, count } = ZGiftAnalysis.parse(gifts.json());
  const account = await client.get('/api/v1/npo_admin/account_details');
  expect(account.statusCode, account.body).toBe(200);
  const home = await client.get('/api/v1/npo_admin/analysis/home');
  expect(home.statusCode, home.body).toBe(200);
  const thisMonth = ZHomeAnalysis.parse(home.json()).raised_by_month.at(-1);
  const totals = await client.get('/api/v1/npo_admin/donations/totals');
  expect(totals.statusCode, totals.body).toBe(200);
  return {
    gross,
    refunded,
    total,
    count,
    monthlyRaised: Number(account.json().monthly_raised),
    /** The home page's chart: this month's bar. */
    homeMonth: thisMonth?.amount ?? 0,
    listBase: ZDonationListTotals.parse(totals.json()).base_amount_minor,
  };
}

/** Rows the provider events may have written for a donation: what must not double. */
export async function storedRows(ctx: TestContext, donationId: number) {
  const { rows } = await ctx.db.execute<{ refunds: number; disputes: number; ledger: number; notices: number }>(sql`
    SELECT
      (SELECT count(*)::int FROM donation_refunds WHERE donation_id = ${donationId}) AS refunds,
      (SELECT count(*)::int FROM donation_disputes WHERE donation_id = ${donationId}) AS disputes,
      (SELECT count(*)::int FROM ledger_entries WHERE donation_id = ${donationId} AND kind IN ('refund', 'dispute')) AS ledger,
      (SELECT count(*)::int FROM notifications WHERE metadata->>'donation_id' = ${String(donationId)}
        AND kind IN ('donation.refunded', 'donation.disputed')) AS notices`);
  return rows[0];
}
