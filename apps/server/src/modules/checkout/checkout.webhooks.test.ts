// Provider webhooks: signature checked over the raw bytes, one donation however often an event
// arrives, and a payment whose browser went away recorded from the event with the donor's details.
import { type TPublicCampaign, ZCreateIntentResponse } from '@kindling/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { donations } from '../donations/donations.tables.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { buildSandboxEvent, sandboxWebhookKey } from '../payments/providers/sandbox/sandbox.webhooks.ts';

const ctx = useTestApp();

async function springAppeal(client: TestClient): Promise<TPublicCampaign> {
  const res = await client.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal');
  return res.json().campaign;
}

/** An intent paid with the sandbox's good card; `hints` are the donor fields the form may send. */
async function paidIntent(client: TestClient, campaign: TPublicCampaign, hints: Record<string, unknown> = {}) {
  const res = await client.post('/api/v1/npo_admin/intent', {
    campaign_id: campaign.campaign_id,
    amount: 2500,
    currency: 'EUR',
    interval: 'once',
    included_fees: 0,
    ...hints,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { intent } = ZCreateIntentResponse.parse(res.json());
  const paid = await client.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
    client_secret: intent.client_secret,
    card_number: '4242 4242 4242 4242',
    exp: '12/34',
    cvc: '123',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return intent;
}

const donationsFor = (reference: string) =>
  ctx.db.select().from(donations).where(eq(donations.providerReference, reference));

/** Deliveries from the sandbox are asynchronous, as a real provider's are. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 50; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

/** A signed event exactly as the sandbox sends it; amount and currency are deliberately wrong. */
function signedEvent(intentId: string, campaign: TPublicCampaign, email: string) {
  return buildSandboxEvent(sandboxWebhookKey(ctx.config.sessionSecret), 'payment.succeeded', {
    id: intentId,
    npo_id: campaign.npo_id,
    account_id: null,
    amount_minor: 1,
    currency: 'GBP',
    metadata: {
      npo_id: String(campaign.npo_id),
      campaign_id: String(campaign.campaign_id),
      donor_email: email,
      donor_first_name: 'Mary',
      donor_last_name: 'Somerville',
    },
  });
}

const deliver = (delivery: { rawBody: string; headers: Record<string, string> }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/sandbox',
    payload: delivery.rawBody,
    headers: delivery.headers,
  });

describe('POST /api/v1/webhooks/:provider', () => {
  it('refuses a tampered body and records nothing, then five identical events give one donation', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    // No donor hints: the sandbox's own event is acknowledged without recording anything.
    const intent = await paidIntent(client, campaign);
    const event = signedEvent(intent.id, campaign, 'mary@example.org');

    const tampered = await deliver({
      ...event,
      rawBody: event.rawBody.replace('"amount_minor":1', '"amount_minor":2'),
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await deliver({ rawBody: event.rawBody, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    expect(await donationsFor(intent.id)).toHaveLength(0);

    // No CSRF token, no cookies: webhooks prove themselves by signature only.
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const recorded = await donationsFor(intent.id);
    expect(recorded).toHaveLength(1);
    // The provider's amount, not the event body's.
    expect(recorded[0]).toMatchObject({ amountMinor: 2500, currency: 'EUR', provider: 'sandbox' });
    const staffNotes = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.npoId, campaign.npo_id), eq(notifications.kind, 'donation.received')));
    expect(staffNotes.filter((n) => JSON.stringify(n).includes(`"donation_id":${recorded[0]?.id}`))).toHaveLength(1);
  });

  it('records a paid gift from the webhook when the browser never confirms, with the donor’s details', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const intent = await paidIntent(client, campaign, {
      first_name: 'Emmy',
      last_name: 'Noether',
      email: 'Emmy@Example.org',
      comment: 'For the families',
      designation: campaign.designations[0]?.id,
    });
    const recorded = await eventually(
      () => donationsFor(intent.id),
      (rows) => rows.length > 0,
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      amountMinor: 2500,
      currency: 'EUR',
      comment: 'For the families',
      designationId: campaign.designations[0]?.id,
    });

    // The browser coming back later gets the same donation.
    const confirm = await client.post('/api/v1/npo_admin/confirm_payment', {
      campaign_id: campaign.campaign_id,
      amount: 2500,
      currency: 'EUR',
      first_name: 'Emmy',
      last_name: 'Noether',
      email: 'emmy@example.org',
      payment_intent: intent.id,
    });
    expect(confirm.json()).toMatchObject({ status: 'success', donation: { id: recorded[0]?.id } });
    expect(await donationsFor(intent.id)).toHaveLength(1);
  });

  it('keeps Gift Aid, the address and the answers when the webhook records the gift before the browser', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const question = campaign.questions[0];
    const choice = {
      first_name: 'Ada',
      last_name: 'Byron',
      email: 'ada.byron@example.org',
      address: '1 High Street',
      postal_code: 'S19 2BD',
      country: 'GB',
      gift_aid: true,
      create_donor_account: true,
      answers: { [String(question?.id)]: 'Local news' },
    };
    const intent = await paidIntent(client, campaign, { ...choice, currency: 'GBP' });
    const [recorded] = await eventually(
      () => donationsFor(intent.id),
      (rows) => rows.length > 0,
    );
    expect(recorded).toMatchObject({
      currency: 'GBP',
      giftAid: true,
      giftAidName: 'Ada Byron',
      giftAidAddress: '1 High Street',
      giftAidPostcode: 'S19 2BD',
      createDonorAccount: true,
      answers: [expect.objectContaining({ question_id: question?.id, answer: 'Local news' })],
    });

    // The browser's confirmation, arriving second, answers with the same full record.
    const confirm = await client.post('/api/v1/npo_admin/confirm_payment', {
      ...choice,
      campaign_id: campaign.campaign_id,
      amount: 2500,
      currency: 'GBP',
      payment_intent: intent.id,
    });
    expect(confirm.json()).toMatchObject({ status: 'success', donation: { id: recorded?.id, gift_aid: true } });
  });

  it('answers 400 for a provider that is not one of ours', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/webhooks/venmo', payload: '{}' });
    expect(res.statusCode).toBe(400);
  });
});
