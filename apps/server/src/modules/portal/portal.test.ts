// The donor portal through a signed link, over real HTTP: the link is exchanged for a portal
// cookie, and that donor sees and changes only their own gifts and plans.
import { ZPortalGiftsResponse, ZPortalOverview, ZPortalPlanResponse, ZPortalPlansResponse } from '@kindling/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { give, linkFor, portalBrowser, tokenOf } from '../../../test/portal.ts';
import { donorIdOf, gift } from '../../../test/records.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { setCookieOf, TestClient } from '../../../test/test-client.ts';
import { dayIn } from '../../platform/format/calendar.ts';
import { PORTAL_LINK_TTL_MS } from '../../platform/security/portal-link.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { recurringPlans } from '../plans/index.ts';

const ctx = useTestApp();

type Gift = Awaited<ReturnType<typeof give>>;
let ada: { once: Gift; monthly: Gift };
let bob: Gift;

beforeAll(async () => {
  ada = {
    once: await give(ctx, 'ada@example.org', 'once', 2500),
    monthly: await give(ctx, 'ada@example.org', 'monthly'),
  };
  bob = await give(ctx, 'bob@example.org', 'monthly');
});

const planRow = async (id: number) => (await ctx.db.select().from(recurringPlans).where(eq(recurringPlans.id, id)))[0];

