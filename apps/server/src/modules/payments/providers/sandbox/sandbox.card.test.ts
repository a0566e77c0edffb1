import { beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../../test/test-client.ts';
import type { ProviderEvent } from '../payment-provider.ts';
import { insertMethod } from './sandbox.repository.ts';
import { useSandboxApp } from './sandbox.test-app.ts';

const ctx = useSandboxApp();
const GOOD = { card_number: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' };
const confirmUrl = (id: string) => `/api/v1/sandbox/payments/${id}/confirm`;

let events: ProviderEvent[];
beforeEach(() => {
  events = [];
  // What the donations module will do: hand each signed delivery to the webhook path.
  ctx.sandbox.setWebhookSink(async ({ rawBody, headers }) => {
    events.push(await ctx.sandbox.parseWebhook(rawBody, headers));
  });
});

async function newIntent(overrides: { amountMinor?: number; currency?: string; interval?: 'once' | 'monthly' } = {}) {
  return ctx.sandbox.createIntent({
    account: ctx.account,
    amountMinor: overrides.amountMinor ?? 2500,
    currency: overrides.currency ?? 'USD',
    interval: overrides.interval ?? 'once',
    metadata: { campaign_id: '1' },
    idempotencyKey: `k-${Math.random()}`,
  });
}

describe('sandbox card confirmation', () => {
  it('succeeds with 4242…, taking amount and currency from the stored intent, not the request', async () => {
    const intent = await newIntent();
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const client = new TestClient(ctx.app);
    const response = await client.post(confirmUrl(intent.id), {
      client_secret: intent.clientSecret,
      ...GOOD,
      amount: 1,
      currency: 'JPY',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: intent.id,
      status: 'succeeded',
      amount_minor: 2500,
      currency: 'USD',
      next_action: null,
      last_payment_error: null,
    });
    const stored = await ctx.sandbox.retrieveIntent({ account: ctx.account, id: intent.id });
    expect(stored).toMatchObject({ status: 'succeeded', amountMinor: 2500, currency: 'USD', paymentMethodId: null });
    await ctx.sandbox.flushWebhooks();
    expect(events).toEqual([
      expect.objectContaining({
        type: 'payment.succeeded',
        providerReference: intent.id,
        amountMinor: 2500,
        currency: 'USD',
      }),
    ]);
  });

  it("shows the provider's message for a declined card, and a later good card still succeeds", async () => {
    const intent = await newIntent();
    const client = new TestClient(ctx.app);
    const declined = await client.post(confirmUrl(intent.id), {
      client_secret: intent.clientSecret,
      ...GOOD,
      card_number: '4000000000000002',
    });
    // A decline is an answer, not a failed request (a 402 logged an error in the donor's console).
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
    });
    const stored = await ctx.sandbox.retrieveIntent({ account: ctx.account, id: intent.id });
    expect(stored).toMatchObject({ status: 'requires_payment_method', failureMessage: 'Your card was declined.' });

    const retried = await client.post(confirmUrl(intent.id), { client_secret: intent.clientSecret, ...GOOD });
    expect(retried.json().status).toBe('succeeded');
    await ctx.sandbox.flushWebhooks();
    expect(events.map((e) => e.type)).toEqual(['payment.failed', 'payment.succeeded']);
  });

  it('asks for an extra confirmation with 4000 0025 0000 3155, then succeeds once it is given', async () => {
    const intent = await newIntent();
    const client = new TestClient(ctx.app);
    const first = await client.post(confirmUrl(intent.id), {
      client_secret: intent.clientSecret,
      ...GOOD,
      card_number: '4000002500003155',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'sandbox_extra_confirmation' },
    });
    expect((await ctx.sandbox.retrieveIntent({ account: ctx.account, id: intent.id })).status).toBe('requires_action');

    const second = await client.post(confirmUrl(intent.id), {
      client_secret: intent.clientSecret,
      action_confirmed: true,
    });
    expect(second.json()).toMatchObject({ status: 'succeeded', next_action: null });
  });

  it('fails the payment when the extra confirmation is refused', async () => {
    const intent = await newIntent();
    const client = new TestClient(ctx.app);
    await client.post(confirmUrl(intent.id), {
      client_secret: intent.clientSecret,
      ...GOOD,
      card_number: '4000002500003155',
    });
    const refused = await client.post(confirmUrl(intent.id), {
      client_secret: intent.clientSecret,
      action_confirmed: false,
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().last_payment_error.message).toMatch(/unable to authenticate your payment method/);
  });

  it('checks the card fields like a real card form', async () => {
    const intent = await newIntent();
    const client = new TestClient(ctx.app);
    const response = await client.post(confirmUrl(intent.id), {
      client_secret: intent.clientSecret,
      card_number: '4242 4242 4242 4241',
      exp: '01/20',
      cvc: '12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      card_number: 'Your card number is invalid.',
      exp: "Your card's expiration date is in the past.",
      cvc: "Your card's security code is incomplete.",
    });
    const unreadable = await client.post(confirmUrl(intent.id), {
      client_secret: intent.clientSecret,
      ...GOOD,
      exp: '13/30',
    });
    expect(unreadable.json().fields).toEqual({ exp: "Your card's expiration date is invalid." });
    expect((await ctx.sandbox.retrieveIntent({ account: ctx.account, id: intent.id })).status).toBe(
      'requires_payment_method',
    );
  });

  it('refuses a wrong client secret, an unknown intent, a second confirmation and a request from a foreign origin', async () => {
    const intent = await newIntent();
    const client = new TestClient(ctx.app);
    const wrong = await client.post(confirmUrl(intent.id), { client_secret: `${intent.id}_secret_guess`, ...GOOD });
    expect(wrong.statusCode).toBe(403);
    expect((await ctx.sandbox.retrieveIntent({ account: ctx.account, id: intent.id })).status).toBe(
      'requires_payment_method',
    );

    const unknown = await client.post(confirmUrl('pi_sandbox_unknown'), {
      client_secret: intent.clientSecret,
      ...GOOD,
    });
    expect(unknown.statusCode).toBe(404);

    // Origin-only (decision 006): no CSRF token needed, but another site's page may not confirm.
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: confirmUrl(intent.id),
      payload: { client_secret: intent.clientSecret, ...GOOD },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await ctx.sandbox.retrieveIntent({ account: ctx.account, id: intent.id })).status).toBe(
      'requires_payment_method',
    );

    expect((await client.post(confirmUrl(intent.id), { client_secret: intent.clientSecret, ...GOOD })).statusCode).toBe(
      200,
    );
    const again = await client.post(confirmUrl(intent.id), { client_secret: intent.clientSecret, ...GOOD });
    expect(again.statusCode).toBe(409);
  });

  it('lets two simultaneous confirmations succeed once', async () => {
    const intent = await newIntent();
    const client = new TestClient(ctx.app);
    await client.prime();
    const answers = await Promise.all(
      [1, 2, 3].map(() => client.post(confirmUrl(intent.id), { client_secret: intent.clientSecret, ...GOOD })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    await ctx.sandbox.flushWebhooks();
    expect(events.filter((e) => e.type === 'payment.succeeded')).toHaveLength(1);
  });
});

