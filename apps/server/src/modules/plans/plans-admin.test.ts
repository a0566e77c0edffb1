// The staff API of recurring plans through real HTTP: list with filters, search and monthly
// recurring revenue, one plan with its charge history, and every change, for each role and for
// another organisation (404, nothing changed).
import { ZRecurringPlanListResponse, ZRecurringPlanResponse, ZRecurringPlanRetryResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { dayIn } from '../../platform/format/calendar.ts';
import { chargeDateOf } from './index.ts';
import { createTestPlan, npoIdOf, planById, setPlan } from './plans.test-support.ts';

const ctx = useTestApp();
const BASE = '/api/v1/npo_admin/recurring_plans';
const DAY = 86_400_000;

let admin: TestClient;
let staff: TestClient;
let finance: TestClient;
let fundraiser: TestClient;
let outsider: TestClient;
let riverside = 0;
let outsiderNpo = 0;

async function signUpWithOrganisation(email: string, name: string): Promise<TestClient> {
  const client = new TestClient(ctx.app);
  await client.post('/api/v1/signup', { first_name: 'Out', last_name: 'Sider', email, password: 'outsider-pass' });
  const created = await client.post('/api/v1/npo_admin/organisations', { name });
  expect(created.statusCode, created.body).toBeLessThan(300);
  return client;
}

beforeAll(async () => {
  admin = new TestClient(ctx.app);
  await admin.signIn('admin@kindling.test');
  staff = new TestClient(ctx.app);
  await staff.signIn('staff@kindling.test');
  finance = new TestClient(ctx.app);
  await finance.signIn('finance@kindling.test');
  fundraiser = new TestClient(ctx.app);
  await fundraiser.signIn('fundraiser@kindling.test');
  outsider = await signUpWithOrganisation('plans-outsider@example.org', 'Plans Outsider Shelter');
  riverside = await npoIdOf(ctx.db);
  const { rows } = await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE name = 'Plans Outsider Shelter'`);
  outsiderNpo = Number(rows[0]?.id);
});

const patch = (client: TestClient, url: string, body: unknown) =>
  client.request('PATCH', url, { body: body as Record<string, unknown> });

const recentPlan = (overrides: Partial<Parameters<typeof createTestPlan>[1]> = {}) =>
  createTestPlan(ctx.db, { npoId: riverside, startedAt: new Date(Date.now() - 10 * DAY), ...overrides });

const auditActions = async (planId: number) =>
  (
    await ctx.db.execute<{ action: string; actor_user_id: number | null }>(sql`
      SELECT action, actor_user_id FROM audit_log WHERE target_type = 'recurring_plan' AND target_id = ${String(planId)}
      ORDER BY id`)
  ).rows;

describe('list', () => {
  it('lists the organisation plans with status filters, donor search and counts', async () => {
    const active = await recentPlan({ email: 'ada.listing@example.org', firstName: 'Adalist' });
    const paused = await recentPlan({ email: 'paused.listing@example.org' });
    await setPlan(ctx.db, paused.id, { status: 'paused', pausedAt: new Date() });
    const outside = await createTestPlan(ctx.db, { npoId: outsiderNpo, startedAt: new Date() });

    const all = await staff.get(`${BASE}?per_page=100`);
    expect(all.statusCode, all.body).toBe(200);
    const body = ZRecurringPlanListResponse.parse(all.json());
    const ids = body.plans.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([active.id, paused.id]));
    expect(ids).not.toContain(outside.id);
    expect(body.total).toBe(body.counts.active + body.counts.paused + body.counts.past_due + body.counts.cancelled);

    const onlyPaused = ZRecurringPlanListResponse.parse((await admin.get(`${BASE}?status=paused&per_page=100`)).json());
    expect(onlyPaused.plans.every((p) => p.status === 'paused')).toBe(true);
    expect(onlyPaused.plans.map((p) => p.id)).toContain(paused.id);

    const byName = ZRecurringPlanListResponse.parse((await admin.get(`${BASE}?q=adalist%20hop`)).json());
    expect(byName.plans.map((p) => p.id)).toEqual([active.id]);
    expect(byName.plans[0]?.donor).toMatchObject({ email: 'ada.listing@example.org', first_name: 'Adalist' });
    const byEmail = ZRecurringPlanListResponse.parse((await admin.get(`${BASE}?q=PAUSED.LISTING`)).json());
    expect(byEmail.plans.map((p) => p.id)).toEqual([paused.id]);
    expect(byEmail.counts).toEqual({ active: 0, paused: 1, past_due: 0, cancelled: 0 });
    // LIKE wildcards are literal.
    expect(ZRecurringPlanListResponse.parse((await admin.get(`${BASE}?q=%25`)).json()).plans).toEqual([]);

    const bad = await admin.get(`${BASE}?status=sleeping`);
    expect(bad.statusCode).toBe(400);
  });

  it('is for the dashboard roles only', async () => {
    expect((await fundraiser.get(BASE)).statusCode).toBe(403);
    expect((await new TestClient(ctx.app).get(BASE)).statusCode).toBe(401);
    expect((await finance.get(BASE)).statusCode).toBe(200);
  });
});

describe('monthly recurring revenue', () => {
  it('normalises every interval to a month and converts each currency to the base currency', async () => {
    const client = await signUpWithOrganisation('mrr-owner@example.org', 'MRR Test Trust');
    const { rows } = await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE name = 'MRR Test Trust'`);
    const npoId = Number(rows[0]?.id);
    const today = new Date().toISOString().slice(0, 10);
    await ctx.db.execute(sql`
      INSERT INTO exchange_rates (npo_id, from_currency, to_currency, rate, as_of)
      VALUES (${npoId}, 'EUR', 'USD', 1.10, ${today}), (${npoId}, 'GBP', 'USD', 1.25, ${today})`);
    const plan = (
      interval: 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'yearly',
      amountMinor: number,
      currency = 'USD',
    ) => createTestPlan(ctx.db, { npoId, startedAt: new Date(), interval, amountMinor, currency });
    await plan('monthly', 1000); // 10.00 a month
    await plan('quarterly', 3000); // 10.00 a month
    await plan('yearly', 12000); // 10.00 a month
    await plan('weekly', 500, 'EUR'); // 5 × 52 ÷ 12 EUR = 21.666… EUR, at 1.10: 23.833… USD
    await plan('daily', 100, 'GBP'); // 1 × 365 ÷ 12 GBP = 30.416… GBP, at 1.25: 38.020… USD
    const pastDue = await plan('monthly', 2000); // 20.00, at risk
    await setPlan(ctx.db, pastDue.id, { status: 'past_due', failedAttempts: 1, pastDueSince: new Date() });
    const paused = await plan('monthly', 5000);
    await setPlan(ctx.db, paused.id, { status: 'paused' });
    const cancelled = await plan('monthly', 7000);
    await setPlan(ctx.db, cancelled.id, { status: 'cancelled', nextChargeAt: null });

    const body = ZRecurringPlanListResponse.parse((await client.get(BASE)).json());
    // Yearly in USD cents: 12000 × 3 + 28600 + 45625 + 24000 = 134225; ÷ 12 = 11185.42 → 11185.
    expect(body.mrr).toEqual({ amount_minor: 11185, currency: 'USD', past_due_minor: 2000, plans: 6 });
    expect(body.counts).toEqual({ active: 5, paused: 1, past_due: 1, cancelled: 1 });
  });
});

