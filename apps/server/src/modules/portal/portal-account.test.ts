// The signed-in donor's pages (role 1123: /my-donations, /recurring-donations, /recurring-edit,
// /donation, /profile) read the same portal through /api/v1/portal/account: the donor record with
// the user's e-mail in the selected organisation.
import { ZPortalGiftsResponse, ZPortalOverview, ZPortalPlansResponse } from '@kindling/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { give } from '../../../test/portal.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { auditLog } from '../audit/audit.tables.ts';

const ctx = useTestApp();

type Gift = Awaited<ReturnType<typeof give>>;
let fern: Gift;
let stranger: Gift;

beforeAll(async () => {
  // The seeded peer fundraiser (role 1123) gives under the e-mail of their account.
  fern = await give(ctx, 'Fundraiser@Kindling.test', 'monthly');
  stranger = await give(ctx, 'stranger@example.org', 'monthly');
});

async function signedIn(email: string) {
  const browser = new TestClient(ctx.app);
  await browser.signIn(email);
  return browser;
}

describe('the signed-in donor', () => {
  it('sees the gifts and plans of the donor record with their e-mail, nobody else’s', async () => {
    const browser = await signedIn('fundraiser@kindling.test');
    const overview = ZPortalOverview.parse((await browser.get('/api/v1/portal/account/overview')).json());
    expect(overview).toMatchObject({ source: 'account', expires_at: null });
    expect(overview.donor?.id).toBe(fern.donor.id);
    const gifts = ZPortalGiftsResponse.parse((await browser.get('/api/v1/portal/account/donations')).json()).gifts;
    expect(gifts.map((g) => g.id)).toEqual([fern.id]);
    const plans = ZPortalPlansResponse.parse((await browser.get('/api/v1/portal/account/plans')).json()).plans;
    expect(plans.map((p) => p.id)).toEqual([fern.recurring_plan_id]);
    expect((await browser.get(`/api/v1/portal/account/donations/${stranger.id}`)).statusCode).toBe(404);
    const theirs = await browser.request('PATCH', `/api/v1/portal/account/plans/${stranger.recurring_plan_id}`, {
      body: { amount_minor: 3000 },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('changes their plan, audited as the donor with their user id', async () => {
    const browser = await signedIn('fundraiser@kindling.test');
    const res = await browser.request('PATCH', `/api/v1/portal/account/plans/${fern.recurring_plan_id}`, {
      body: { amount_minor: 3000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().plan.amount_minor).toBe(3000);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'recurring_plan.updated'), eq(auditLog.targetId, String(fern.recurring_plan_id))));
    expect(entry?.actorUserId).toEqual(expect.any(Number));
    expect(entry?.data).toMatchObject({ actor: 'donor', via: 'signed_in', donor_id: fern.donor.id });
  });

  it('shows an empty portal to a member who never gave, and refuses roles outside the donor pages', async () => {
    const admin = await signedIn('admin@kindling.test');
    const overview = ZPortalOverview.parse((await admin.get('/api/v1/portal/account/overview')).json());
    expect(overview.donor).toBe(null);
    expect((await admin.get('/api/v1/portal/account/donations')).json()).toEqual({ gifts: [] });
    expect((await admin.get(`/api/v1/portal/account/plans/${fern.recurring_plan_id}`)).statusCode).toBe(404);

    const staff = await signedIn('staff@kindling.test');
    expect((await staff.get('/api/v1/portal/account/overview')).statusCode).toBe(403);
    expect((await new TestClient(ctx.app).get('/api/v1/portal/account/overview')).statusCode).toBe(401);
  });

  it('does not let a portal link cookie stand in for the signed-in donor, or the other way round', async () => {
    const browser = await signedIn('fundraiser@kindling.test');
    expect((await browser.get('/api/v1/portal/plans')).statusCode).toBe(401);
  });
});