describe('sandbox intents as a provider', () => {
  it('returns the same intent and client secret for a repeated idempotency key', async () => {
    const input = {
      account: ctx.account,
      amountMinor: 1000,
      currency: 'jpy',
      interval: 'once' as const,
      metadata: {},
      idempotencyKey: 'same-key',
    };
    const first = await ctx.sandbox.createIntent(input);
    const second = await ctx.sandbox.createIntent({ ...input, amountMinor: 5 });
    expect(second).toEqual(first);
    expect(await ctx.sandbox.retrieveIntent({ account: ctx.account, id: first.id })).toMatchObject({
      amountMinor: 1000,
      currency: 'JPY',
    });
  });

  it('refuses an unknown currency instead of storing it as USD', async () => {
    await expect(newIntent({ currency: 'XYZ' })).rejects.toMatchObject({ code: 'currency_not_supported' });
  });

  it("does not show one organisation another's intent", async () => {
    const intent = await newIntent();
    await expect(ctx.sandbox.retrieveIntent({ account: ctx.otherAccount, id: intent.id })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('saves the card of a recurring gift and charges it off-session; a saved …0341 or …0002 declines', async () => {
    const intent = await newIntent({ interval: 'monthly' });
    const client = new TestClient(ctx.app);
    await client.post(confirmUrl(intent.id), { client_secret: intent.clientSecret, ...GOOD });
    const { paymentMethodId } = await ctx.sandbox.retrieveIntent({ account: ctx.account, id: intent.id });
    expect(paymentMethodId).toMatch(/^pm_sandbox_/);
    const charge = (id: string, key: string) =>
      ctx.sandbox.chargeSaved({
        account: ctx.account,
        paymentMethodId: id,
        amountMinor: 2500,
        currency: 'USD',
        metadata: { plan_id: '1' },
        idempotencyKey: key,
      });

    const paid = await charge(paymentMethodId as string, 'plan-1-2026-01');
    expect(paid).toMatchObject({ status: 'succeeded', amountMinor: 2500, currency: 'USD' });
    expect((await charge(paymentMethodId as string, 'plan-1-2026-01')).id).toBe(paid.id);
    await ctx.sandbox.flushWebhooks();
    expect(events.filter((e) => e.providerReference === paid.id).map((e) => e.type)).toEqual(['payment.succeeded']);

    const declining = await insertMethod(ctx.db, {
      id: 'pm_sandbox_saved0002',
      npoId: ctx.account.npoId,
      type: 'card',
      cardLast4: '0002',
    });
    expect(await charge(declining.id, 'plan-2-2026-01')).toMatchObject({
      status: 'failed',
      failureCode: 'card_declined',
      failureMessage: 'Your card was declined.',
    });

    const later = await newIntent({ interval: 'monthly' });
    await client.post(confirmUrl(later.id), {
      client_secret: later.clientSecret,
      ...GOOD,
      card_number: '4000000000000341',
    });
    const saved = await ctx.sandbox.retrieveIntent({ account: ctx.account, id: later.id });
    expect(saved.status).toBe('succeeded');
    expect((await charge(saved.paymentMethodId as string, 'plan-3-2026-01')).status).toBe('failed');
    await expect(
      ctx.sandbox.chargeSaved({
        account: ctx.otherAccount,
        paymentMethodId: paymentMethodId as string,
        amountMinor: 1,
        currency: 'USD',
        metadata: {},
        idempotencyKey: 'x',
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('saves the card of a recurring gift confirmed through the extra step', async () => {
    const intent = await newIntent({ interval: 'monthly' });
    const client = new TestClient(ctx.app);
    await client.post(confirmUrl(intent.id), {
      client_secret: intent.clientSecret,
      ...GOOD,
      card_number: '4000002500003155',
    });
    await client.post(confirmUrl(intent.id), { client_secret: intent.clientSecret, action_confirmed: true });
    const stored = await ctx.sandbox.retrieveIntent({ account: ctx.account, id: intent.id });
    expect(stored.status).toBe('succeeded');
    expect(stored.paymentMethodId).toMatch(/^pm_sandbox_/);
  });

  it('refunds a succeeded payment up to its amount', async () => {
    const intent = await newIntent();
    await expect(
      ctx.sandbox.refund({ account: ctx.account, paymentId: intent.id, currency: 'USD', idempotencyKey: 'r0' }),
    ).rejects.toMatchObject({ code: 'unexpected_state' });
    await new TestClient(ctx.app).post(confirmUrl(intent.id), { client_secret: intent.clientSecret, ...GOOD });
    const refund = await ctx.sandbox.refund({
      account: ctx.account,
      paymentId: intent.id,
      amountMinor: 1000,
      currency: 'USD',
      idempotencyKey: 'r1',
    });
    expect(refund).toMatchObject({ status: 'succeeded', amountMinor: 1000, currency: 'USD' });
    await expect(
      ctx.sandbox.refund({
        account: ctx.account,
        paymentId: intent.id,
        amountMinor: 9999,
        currency: 'USD',
        idempotencyKey: 'r2',
      }),
    ).rejects.toMatchObject({ code: 'invalid_amount' });
  });
});
