import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../../../../../test/test-client.ts';
import { npos } from '../../../organisations/index.ts';
import { WebhookSignatureError } from '../provider-error.ts';
import { useSandboxApp } from './sandbox.test-app.ts';
import { buildSandboxEvent, sandboxWebhookKey, signSandboxPayload } from './sandbox.webhooks.ts';

const ctx = useSandboxApp();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Opens the approval page like a browser and presses one of its buttons. */
async function decide(client: TestClient, approveUrl: string, decision: 'approve' | 'cancel') {
  const page = await client.get(approveUrl);
  expect(page.statusCode).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const formToken = /name="form_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const body = new URLSearchParams({ token, decision, form_token: formToken }).toString();
  return client.post('/sandbox/paypal/approve', body, { headers: FORM });
}

const newOrder = (key = `order-${Math.random()}`) =>
  ctx.sandbox.createOrder({
    account: ctx.account,
    amountMinor: 1050,
    currency: 'USD',
    metadata: { campaign_id: '1' },
    idempotencyKey: key,
    returnUrl: '/spring-appeal?paypal=return',
    cancelUrl: '/spring-appeal?paypal=cancel',
    description: 'Donation to the Spring Appeal',
  });

describe('sandbox PayPal-like orders', () => {
  // fix15: the page wrote every amount as en-US did.
  it("writes the amount in the organisation's locale", async () => {
    await ctx.db.update(npos).set({ locale: 'de-DE' }).where(eq(npos.id, ctx.account.npoId));
    try {
      const order = await ctx.sandbox.createOrder({
        account: ctx.account,
        amountMinor: 123456,
        currency: 'EUR',
        metadata: { campaign_id: '1' },
        idempotencyKey: `locale-${Math.random()}`,
        returnUrl: '/spring-appeal?paypal=return',
        cancelUrl: '/spring-appeal?paypal=cancel',
        description: 'Donation to the Spring Appeal',
      });
      const page = await new TestClient(ctx.app).get(order.approveUrl as string);
      expect(page.body).toMatch(/1\.234,56\s€/);
    } finally {
      await ctx.db.update(npos).set({ locale: 'en-US' }).where(eq(npos.id, ctx.account.npoId));
    }
  });

  it('shows the amount on an accessible approval page and returns to the form with the order token', async () => {
    const order = await newOrder();
    expect(order.approveUrl).toBe(`/sandbox/paypal/approve?token=${order.id}`);
    const client = new TestClient(ctx.app);
    const page = await client.get(order.approveUrl as string);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('$10.50');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toMatch(/<button[^>]*value="approve"[^>]*>Approve payment<\/button>/);

    await expect(
      ctx.sandbox.captureOrder({ account: ctx.account, orderId: order.id, idempotencyKey: 'c0' }),
    ).rejects.toMatchObject({
      code: 'unexpected_state',
    });
    const approved = await decide(client, order.approveUrl as string, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`/spring-appeal?paypal=return&token=${order.id}&PayerID=SANDBOXPAYER1`);

    const capture = await ctx.sandbox.captureOrder({ account: ctx.account, orderId: order.id, idempotencyKey: 'c1' });
    expect(capture).toMatchObject({ orderId: order.id, status: 'succeeded', amountMinor: 1050, currency: 'USD' });
    expect(capture.captureId).toMatch(/^capture_sandbox_/);
    const again = await ctx.sandbox.captureOrder({ account: ctx.account, orderId: order.id, idempotencyKey: 'c2' });
    expect(again.captureId).toBe(capture.captureId);
    // Used: the link no longer offers a decision.
    expect((await client.get(order.approveUrl as string)).statusCode).toBe(404);
    // As at PayPal, the capture (not the order) is what a refund names.
    const refund = await ctx.sandbox.refund({
      account: ctx.account,
      paymentId: capture.captureId as string,
      amountMinor: 50,
      currency: 'USD',
      idempotencyKey: 'r1',
    });
    expect(refund).toMatchObject({ status: 'succeeded', amountMinor: 50, currency: 'USD' });
  });

  it('sends the payer back to the cancel address and keeps the order unapproved', async () => {
    const order = await newOrder();
    const cancelled = await decide(new TestClient(ctx.app), order.approveUrl as string, 'cancel');
    expect(cancelled.headers.location).toBe(`/spring-appeal?paypal=cancel&token=${order.id}`);
    await expect(
      ctx.sandbox.captureOrder({ account: ctx.account, orderId: order.id, idempotencyKey: 'c' }),
    ).rejects.toMatchObject({
      code: 'unexpected_state',
    });
  });

  it('refuses a decision posted without the page’s form token', async () => {
    const order = await newOrder();
    const client = new TestClient(ctx.app);
    await client.get(order.approveUrl as string);
    const body = new URLSearchParams({ token: order.id, decision: 'approve', form_token: 'forged' }).toString();
    const forged = await client.post('/sandbox/paypal/approve', body, { headers: FORM });
    expect(forged.statusCode).toBe(403);
    expect(await ctx.sandbox.describeApproval(order.id)).not.toBeNull();
  });

  it('never redirects to another site, and leaves such an order undecided', async () => {
    const order = await ctx.sandbox.createOrder({
      account: ctx.account,
      amountMinor: 500,
      currency: 'USD',
      metadata: {},
      idempotencyKey: `evil-${Math.random()}`,
      returnUrl: 'https://evil.example/steal',
      cancelUrl: '/spring-appeal',
    });
    const answer = await decide(new TestClient(ctx.app), order.approveUrl as string, 'approve');
    expect(answer.statusCode).toBe(404);
    expect(answer.headers.location).toBeUndefined();
    expect(await ctx.sandbox.describeApproval(order.id)).toMatchObject({ status: 'created' });
  });

  it('does not let another organisation capture the order', async () => {
    const order = await newOrder();
    await decide(new TestClient(ctx.app), order.approveUrl as string, 'approve');
    await expect(
      ctx.sandbox.captureOrder({ account: ctx.otherAccount, orderId: order.id, idempotencyKey: 'x' }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('sandbox vault setup', () => {
  it('saves PayPal after approval and charges the payment token off-session', async () => {
    const setup = await ctx.sandbox.createSetupToken({
      account: ctx.account,
      idempotencyKey: `setup-${Math.random()}`,
      returnUrl: '/spring-appeal?vault=return',
      cancelUrl: '/spring-appeal?vault=cancel',
    });
    const client = new TestClient(ctx.app);
    const page = await client.get(setup.approveUrl as string);
    expect(page.body).toContain('Agree and continue');
    await expect(
      ctx.sandbox.createPaymentToken({ account: ctx.account, setupTokenId: setup.id, idempotencyKey: 'p0' }),
    ).rejects.toMatchObject({
      code: 'unexpected_state',
    });
    const approved = await decide(client, setup.approveUrl as string, 'approve');
    const location = new URL(approved.headers.location as string, 'http://x');
    expect(location.pathname).toBe('/spring-appeal');
    expect(location.searchParams.get('approval_token_id')).toBe(setup.id);

    const token = await ctx.sandbox.createPaymentToken({
      account: ctx.account,
      setupTokenId: setup.id,
      idempotencyKey: 'p1',
    });
    expect(token).toMatchObject({ email: 'buyer@sandbox.kindling.test' });
    expect(token.id).toMatch(/^vt_sandbox_/);
    expect(
      (await ctx.sandbox.createPaymentToken({ account: ctx.account, setupTokenId: setup.id, idempotencyKey: 'p2' })).id,
    ).toBe(token.id);
    const charge = await ctx.sandbox.chargeSaved({
      account: ctx.account,
      paymentMethodId: token.id,
      amountMinor: 1500,
      currency: 'EUR',
      metadata: {},
      idempotencyKey: 'vault-charge-1',
    });
    expect(charge).toMatchObject({ status: 'succeeded', amountMinor: 1500, currency: 'EUR' });
  });
});

describe('sandbox webhooks', () => {
  const data = {
    id: 'pi_sandbox_x',
    npo_id: 1,
    account_id: null,
    amount_minor: 2500,
    currency: 'USD',
    metadata: { campaign_id: '1' },
  };

  it('verifies a delivery signed with the key derived from the session secret', async () => {
    const delivery = buildSandboxEvent(sandboxWebhookKey(ctx.config.sessionSecret), 'payment.succeeded', data);
    const event = await ctx.sandbox.parseWebhook(Buffer.from(delivery.rawBody), delivery.headers);
    expect(event).toMatchObject({
      type: 'payment.succeeded',
      providerReference: 'pi_sandbox_x',
      amountMinor: 2500,
      currency: 'USD',
    });
    expect(event.id).toMatch(/^evt_sandbox_/);
  });

  it('refuses another key, a tampered body, an old timestamp and a missing header', async () => {
    const key = sandboxWebhookKey(ctx.config.sessionSecret);
    const other = buildSandboxEvent(
      sandboxWebhookKey('another-secret-of-at-least-32-characters'),
      'payment.succeeded',
      data,
    );
    await expect(ctx.sandbox.parseWebhook(other.rawBody, other.headers)).rejects.toBeInstanceOf(WebhookSignatureError);

    const good = buildSandboxEvent(key, 'payment.succeeded', data);
    const tampered = good.rawBody.replace('2500', '1');
    await expect(ctx.sandbox.parseWebhook(tampered, good.headers)).rejects.toBeInstanceOf(WebhookSignatureError);

    const old = {
      'kindling-sandbox-signature': signSandboxPayload(key, good.rawBody, Math.floor(Date.now() / 1000) - 3600),
    };
    await expect(ctx.sandbox.parseWebhook(good.rawBody, old)).rejects.toMatchObject({ code: 'invalid_signature' });
    await expect(ctx.sandbox.parseWebhook(good.rawBody, {})).rejects.toMatchObject({ code: 'invalid_signature' });
  });
});
