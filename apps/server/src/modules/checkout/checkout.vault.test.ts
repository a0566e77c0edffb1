// Recurring PayPal against the sandbox wallet: setup token, the approval page, payment token, then
// the first gift charged with the saved token and recorded once, with its plan.
import {
  approveLink,
  type TPublicCampaign,
  ZConfirmPaymentResponse,
  ZCreatePaymentTokenResponse,
  ZCreateSetupTokenResponse,
} from '@kindling/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { donations } from '../donations/donations.tables.ts';
import { sandboxPaymentMethods, sandboxPayments } from '../payments/payments.tables.ts';
import { recurringPlans, vaultSetups } from '../plans/index.ts';

const ctx = useTestApp();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const SANDBOX_PAYER = 'buyer@sandbox.kindling.test';

async function springAppeal(client: TestClient): Promise<TPublicCampaign> {
  return (await client.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal')).json().campaign;
}

const setupBody = (campaign: TPublicCampaign, extra: Record<string, unknown> = {}) => ({
  campaign_id: campaign.campaign_id,
  amount: 3000,
  currency: 'GBP',
  interval: 'monthly',
  included_fees: 0,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.org',
  comment: 'Every month',
  add_to_donor_wall: true,
  designation: campaign.designations[0]?.id,
  ...extra,
});

const createSetup = (client: TestClient, campaign: TPublicCampaign, extra: Record<string, unknown> = {}) =>
  client.post('/api/v1/npo_admin/create_setup_token', setupBody(campaign, extra));

/** Presses Approve on the sandbox's PayPal-like page, as the payer would; returns the redirect. */
async function approve(client: TestClient, href: string): Promise<URL> {
  const page = await client.get(href);
  expect(page.statusCode).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const formToken = /name="form_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const body = new URLSearchParams({ token, decision: 'approve', form_token: formToken }).toString();
  const decided = await client.post('/sandbox/paypal/approve', body, { headers: FORM });
  expect(decided.statusCode, decided.body).toBe(303);
  return new URL(String(decided.headers.location), 'http://localhost');
}

const paymentToken = (client: TestClient, setupTokenId: string) =>
  client.post('/api/v1/npo_admin/create_payment_token', { setup_token_id: setupTokenId });

const save = (client: TestClient, id: string, email = SANDBOX_PAYER) =>
  client.post('/api/v1/npo_admin/save_paypal_payment_method', { id, email });

/** Setup, approval and payment token: what the browser has done before save_paypal_payment_method. */
async function vaulted(client: TestClient, campaign: TPublicCampaign, extra: Record<string, unknown> = {}) {
  const res = await createSetup(client, campaign, extra);
  expect(res.statusCode, res.body).toBe(200);
  const setup = ZCreateSetupTokenResponse.parse(res.json());
  const back = await approve(client, approveLink(setup.links) ?? '');
  const tokenRes = await paymentToken(client, back.searchParams.get('approval_token_id') ?? '');
  expect(tokenRes.statusCode, tokenRes.body).toBe(200);
  return { setup, back, token: ZCreatePaymentTokenResponse.parse(tokenRes.json()) };
}

describe('recurring PayPal (vault)', () => {
  it('saves PayPal, charges the first gift once and makes a plan with the vault token', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const res = await createSetup(client, campaign);
    expect(res.statusCode, res.body).toBe(200);
    const setup = ZCreateSetupTokenResponse.parse(res.json());
    expect(setup.links).toEqual([
      { href: expect.stringContaining('/sandbox/paypal/approve?token='), rel: 'approve', method: 'GET' },
    ]);

    const back = await approve(client, approveLink(setup.links) ?? '');
    expect(back.pathname).toBe('/spring-appeal');
    expect(back.searchParams.get('paypal')).toBe('return');
    expect(back.searchParams.get('approval_token_id')).toBe(setup.id);

    const first = await paymentToken(client, setup.id);
    expect(first.statusCode, first.body).toBe(200);
    const token = ZCreatePaymentTokenResponse.parse(first.json());
    expect(token.id).toMatch(/^vt_sandbox_/);
    expect(token.payment_source.paypal.email_address).toBe(SANDBOX_PAYER);
    expect((await paymentToken(client, setup.id)).json()).toEqual(token);

    const saves = await Promise.all([1, 2, 3].map(() => save(client, token.id)));
    const bodies = saves.map((s) => ZConfirmPaymentResponse.parse(s.json()));
    expect(bodies.map((b) => b.status)).toEqual(['success', 'success', 'success']);
    expect(new Set(bodies.map((b) => b.donation?.id)).size).toBe(1);
    const donation = bodies[0]?.donation;
    expect(donation).toMatchObject({
      amount_minor: 3000,
      currency: 'GBP',
      interval: 'monthly',
      payment_method: 'paypal',
      provider: 'sandbox',
      comment: 'Every month',
      add_to_donor_wall: true,
      designation_id: campaign.designations[0]?.id,
      donor: { email: 'grace@example.org', first_name: 'Grace', last_name: 'Hopper' },
      recurring_plan_id: expect.any(Number),
    });
    expect(donation?.provider_reference).toMatch(/^ch_sandbox_/);

    const [plan] = await ctx.db
      .select()
      .from(recurringPlans)
      .where(eq(recurringPlans.firstDonationId, donation?.id ?? 0));
    expect(plan).toMatchObject({
      id: donation?.recurring_plan_id,
      npoId: campaign.npo_id,
      paymentMethodId: token.id,
      provider: 'sandbox',
      interval: 'monthly',
      amountMinor: 3000,
      currency: 'GBP',
      status: 'active',
    });
    // One charge at the provider, one donation, however often save was called.
    const charges = await ctx.db.select().from(sandboxPayments).where(eq(sandboxPayments.paymentMethodId, token.id));
    expect(charges.filter((c) => c.kind === 'charge')).toHaveLength(1);
    const again = ZConfirmPaymentResponse.parse((await save(client, token.id)).json());
    expect(again.donation?.id).toBe(donation?.id);
    const recorded = await ctx.db
      .select()
      .from(donations)
      .where(eq(donations.providerReference, donation?.provider_reference ?? ''));
    expect(recorded).toHaveLength(1);
    const [stored] = await ctx.db.select().from(vaultSetups).where(eq(vaultSetups.setupTokenId, setup.id));
    expect(stored).toMatchObject({ status: 'completed', donationId: donation?.id, npoId: campaign.npo_id });
  });

  it('uses the payer e-mail PayPal shared when the form had none', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const { token } = await vaulted(client, campaign, { email: '', first_name: '', last_name: '' });
    const body = ZConfirmPaymentResponse.parse((await save(client, token.id, 'payer@example.org')).json());
    expect(body.donation?.donor.email).toBe('payer@example.org');
  });

  it('answers 404 for an unknown, expired or unapproved-then-unknown token, storing nothing', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const unknown = await paymentToken(client, 'vst_sandbox_unknown');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This PayPal approval is unknown or has expired. Please choose PayPal again.');
    expect((await save(client, 'vt_sandbox_unknown')).statusCode).toBe(404);

    const setup = ZCreateSetupTokenResponse.parse((await createSetup(client, campaign)).json());
    await approve(client, approveLink(setup.links) ?? '');
    await ctx.db
      .update(vaultSetups)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(vaultSetups.setupTokenId, setup.id));
    expect((await paymentToken(client, setup.id)).statusCode).toBe(404);
    const [stored] = await ctx.db.select().from(vaultSetups).where(eq(vaultSetups.setupTokenId, setup.id));
    expect(stored?.paymentTokenId).toBeNull();
  });

  it('refuses a payment token before the payer approved, and then still works after approval', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const setup = ZCreateSetupTokenResponse.parse((await createSetup(client, campaign)).json());
    const early = await paymentToken(client, setup.id);
    expect(early.statusCode).toBeGreaterThanOrEqual(400);
    expect(early.statusCode).toBeLessThan(500);
    await approve(client, approveLink(setup.links) ?? '');
    expect((await paymentToken(client, setup.id)).statusCode).toBe(200);
  });

  it('refuses a return address on another site, and accepts one of our pages', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const before = await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM vault_setups`);
    for (const returnUrl of [
      'https://evil.example/steal',
      '//evil.example/steal',
      'javascript:alert(1)',
      '/\\evil.example',
    ]) {
      const res = await createSetup(client, campaign, { return_url: returnUrl });
      expect(res.statusCode, returnUrl).toBe(400);
      expect(res.json().message).toBe('The return address must be a page of this site.');
    }
    const after = await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM vault_setups`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);

    const own = await createSetup(client, campaign, { return_url: '/spring-appeal?step=2' });
    expect(own.statusCode, own.body).toBe(200);
    const back = await approve(client, approveLink(ZCreateSetupTokenResponse.parse(own.json()).links) ?? '');
    expect(`${back.pathname}${back.search}`).toMatch(/^\/spring-appeal\?step=2&approval_token_id=/);
    const absolute = await createSetup(client, campaign, { return_url: 'http://localhost:80/spring-appeal' });
    expect(absolute.statusCode, absolute.body).toBe(200);
  });

  it('refuses a once-off gift and a frequency or amount the campaign does not offer', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const once = await createSetup(client, campaign, { interval: 'once' });
    expect(once.statusCode).toBe(400);
    expect(once.json().fields?.interval).toContain('Saving PayPal is for recurring gifts');
    expect((await createSetup(client, campaign, { currency: 'JPY' })).statusCode).toBe(400);
    const fees = await createSetup(client, campaign, { included_fees: 2999 });
    expect(fees.statusCode).toBe(400);
    expect(fees.json().fields?.included_fees).toBe('The fee cover does not match the amount');
    const covered = await createSetup(client, campaign, { amount: 3096, included_fees: 96 });
    expect(covered.statusCode, covered.body).toBe(200);
    expect((await createSetup(client, campaign, { campaign_id: 999999 })).statusCode).toBe(404);
  });

  it('answers failed with the provider’s message when the first charge is declined, recording nothing', async () => {
    const client = new TestClient(ctx.app);
    const campaign = await springAppeal(client);
    const { token } = await vaulted(client, campaign);
    // The sandbox's saved-card rule stands in for a PayPal account that refuses the charge.
    await ctx.db
      .update(sandboxPaymentMethods)
      .set({ type: 'card', cardLast4: '0341' })
      .where(eq(sandboxPaymentMethods.id, token.id));
    const before = await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM recurring_plans`);
    const res = await save(client, token.id);
    expect(res.statusCode).toBe(200);
    expect(ZConfirmPaymentResponse.parse(res.json())).toEqual({
      status: 'failed',
      message: 'Your card was declined.',
      donation: null,
    });
    const after = await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM recurring_plans`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    const [stored] = await ctx.db.select().from(vaultSetups).where(eq(vaultSetups.paymentTokenId, token.id));
    expect(stored).toMatchObject({ status: 'declined', donationId: null, failureMessage: 'Your card was declined.' });
    const recorded = await ctx.db
      .select()
      .from(donations)
      .where(eq(donations.providerReference, stored?.chargeId ?? ''));
    expect(recorded).toHaveLength(0);
  });
});