describe('opening the portal link', () => {
  it('exchanges a valid link for an httpOnly portal cookie scoped to the portal API', async () => {
    const browser = new TestClient(ctx.app);
    const link = linkFor(ctx, ada.once.npo_id, ada.once.donor.id);
    const res = await browser.post('/api/v1/portal/session', { token: tokenOf(link) });
    expect(res.statusCode, res.body).toBe(200);
    const overview = ZPortalOverview.parse(res.json());
    expect(overview.donor?.email).toBe('ada@example.org');
    expect(overview.source).toBe('link');
    expect(overview.card_form.provider).toBe('sandbox');
    const cookie = setCookieOf(res, 'kindling_portal');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/v1/portal', sameSite: 'Strict' });
    expect(Number(cookie?.maxAge)).toBe(2 * 60 * 60);
    const again = await browser.get('/api/v1/portal/overview');
    expect(again.statusCode).toBe(200);
  });

  it('refuses an expired link, a tampered one and one for another organisation', async () => {
    const browser = new TestClient(ctx.app);
    const old = new Date(Date.now() - PORTAL_LINK_TTL_MS - 60_000);
    const expired = await browser.post('/api/v1/portal/session', {
      token: tokenOf(linkFor(ctx, ada.once.npo_id, ada.once.donor.id, old)),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/expired/);

    const [v, npo, , expiry, mac] = tokenOf(linkFor(ctx, ada.once.npo_id, ada.once.donor.id)).split('.');
    const tampered = await browser.post('/api/v1/portal/session', {
      token: [v, npo, String(bob.donor.id), expiry, mac].join('.'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().message).toMatch(/not valid/);

    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM npos WHERE id <> ${ada.once.npo_id} LIMIT 1`,
    );
    const otherNpo = Number(rows[0]?.id);
    const elsewhere = await browser.post('/api/v1/portal/session', {
      token: tokenOf(linkFor(ctx, otherNpo, ada.once.donor.id)),
    });
    expect(elsewhere.statusCode).toBe(404);
    for (const res of [expired, tampered, elsewhere]) expect(setCookieOf(res, 'kindling_portal')?.value ?? '').toBe('');
    expect((await browser.get('/api/v1/portal/plans')).statusCode).toBe(401);
  });

  it('opens a link whose donor staff merged away as the donor it was merged into', async () => {
    const mergedAway = 987_654;
    await ctx.db.execute(sql`
      INSERT INTO donor_merges (npo_id, merged_donor_id, merged_email, kept_donor_id)
      VALUES (${ada.once.npo_id}, ${mergedAway}, 'ada.old@example.org', ${ada.once.donor.id})`);
    const browser = new TestClient(ctx.app);
    const res = await browser.post('/api/v1/portal/session', {
      token: tokenOf(linkFor(ctx, ada.once.npo_id, mergedAway)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZPortalOverview.parse(res.json()).donor?.id).toBe(ada.once.donor.id);
    const gifts = ZPortalGiftsResponse.parse((await browser.get('/api/v1/portal/donations')).json()).gifts;
    expect(gifts.map((g) => g.id).sort()).toEqual([ada.once.id, ada.monthly.id].sort());
  });

  it('answers 401 to portal calls without a portal session', async () => {
    const browser = new TestClient(ctx.app);
    const res = await browser.get('/api/v1/portal/donations');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/Open the link in your e-mail again/);
  });
});

describe('what the donor sees', () => {
  it('lists only their own gifts and plans, and 404s another donor’s', async () => {
    const browser = await portalBrowser(ctx, ada.once.npo_id, ada.once.donor.id);
    const gifts = ZPortalGiftsResponse.parse((await browser.get('/api/v1/portal/donations')).json()).gifts;
    expect(gifts.map((g) => g.id).sort()).toEqual([ada.once.id, ada.monthly.id].sort());
    const plans = ZPortalPlansResponse.parse((await browser.get('/api/v1/portal/plans')).json()).plans;
    expect(plans).toEqual([
      expect.objectContaining({
        id: ada.monthly.recurring_plan_id,
        amount_minor: 1000,
        interval: 'monthly',
        payment_method_label: 'Card ending 4242, expires 12/2034',
      }),
    ]);
    expect((await browser.get(`/api/v1/portal/donations/${bob.id}`)).statusCode).toBe(404);
    expect((await browser.get(`/api/v1/portal/donations/${bob.id}/receipt`)).statusCode).toBe(404);
    expect((await browser.get(`/api/v1/portal/plans/${bob.recurring_plan_id}`)).statusCode).toBe(404);
    const before = await planRow(Number(bob.recurring_plan_id));
    const changed = await browser.request('PATCH', `/api/v1/portal/plans/${bob.recurring_plan_id}`, {
      body: { amount_minor: 5 },
    });
    expect(changed.statusCode).toBe(404);
    expect((await browser.post(`/api/v1/portal/plans/${bob.recurring_plan_id}/cancel`)).statusCode).toBe(404);
    expect(await planRow(Number(bob.recurring_plan_id))).toEqual(before);
  });

  it('downloads the receipt PDF of a gift and the annual statement', async () => {
    const browser = await portalBrowser(ctx, ada.once.npo_id, ada.once.donor.id);
    const receipt = await browser.get(`/api/v1/portal/donations/${ada.once.id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const year = new Date().getUTCFullYear();
    const overview = ZPortalOverview.parse((await browser.get('/api/v1/portal/overview')).json());
    expect(overview.statement_years).toContain(year);
    const statement = await browser.get(`/api/v1/portal/statement?year=${year}`);
    expect(statement.statusCode, statement.body.slice(0, 200)).toBe(200);
    expect(statement.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('offers the statement year of a gift by the organisation’s calendar, not UTC’s', async () => {
    // 3 am UTC on 1 January is 10 pm on 31 December in New York, the demo organisation's zone.
    const npoId = ada.once.npo_id;
    const zone = await ctx.db.execute<{ time_zone: string }>(sql`SELECT time_zone FROM npos WHERE id = ${npoId}`);
    expect(zone.rows[0]?.time_zone).toBe('America/New_York');
    const year = new Date().getUTCFullYear();
    await gift(ctx, npoId, { email: 'eve@portal-zone.example' }, 1500, new Date(`${year}-01-01T03:00:00Z`));
    const browser = await portalBrowser(ctx, npoId, await donorIdOf(ctx, npoId, 'eve@portal-zone.example'));
    const overview = ZPortalOverview.parse((await browser.get('/api/v1/portal/overview')).json());
    expect(overview.statement_years).toEqual([year - 1]);
  });
});

describe('changing a plan', () => {
  const planId = () => Number(ada.monthly.recurring_plan_id);
  const patch = (browser: TestClient, body: unknown) =>
    browser.request('PATCH', `/api/v1/portal/plans/${planId()}`, { body: body as Record<string, unknown> });

  it('changes the amount, the interval and the next date, each audited with the actor donor', async () => {
    const browser = await portalBrowser(ctx, ada.once.npo_id, ada.once.donor.id);
    const amount = await patch(browser, { amount_minor: 2000 });
    expect(amount.statusCode, amount.body).toBe(200);
    expect(ZPortalPlanResponse.parse(amount.json()).plan.amount_minor).toBe(2000);
    expect((await planRow(planId()))?.amountMinor).toBe(2000);

    const interval = await patch(browser, { interval: 'quarterly' });
    expect(interval.json().plan.interval).toBe('quarterly');

    const next = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const date = await patch(browser, { next_charge_date: next });
    expect(date.statusCode, date.body).toBe(200);
    // The chosen day on the organisation's calendar (New York), at the plan's time of day there.
    expect(dayIn(new Date(date.json().plan.next_charge_at), 'America/New_York')).toBe(next);

    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'recurring_plan'), eq(auditLog.targetId, String(planId()))));
    const updates = audits.filter((a) => a.action === 'recurring_plan.updated');
    expect(updates).toHaveLength(3);
    for (const a of updates) expect(a.data).toMatchObject({ actor: 'donor', via: 'portal_link' });
    expect(updates[0]?.data).toMatchObject({ amount_minor: { from: 1000, to: 2000 } });
  });

  it('refuses bad values with a message per field and changes nothing', async () => {
    const browser = await portalBrowser(ctx, ada.once.npo_id, ada.once.donor.id);
    const before = await planRow(planId());
    const bad = await patch(browser, { amount_minor: 10, interval: 'hourly' });
    expect(bad.statusCode).toBe(400);
    const past = await patch(browser, { next_charge_date: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields?.next_charge_date).toMatch(/after today/);
    const small = await patch(browser, { amount_minor: 10 });
    expect(small.statusCode).toBe(400);
    expect(small.json().fields?.amount_minor).toBeTruthy();
    expect(await planRow(planId())).toEqual(before);
  });

  it('pauses, resumes and cancels; the cancellation notifies staff', async () => {
    const browser = await portalBrowser(ctx, ada.once.npo_id, ada.once.donor.id);
    const paused = await browser.post(`/api/v1/portal/plans/${planId()}/pause`);
    expect(paused.json().plan.status).toBe('paused');
    expect((await browser.post(`/api/v1/portal/plans/${planId()}/pause`)).statusCode).toBe(409);
    const resumed = await browser.post(`/api/v1/portal/plans/${planId()}/resume`);
    expect(resumed.json().plan.status).toBe('active');
    expect(new Date(resumed.json().plan.next_charge_at).getTime()).toBeGreaterThan(Date.now());
    const cancelled = await browser.post(`/api/v1/portal/plans/${planId()}/cancel`);
    expect(cancelled.json().plan).toMatchObject({ status: 'cancelled', next_charge_at: null });
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.npoId, ada.once.npo_id), eq(notifications.kind, 'recurring_plan.cancelled')));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.message).toContain('Ada Lovelace');
    expect(notes[0]?.metadata).toMatchObject({ plan_id: planId(), by: 'donor' });
  });
});
