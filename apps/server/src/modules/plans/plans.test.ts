// Recurring card gifts through the real HTTP calls and the sandbox provider: the first gift makes
// exactly one plan with the saved card, however often it is confirmed or announced.
import {
  addFeeCover,
  type TDonation,
  type TPublicCampaign,
  ZConfirmPaymentResponse,
  ZCreateIntentResponse,
} from '@kindling/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { donations } from '../donations/donations.tables.ts';
import { recordSucceededPayment } from '../donations/index.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { buildSandboxEvent, sandboxWebhookKey } from '../payments/providers/sandbox/sandbox.webhooks.ts';
import { chargeDateOf, ensurePlanForFirstGift, findPlan, recurringPlans } from './index.ts';

const ctx = useTestApp();
const monthly = addFeeCover(2500);

async function springAppeal(client: TestClient): Promise<TPublicCampaign> {
  const res = await client.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal');
  expect(res.statusCode).toBe(200);
  return res.json().campaign;
}

const choice = (campaign: TPublicCampaign, interval: string) => ({
  campaign_id: campaign.campaign_id,
  peer_campaign_id: null,
  amount: interval === 'once' ? 2500 : monthly.totalMinor,
  currency: 'usd',
  interval,
  payment_method: 'card',
  included_fees: interval === 'once' ? 0 : monthly.feeMinor,
});

/** Intent, the sandbox card form with 4242…, then confirm_payment, as the donation form does. */
async function giveByCard(
  client: TestClient,
  campaign: TPublicCampaign,
  interval: string,
  email: string,
  { webhookMayRecord = true } = {},
) {
  // The form sends who gives with the intent, so the provider's webhook can record the gift too;
  // without the e-mail there the webhook only acknowledges and confirm_payment alone records.
  const hints = webhookMayRecord ? { email, first_name: 'Rosalind', last_name: 'Franklin' } : {};
  const created = await client.post('/api/v1/npo_admin/intent', { ...choice(campaign, interval), ...hints });
  expect(created.statusCode, created.body).toBe(200);
  const { intent } = ZCreateIntentResponse.parse(created.json());
  const paid = await client.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
    client_secret: intent.client_secret,
    card_number: '4242 4242 4242 4242',
    exp: '12/34',
    cvc: '123',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const confirm = () =>
    client.post('/api/v1/npo_admin/confirm_payment', {
      ...choice(campaign, interval),
      first_name: 'Rosalind',
      last_name: 'Franklin',
      email,
      payment_intent: intent.id,
    });
  const res = await confirm();
  expect(res.statusCode, res.body).toBe(200);
  const body = ZConfirmPaymentResponse.parse(res.json());
  expect(body.status).toBe('success');
  return { intent, donation: body.donation as TDonation, confirm };
}

const plansOf = (donationId: number) =>
  ctx.db.select().from(recurringPlans).where(eq(recurringPlans.firstDonationId, donationId));

const count = async (query: ReturnType<typeof sql>) =>
  Number((await ctx.db.execute<{ n: number }>(query)).rows[0]?.n ?? 0);

const planNotifications = (npoId: number, planId: number) =>
  ctx.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.npoId, npoId),
        eq(notifications.kind, 'recurring_plan.created'),
        sql`${notifications.metadata}->>'plan_id' = ${String(planId)}`,
      ),
    );

const deliverSucceeded = (intentId: string, campaign: TPublicCampaign) => {
  const event = buildSandboxEvent(sandboxWebhookKey(ctx.config.sessionSecret), 'payment.succeeded', {
    id: intentId,
    npo_id: campaign.npo_id,
    account_id: null,
    amount_minor: 1,
    currency: 'USD',
    metadata: { npo_id: String(campaign.npo_id), campaign_id: String(campaign.campaign_id) },
  });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/sandbox',
    payload: event.rawBody,
    headers: event.headers,
  });
};