describe('one plan', () => {
  it('shows the plan with its charge history: gifts and failed attempts', async () => {
    const plan = await recentPlan({ last4: '0002', email: 'history@example.org' });
    await setPlan(ctx.db, plan.id, { nextChargeAt: new Date(Date.now() - 60_000) });
    const swept = await admin.post(`${BASE}/${plan.id}/test_sweep`, { now: new Date().toISOString() });
    expect(swept.json()).toEqual({ outcomes: ['failed'] });

    const res = await staff.get(`${BASE}/${plan.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { plan: detail } = ZRecurringPlanResponse.parse(res.json());
    expect(detail).toMatchObject({ id: plan.id, status: 'past_due', failed_attempts: 1, retries_left: 4 });
    expect(detail.charges.map((c) => [c.kind, c.status, c.failure_message])).toEqual([
      ['attempt', 'failed', 'Your card was declined.'],
      ['donation', 'succeeded', null],
    ]);
    expect((await staff.get(`${BASE}/999999999`)).statusCode).toBe(404);
  });
});

describe('the saved card', () => {
  const cardOf = async (client: TestClient, id: number) => {
    const res = await client.get(`${BASE}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZRecurringPlanResponse.parse(res.json()).plan.card;
  };
  const monthsFromNow = (months: number) => {
    const at = new Date();
    at.setUTCDate(1);
    at.setUTCMonth(at.getUTCMonth() + months);
    return { cardExpMonth: at.getUTCMonth() + 1, cardExpYear: at.getUTCFullYear() };
  };

  it('shows brand, last four and expiry, and whether the card expires soon or expired', async () => {
    const plan = await recentPlan();
    await setPlan(ctx.db, plan.id, { cardBrand: 'visa', cardLast4: '4444', ...monthsFromNow(12) });
    const later = monthsFromNow(12);
    expect(await cardOf(staff, plan.id)).toEqual({
      brand: 'visa',
      last4: '4444',
      exp_month: later.cardExpMonth,
      exp_year: later.cardExpYear,
      expiry: 'valid',
    });
    // Next month is the last one: in the card-expiring e-mail's window.
    await setPlan(ctx.db, plan.id, monthsFromNow(1));
    expect((await cardOf(finance, plan.id))?.expiry).toBe('expiring');
    await setPlan(ctx.db, plan.id, monthsFromNow(-1));
    expect((await cardOf(staff, plan.id))?.expiry).toBe('expired');
  });

  it('is null with no saved method, for a PayPal plan, or before the card is known', async () => {
    const unknown = await recentPlan();
    expect(await cardOf(staff, unknown.id)).toBeNull();
    const paypal = await recentPlan();
    await setPlan(ctx.db, paypal.id, { provider: 'paypal', paymentMethodId: 'vault-token-1', cardLast4: null });
    expect(await cardOf(staff, paypal.id)).toBeNull();
    const none = await recentPlan();
    await setPlan(ctx.db, none.id, { paymentMethodId: null, status: 'failed', cardLast4: '4242' });
    const res = ZRecurringPlanResponse.parse((await staff.get(`${BASE}/${none.id}`)).json());
    expect(res.plan).toMatchObject({ payment_method_id: null, card: null });
  });

  it("is not shown to another organisation's staff (404)", async () => {
    const plan = await recentPlan();
    await setPlan(ctx.db, plan.id, { cardBrand: 'visa', cardLast4: '1881', cardExpMonth: 3, cardExpYear: 2031 });
    const res = await outsider.get(`${BASE}/${plan.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('1881');
  });
});

describe('changes', () => {
  it('changes the amount and the next date, audited with who did it', async () => {
    const plan = await recentPlan();
    const next = new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10);
    const res = await patch(admin, `${BASE}/${plan.id}`, { amount_minor: 4200, next_charge_date: next });
    expect(res.statusCode, res.body).toBe(200);
    const { plan: changed } = ZRecurringPlanResponse.parse(res.json());
    expect(changed.amount_minor).toBe(4200);
    // The chosen day is the organisation's (New York's), whatever the plan's time of day in UTC.
    expect(dayIn(new Date(changed.next_charge_at ?? ''), 'America/New_York')).toBe(next);
    // Re-anchored on the new date; the period counter goes on (keys never repeat).
    const row = await planById(ctx.db, plan.id);
    expect(row).toMatchObject({ anchorPeriod: 1, nextPeriod: 1 });
    expect(dayIn(row.anchorAt, 'America/New_York')).toBe(next);
    expect(row.nextChargeAt).toEqual(row.anchorAt);
    // The following charge is one month after the new date.
    expect(chargeDateOf(row.anchorAt, 'monthly', 1).getTime()).toBeGreaterThan(row.anchorAt.getTime() + 27 * DAY);
    const admins = await ctx.db.execute<{ id: number }>(sql`SELECT id FROM users WHERE email = 'admin@kindling.test'`);
    expect(await auditActions(plan.id)).toContainEqual({
      action: 'recurring_plan.updated',
      actor_user_id: Number(admins.rows[0]?.id),
    });
  });

  it('refuses bad input with a message per field and changes nothing', async () => {
    const plan = await recentPlan();
    const cases: [unknown, string][] = [
      [{ amount_minor: 0 }, 'amount_minor'],
      [{ amount_minor: 12.5 }, 'amount_minor'],
      [{ next_charge_date: '31/12/2030' }, 'next_charge_date'],
      [{ next_charge_date: '2020-01-01' }, 'next_charge_date'],
      [{ next_charge_date: '2031-02-30' }, 'next_charge_date'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(admin, `${BASE}/${plan.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    }
    expect((await patch(admin, `${BASE}/${plan.id}`, {})).statusCode).toBe(400);
    expect(await planById(ctx.db, plan.id)).toEqual(plan);
  });

  it('pauses, resumes and cancels, each once, and a cancelled plan stays cancelled', async () => {
    const plan = await recentPlan();
    const pause = await finance.post(`${BASE}/${plan.id}/pause`);
    expect(pause.statusCode, pause.body).toBe(200);
    expect(pause.json().plan.status).toBe('paused');
    expect((await admin.post(`${BASE}/${plan.id}/pause`)).statusCode).toBe(409);
    const resume = await admin.post(`${BASE}/${plan.id}/resume`);
    expect(resume.json().plan).toMatchObject({ status: 'active', paused_at: null });
    expect(new Date(resume.json().plan.next_charge_at).getTime()).toBeGreaterThan(Date.now());
    const cancel = await admin.post(`${BASE}/${plan.id}/cancel`);
    expect(cancel.json().plan).toMatchObject({ status: 'cancelled', next_charge_at: null, failure_reason: null });
    expect((await admin.post(`${BASE}/${plan.id}/cancel`)).statusCode).toBe(409);
    expect((await admin.post(`${BASE}/${plan.id}/resume`)).statusCode).toBe(409);
    expect((await patch(admin, `${BASE}/${plan.id}`, { amount_minor: 100 })).statusCode).toBe(409);
    expect((await auditActions(plan.id)).map((a) => a.action)).toEqual([
      'recurring_plan.created',
      'recurring_plan.paused',
      'recurring_plan.resumed',
      'recurring_plan.cancelled',
    ]);
    // A staff cancellation notifies nobody.
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM notifications WHERE kind = 'recurring_plan.cancelled' AND metadata->>'plan_id' = ${String(plan.id)}`);
    expect(rows[0]?.n).toBe(0);
  });

  it('retries a past-due plan now through the scheduler, and only a past-due one', async () => {
    const plan = await recentPlan({ last4: '0002' });
    expect((await admin.post(`${BASE}/${plan.id}/retry`)).statusCode).toBe(409);
    await setPlan(ctx.db, plan.id, { nextChargeAt: new Date(Date.now() - 60_000) });
    await admin.post(`${BASE}/${plan.id}/test_sweep`, { now: new Date().toISOString() });
    const res = await admin.post(`${BASE}/${plan.id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    const body = ZRecurringPlanRetryResponse.parse(res.json());
    expect(body).toMatchObject({ outcome: 'failed', plan: { status: 'past_due', failed_attempts: 2 } });
    expect(body.message).toContain('Your card was declined.');
    expect((await auditActions(plan.id)).map((a) => a.action)).toContain('recurring_plan.retried');
  });

  it('is for the admin roles: dashboard-only staff and fundraisers cannot change a plan', async () => {
    const plan = await recentPlan();
    for (const client of [staff, fundraiser]) {
      expect((await patch(client, `${BASE}/${plan.id}`, { amount_minor: 100 })).statusCode).toBe(403);
      expect((await client.post(`${BASE}/${plan.id}/pause`)).statusCode).toBe(403);
      expect((await client.post(`${BASE}/${plan.id}/cancel`)).statusCode).toBe(403);
      expect((await client.post(`${BASE}/${plan.id}/retry`)).statusCode).toBe(403);
    }
    expect(await planById(ctx.db, plan.id)).toEqual(plan);
  });

  it("answers 404 to another organisation's staff on every route and changes nothing", async () => {
    const plan = await recentPlan({ last4: '0002' });
    await setPlan(ctx.db, plan.id, { status: 'past_due', failedAttempts: 1, pastDueSince: new Date() });
    const before = await planById(ctx.db, plan.id);
    const url = `${BASE}/${plan.id}`;
    expect((await outsider.get(url)).statusCode).toBe(404);
    expect((await patch(outsider, url, { amount_minor: 1 })).statusCode).toBe(404);
    for (const action of ['pause', 'resume', 'cancel', 'retry']) {
      expect((await outsider.post(`${url}/${action}`)).statusCode, action).toBe(404);
    }
    expect((await outsider.post(`${url}/test_sweep`, { now: new Date().toISOString() })).json()).toEqual({
      outcomes: [],
    });
    expect(await planById(ctx.db, plan.id)).toEqual(before);
    expect((await auditActions(plan.id)).map((a) => a.action)).toEqual(['recurring_plan.created']);
  });
});

describe('demo seed', () => {
  it('gives the demo recurring gifts plans with saved sandbox cards, in every status, once', async () => {
    const seeded = async () =>
      (
        await ctx.db.execute<{ status: string; payment_method_id: string; card_last4: string }>(sql`
          SELECT p.status, p.payment_method_id, m.card_last4 FROM recurring_plans p
          JOIN sandbox_payment_methods m ON m.id = p.payment_method_id
          WHERE p.npo_id = ${riverside} AND p.payment_method_id LIKE 'pm\\_sandbox\\_seed%' ORDER BY p.id`)
      ).rows;
    const plans = await seeded();
    const statuses = plans.map((p) => p.status);
    expect(statuses.filter((s) => s === 'past_due')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'paused')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'cancelled')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'active').length).toBeGreaterThan(0);
    expect(plans.find((p) => p.status === 'past_due')?.card_last4).toBe('0002');
    const { seedRecurringPlans } = await import('./index.ts');
    await seedRecurringPlans(ctx.db, riverside);
    expect(await seeded()).toEqual(plans);

    // The scheduler can charge a seeded active plan when it falls due.
    const { rows } = await ctx.db.execute<{ id: number; next_charge_at: Date }>(sql`
      SELECT id, next_charge_at FROM recurring_plans
      WHERE npo_id = ${riverside} AND status = 'active' AND payment_method_id LIKE 'pm\\_sandbox\\_seed%' LIMIT 1`);
    const due = rows[0];
    const swept = await admin.post(`${BASE}/${due?.id}/test_sweep`, {
      now: new Date(new Date(due?.next_charge_at as Date).getTime() + 60_000).toISOString(),
    });
    expect(swept.json()).toEqual({ outcomes: ['charged'] });
  });
});
