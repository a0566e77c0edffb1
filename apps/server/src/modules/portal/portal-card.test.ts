// A new card from the portal through the sandbox provider: the card setup is confirmed by the
// sandbox card form's endpoint, then applied to one plan or to all of the donor's plans.
import { ZPortalCardSetupResponse, ZPortalPlansResponse } from '@kindling/contracts';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { give, portalBrowser } from '../../../test/portal.ts';
import { useTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { recurringPlans } from '../plans/index.ts';

const ctx = useTestApp();

type Gift = Awaited<ReturnType<typeof give>>;
let first: Gift;
let second: Gift;
let other: Gift;

beforeAll(async () => {
  first = await give(ctx, 'grace@example.org', 'monthly');
  second = await give(ctx, 'grace@example.org', 'monthly', 2500);
  other = await give(ctx, 'alan@example.org', 'monthly');
});

const plans = (ids: number[]) => ctx.db.select().from(recurringPlans).where(inArray(recurringPlans.id, ids));
const planIds = () => [Number(first.recurring_plan_id), Number(second.recurring_plan_id)];

async function newCard(browser: TestClient, planId: number, cardNumber: string) {
  const started = await browser.post(`/api/v1/portal/plans/${planId}/card_setup`);
  expect(started.statusCode, started.body).toBe(200);
  const { setup } = ZPortalCardSetupResponse.parse(started.json());
  expect(setup.provider).toBe('sandbox');
  const confirmed = await browser.post(`/api/v1/sandbox/payments/${setup.id}/confirm`, {
    client_secret: setup.client_secret,
    card_number: cardNumber,
    exp: '12/34',
    cvc: '123',
  });
  return { setup, confirmed };
}

describe('a new card from the portal', () => {
  it('is refused by a declining card and changes no plan', async () => {
    const browser = await portalBrowser(ctx, first.npo_id, first.donor.id);
    const before = await plans(planIds());
    const { setup, confirmed } = await newCard(browser, planIds()[0] as number, '4000 0000 0000 0002');
    expect(confirmed.json().last_payment_error?.code).toBe('card_declined');
    const done = await browser.post('/api/v1/portal/card_setup/complete', {
      setup_id: setup.id,
      plan_id: planIds()[0],
      apply_to_all: true,
    });
    expect(done.statusCode).toBe(409);
    expect(await plans(planIds())).toEqual(before);
  });

  it('cannot be used by another donor', async () => {
    const grace = await portalBrowser(ctx, first.npo_id, first.donor.id);
    const { setup, confirmed } = await newCard(grace, planIds()[0] as number, '4242 4242 4242 4242');
    expect(confirmed.statusCode).toBe(200);
    const alan = await portalBrowser(ctx, other.npo_id, other.donor.id);
    const stolen = await alan.post('/api/v1/portal/card_setup/complete', {
      setup_id: setup.id,
      plan_id: other.recurring_plan_id,
      apply_to_all: false,
    });
    expect(stolen.statusCode).toBe(404);
    const [alanPlan] = await plans([Number(other.recurring_plan_id)]);
    expect(alanPlan?.paymentMethodId).not.toBe(null);
    expect((await grace.post(`/api/v1/portal/plans/${other.recurring_plan_id}/card_setup`)).statusCode).toBe(404);
  });

  it('applies to the chosen plan only, or to all the donor’s plans at once', async () => {
    const browser = await portalBrowser(ctx, first.npo_id, first.donor.id);
    const [firstId, secondId] = planIds() as [number, number];
    const one = await newCard(browser, firstId, '5555 5555 5555 4444');
    const onlyFirst = await browser.post('/api/v1/portal/card_setup/complete', {
      setup_id: one.setup.id,
      plan_id: firstId,
      apply_to_all: false,
    });
    expect(onlyFirst.statusCode, onlyFirst.body).toBe(200);
    let rows = await plans([firstId, secondId]);
    const methodOf = (id: number) => rows.find((p) => p.id === id)?.paymentMethodId;
    expect(methodOf(firstId)).toMatch(/^pm_sandbox_/);
    expect(methodOf(secondId)).not.toBe(methodOf(firstId));

    const all = await newCard(browser, secondId, '4242 4242 4242 4242');
    const both = await browser.post('/api/v1/portal/card_setup/complete', {
      setup_id: all.setup.id,
      plan_id: secondId,
      apply_to_all: true,
    });
    expect(both.statusCode, both.body).toBe(200);
    const answered = ZPortalPlansResponse.parse(both.json()).plans;
    // The new card's expiry, as the card form took it, replaces the old card's on both plans.
    expect(answered.map((p) => p.payment_method_label)).toEqual([
      'Card ending 4242, expires 12/2034',
      'Card ending 4242, expires 12/2034',
    ]);
    rows = await plans([firstId, secondId]);
    expect(rows.map((p) => [p.cardLast4, p.cardExpMonth, p.cardExpYear])).toEqual([
      ['4242', 12, 2034],
      ['4242', 12, 2034],
    ]);
    expect(new Set(rows.map((p) => p.paymentMethodId)).size).toBe(1);
    expect(methodOf(firstId)).toMatch(/^pm_sandbox_/);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'recurring_plan.payment_method_changed'));
    expect(audits).toHaveLength(3);
    for (const a of audits) expect(a.data).toMatchObject({ actor: 'donor', via: 'portal_link' });
  });

  it('makes a past-due plan due at once with the new card', async () => {
    const [firstId] = planIds() as [number];
    const pastDueSince = new Date(Date.now() - 86_400_000);
    const later = new Date(Date.now() + 3 * 86_400_000);
    await ctx.db
      .update(recurringPlans)
      .set({ status: 'past_due', failedAttempts: 1, pastDueSince, nextChargeAt: later })
      .where(eq(recurringPlans.id, firstId));
    const browser = await portalBrowser(ctx, first.npo_id, first.donor.id);
    const { setup } = await newCard(browser, firstId, '4242 4242 4242 4242');
    const before = Date.now();
    const done = await browser.post('/api/v1/portal/card_setup/complete', {
      setup_id: setup.id,
      plan_id: firstId,
      apply_to_all: false,
    });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await plans([firstId]);
    expect(row?.status).toBe('past_due');
    expect(row?.nextChargeAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.nextChargeAt?.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