describe('recurring card gifts', () => {
  it('makes one plan with the saved card and the next date a month after the first gift', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const { intent, donation, confirm } = await giveByCard(client, campaign, 'monthly', 'rosalind@example.org');
    expect(donation.recurring_plan_id).toEqual(expect.any(Number));
    const [plan] = await plansOf(donation.id);
    expect(plan).toMatchObject({
      id: donation.recurring_plan_id,
      npoId: campaign.npo_id,
      donorId: donation.donor.id,
      campaignId: campaign.campaign_id,
      amountMinor: monthly.totalMinor,
      feeCoveredMinor: monthly.feeMinor,
      currency: 'USD',
      interval: 'monthly',
      provider: 'sandbox',
      status: 'active',
      nextPeriod: 1,
    });
    expect(plan?.paymentMethodId).toMatch(/^pm_sandbox_/);
    // The saved card's expiry as the card form took it (12/34), for the card-expiring e-mail.
    expect(plan).toMatchObject({ cardLast4: '4242', cardExpMonth: 12, cardExpYear: 2034 });
    const firstGiftAt = new Date(donation.created_at);
    expect(plan?.startedAt.toISOString()).toBe(firstGiftAt.toISOString());
    expect(plan?.nextChargeAt?.toISOString()).toBe(chargeDateOf(firstGiftAt, 'monthly', 1).toISOString());
    expect(plan?.nextChargeAt?.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);

    // A second confirm, the sandbox's own webhook and two more deliveries of the event: one plan.
    const again = ZConfirmPaymentResponse.parse((await confirm()).json());
    expect(again.donation).toMatchObject({ id: donation.id, recurring_plan_id: plan?.id });
    expect((await deliverSucceeded(intent.id, campaign)).statusCode).toBe(200);
    expect((await deliverSucceeded(intent.id, campaign)).statusCode).toBe(200);
    expect(await plansOf(donation.id)).toHaveLength(1);
    const [stored] = await ctx.db.select().from(donations).where(eq(donations.id, donation.id));
    expect(stored?.recurringPlanId).toBe(plan?.id);
    const audits = sql`SELECT count(*)::int AS n FROM audit_log
      WHERE action = 'recurring_plan.created' AND target_id = ${String(plan?.id)} AND npo_id = ${campaign.npo_id}`;
    expect(await count(audits)).toBe(1);
    const told = await planNotifications(campaign.npo_id, plan?.id ?? 0);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'New recurring plan',
      message: `Rosalind Franklin set up $${(monthly.totalMinor / 100).toFixed(2)} every month to ${campaign.name}.`,
    });
  });

  it('makes the plan from the provider’s webhook when the browser never came back', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const hints = { email: 'gone@example.org', first_name: 'Gone', last_name: 'Away' };
    const created = await client.post('/api/v1/npo_admin/intent', { ...choice(campaign, 'monthly'), ...hints });
    expect(created.statusCode, created.body).toBe(200);
    const { intent } = ZCreateIntentResponse.parse(created.json());
    const paid = await client.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      card_number: '4242424242424242',
      exp: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode).toBe(200);
    // No confirm_payment: only the sandbox's own (asynchronous) webhook and one redelivery.
    let recorded: Array<typeof donations.$inferSelect> = [];
    for (let i = 0; i < 50 && recorded.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      recorded = await ctx.db.select().from(donations).where(eq(donations.providerReference, intent.id));
    }
    expect((await deliverSucceeded(intent.id, campaign)).statusCode).toBe(200);
    const [donation] = await ctx.db.select().from(donations).where(eq(donations.providerReference, intent.id));
    expect(donation?.recurringPlanId).toEqual(expect.any(Number));
    const plans = await plansOf(donation?.id ?? 0);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ id: donation?.recurringPlanId, interval: 'monthly', status: 'active' });
    expect(plans[0]?.paymentMethodId).toMatch(/^pm_sandbox_/);
    expect(plans[0]?.nextChargeAt?.toISOString()).toBe(
      chargeDateOf(donation?.createdAt ?? new Date(), 'monthly', 1).toISOString(),
    );
  });

  it('makes no plan for a once-off gift', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const { donation } = await giveByCard(client, campaign, 'once', 'once@example.org');
    expect(donation.recurring_plan_id).toBeNull();
    expect(await plansOf(donation.id)).toHaveLength(0);
  });

  it('repairs a plan lost between the donation and the plan on the next confirm', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const { donation, confirm } = await giveByCard(client, campaign, 'monthly', 'crash@example.org', {
      webhookMayRecord: false,
    });
    // As if the process stopped after the donation was stored and before its plan was.
    await ctx.db.update(donations).set({ recurringPlanId: null }).where(eq(donations.id, donation.id));
    await ctx.db.execute(sql`DELETE FROM recurring_plans WHERE first_donation_id = ${donation.id}`);
    const repaired = ZConfirmPaymentResponse.parse((await confirm()).json());
    const [plan] = await plansOf(donation.id);
    expect(plan?.paymentMethodId).toMatch(/^pm_sandbox_/);
    expect(repaired.donation?.recurring_plan_id).toBe(plan?.id);
    expect(repaired.donation?.recurring_plan_id).not.toBe(donation.recurring_plan_id);
  });

  it('shows the plan on the staff donation list, and only to the organisation that owns it', async () => {
    const donor = new TestClient(ctx.app);
    const campaign = await springAppeal(donor);
    const { donation } = await giveByCard(donor, campaign, 'monthly', 'listed@example.org');
    const staff = new TestClient(ctx.app);
    await staff.signIn('admin@kindling.test');
    const list = await staff.get(`/api/v1/npo_admin/campaigns/${campaign.campaign_id}/donations?per_page=100`);
    expect(list.statusCode).toBe(200);
    const listed = (list.json().donations as TDonation[]).find((d) => d.id === donation.id);
    expect(listed?.recurring_plan_id).toBe(donation.recurring_plan_id);

    const northern = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM npos WHERE slug = 'northern-lights-rescue'`,
    );
    const northernId = Number(northern.rows[0]?.id);
    expect(await findPlan(ctx.db, northernId, donation.recurring_plan_id ?? 0)).toBeNull();
    expect(await findPlan(ctx.db, campaign.npo_id, donation.recurring_plan_id ?? 0)).not.toBeNull();
    expect(await count(sql`SELECT count(*)::int AS n FROM recurring_plans WHERE npo_id = ${northernId}`)).toBe(0);
    const mismatched = sql`SELECT count(*)::int AS n FROM recurring_plans p JOIN donations d ON d.id = p.first_donation_id
      WHERE p.npo_id <> d.npo_id OR d.recurring_plan_id IS DISTINCT FROM p.id`;
    expect(await count(mismatched)).toBe(0);
  });
});

describe('a first gift without a saved method', () => {
  it('is a failed plan that is never due, and becomes active when a recording brings the method', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const { donation } = await recordSucceededPayment(ctx.db, {
      npoId: campaign.npo_id,
      campaignId: campaign.campaign_id,
      provider: 'sandbox',
      providerReference: 'pi_no_method',
      amountMinor: 4000,
      currency: 'USD',
      interval: 'quarterly',
      donor: { email: 'nomethod@example.org', firstName: 'Nora', lastName: 'Method' },
    });
    const start = { donation, provider: 'sandbox', customerId: null, donorName: 'Nora Method', campaignName: null };
    const failed = await ensurePlanForFirstGift(ctx.db, { ...start, paymentMethodId: null });
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'no_saved_payment_method', nextChargeAt: null });
    const told = await planNotifications(campaign.npo_id, failed?.id ?? 0);
    expect(told[0]?.message).toContain('No payment method was saved');

    const active = await ensurePlanForFirstGift(ctx.db, { ...start, paymentMethodId: 'pm_sandbox_later' });
    expect(active).toMatchObject({ id: failed?.id, status: 'active', failureReason: null });
    expect(active?.nextChargeAt?.toISOString()).toBe(chargeDateOf(donation.createdAt, 'quarterly', 1).toISOString());
    // Staff were told once, when the plan was created.
    expect(await planNotifications(campaign.npo_id, failed?.id ?? 0)).toHaveLength(1);
  });

  it('makes one plan when five recordings of the same gift race', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const { donation } = await recordSucceededPayment(ctx.db, {
      npoId: campaign.npo_id,
      campaignId: campaign.campaign_id,
      provider: 'sandbox',
      providerReference: 'pi_race',
      amountMinor: 1500,
      currency: 'EUR',
      interval: 'weekly',
      donor: { email: 'race@example.org', firstName: 'Rae', lastName: 'Ce' },
    });
    const start = {
      donation,
      provider: 'sandbox',
      paymentMethodId: 'pm_sandbox_race',
      customerId: null,
      donorName: 'Rae Ce',
      campaignName: null,
    };
    const plans = await Promise.all(Array.from({ length: 5 }, () => ensurePlanForFirstGift(ctx.db, start)));
    expect(new Set(plans.map((p) => p?.id)).size).toBe(1);
    expect(await plansOf(donation.id)).toHaveLength(1);
    expect(await planNotifications(campaign.npo_id, plans[0]?.id ?? 0)).toHaveLength(1);
  });
});
