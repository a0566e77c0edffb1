// Recurring imports in sandbox mode, through real HTTP and the job queue: who may import, another
// organisation's ids, rows refused with nothing written for them, the same file twice, the errors
// download, and an imported plan due today charged by the scheduler's run like any other plan.
import {
  ZRecurringImportPlansResponse,
  ZRecurringImportResponse,
  ZRecurringImportUploadResponse,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { wallTimeIn } from '../../platform/format/calendar.ts';
import { csvUpload } from '../imports/imports.test-support.ts';
import { runDueCharges, type SchedulerDeps } from '../plans/index.ts';
import { sandboxCharges, schedulerDepsFor } from '../plans/plans.test-support.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const API = '/api/v1/npo_admin/recurring_imports';
const HEADER =
  'first_name,last_name,email,amount,currency,interval,next_charge_date,provider,customer_id,payment_method_id,status,campaign_url';

describe('recurring imports (sandbox)', () => {
  const ctx = useTestApp({ env: { JOB_POLL_INTERVAL_SECONDS: '0.5' } });
  let admin: TestClient;
  let staff: TestClient;
  let outsider: TestClient;
  let npoId = 0;
  let today = '';
  let otherCampaign = '';
  let scheduler: SchedulerDeps & { stop: () => Promise<void> };

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    staff = await signedIn(ctx, 'staff@kindling.test');
    outsider = (await outsiderOrganisation(ctx, 'recurring-import-outsider@example.org', 'Outsider Plans Trust'))
      .client;
    const { rows } = await ctx.db.execute<{ id: number; time_zone: string }>(
      sql`SELECT id, time_zone FROM npos WHERE slug = 'riverside-food-bank'`,
    );
    npoId = Number(rows[0]?.id);
    today = wallTimeIn(new Date(), rows[0]?.time_zone ?? 'UTC').day;
    const other = await ctx.db.execute<{ url: string }>(
      sql`SELECT campaign_url AS url FROM campaigns WHERE npo_id <> ${npoId} ORDER BY id LIMIT 1`,
    );
    otherCampaign = other.rows[0]?.url ?? '';
    scheduler = await schedulerDepsFor(ctx.db, ctx.config.sessionSecret);
  });
  afterAll(async () => scheduler?.stop());

  const day = (offset: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  const upload = (client: TestClient, text: string) => {
    const { body, headers } = csvUpload(text, 'plans.csv');
    return client.request('POST', API, { body, headers });
  };
  const plansOf = async (email: string) =>
    (
      await ctx.db.execute<{ id: number; status: string; next_charge_at: Date; payment_method_id: string }>(sql`
        SELECT p.id, p.status, p.next_charge_at, p.payment_method_id FROM recurring_plans p
        JOIN donors d ON d.id = p.donor_id WHERE p.npo_id = ${npoId} AND d.email = ${email}`)
    ).rows;
  const waitUntilFinished = async (id: number) => {
    for (let i = 0; i < 200; i += 1) {
      const summary = ZRecurringImportResponse.parse((await admin.get(`${API}/${id}`)).json()).import;
      if (summary.status === 'finished' || summary.status === 'failed') return summary;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the recurring import did not finish');
  };
  const importFile = async (text: string) => {
    const up = await upload(admin, text);
    expect(up.statusCode, up.body).toBe(201);
    const checked = ZRecurringImportUploadResponse.parse(up.json());
    const started = await admin.post(`${API}/${checked.import.id}/start`);
    expect(started.statusCode, started.body).toBe(202);
    return { checked, done: await waitUntilFinished(checked.import.id) };
  };

  it('lets only signed-in members of the organisation in, and only the admin group import', async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(API)).statusCode).toBe(401);
    expect((await upload(anonymous, `${HEADER}\n`)).statusCode).toBe(401);
    expect((await staff.get(API)).statusCode).toBe(200);
    const refused = await upload(
      staff,
      `${HEADER}\nAda,Lovelace,ada@example.org,10,USD,monthly,${day(3)},sandbox,,pm_card_visa,,`,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('checks every row, shows the first with their errors, writes nothing for a refused row', async () => {
    const file = [
      HEADER,
      `Rowan,Ash,rowan.ash@example.org,25.00,USD,monthly,${day(5)},sandbox,cus_old_1,pm_card_visa,active,spring-appeal`,
      `Other,Org,other.org@example.org,10.00,USD,monthly,${day(5)},sandbox,,pm_card_visa,,${otherCampaign}`,
      `Bad,Date,bad.date@example.org,10.00,USD,monthly,${day(-1)},sandbox,,pm_card_visa,,`,
      `Bad,Interval,bad.interval@example.org,10.00,USD,fortnightly,${day(2)},bitcoin,,pm_card_visa,,`,
      `No,Method,no.method@example.org,10.00,USD,monthly,${day(2)},sandbox,,pm_unknown_at_sandbox,,`,
      `No,Customer,no.customer@example.org,10.00,USD,monthly,${day(2)},stripe,,pm_123,,`,
    ].join('\n');
    const { checked, done } = await importFile(file);
    expect(checked.import).toMatchObject({ total_rows: 6, valid_rows: 2, failed_count: 4 });
    expect(checked.preview[1]?.errors.join(' ')).toContain(`no campaign of yours has the address "${otherCampaign}"`);
    expect(checked.preview[2]?.errors).toEqual(['next_charge_date: must be today or later.']);
    expect(checked.preview[3]?.errors.join(' ')).toMatch(/interval: one of .*provider: one of sandbox, stripe, paypal/);
    expect(checked.preview[5]?.errors.join(' ')).toContain('customer_id: required for Stripe');
    // The sandbox refuses the unknown method when the job asks it: that row's error too.
    expect(done).toMatchObject({ status: 'finished', imported_count: 1, skipped_count: 0, failed_count: 5 });
    const errors = await admin.get(`${API}/${done.id}/errors.csv`);
    expect(errors.statusCode).toBe(200);
    expect(errors.body).toContain('6,"payment_method_id: the sandbox has no payment method pm_unknown_at_sandbox');
    for (const email of ['other.org@example.org', 'bad.date@example.org', 'no.method@example.org']) {
      expect(await plansOf(email)).toEqual([]);
    }
    const [plan] = await plansOf('rowan.ash@example.org');
    expect(plan?.status).toBe('active');
    // A test method gets a saved sandbox card of its own, which the scheduler can charge.
    expect(plan?.payment_method_id).toMatch(/^pm_sandbox_imp_/);
    const listed = ZRecurringImportPlansResponse.parse((await staff.get(`${API}/${done.id}/plans`)).json()).plans;
    expect(listed).toEqual([
      expect.objectContaining({ row: 2, plan_id: plan?.id, donor_name: 'Rowan Ash', amount_minor: 2500 }),
    ]);
    // The plan is a plan like any other: the recurring list and its detail show it.
    const detail = await admin.get(`/api/v1/npo_admin/recurring_plans/${plan?.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().plan).toMatchObject({ first_donation_id: null, interval: 'monthly', status: 'active' });
  });

  it('imports the same file twice without a second plan', async () => {
    const file = [
      HEADER,
      `Sam,Twice,sam.twice@example.org,12.00,USD,weekly,${day(4)},sandbox,,pm_card_mastercard,,`,
      `Kim,Twice,kim.twice@example.org,30.00,USD,yearly,${day(9)},sandbox,,pm_card_visa,paused,`,
    ].join('\n');
    const first = await importFile(file);
    expect(first.done).toMatchObject({ imported_count: 2, skipped_count: 0 });
    const second = await importFile(file);
    expect(second.done).toMatchObject({ status: 'finished', imported_count: 0, skipped_count: 2, failed_count: 0 });
    expect(await plansOf('sam.twice@example.org')).toHaveLength(1);
    const kim = await plansOf('kim.twice@example.org');
    expect(kim).toHaveLength(1);
    expect(kim[0]?.status).toBe('paused');
    // Both imports list the same plans.
    const again = ZRecurringImportPlansResponse.parse((await admin.get(`${API}/${second.done.id}/plans`)).json());
    expect(again.plans.map((p) => p.plan_id).sort()).toEqual(
      [...(await plansOf('sam.twice@example.org')), ...kim].map((p) => p.id).sort(),
    );
    // Confirming a finished import again changes nothing.
    const repeat = await admin.post(`${API}/${first.done.id}/start`);
    expect(repeat.statusCode).toBe(202);
    expect(await plansOf('sam.twice@example.org')).toHaveLength(1);
  });

  it('charges an imported plan due today in the scheduler run, like any other plan', async () => {
    const { done } = await importFile(
      `${HEADER}\nDue,Today,due.today@example.org,15.00,USD,monthly,${today},sandbox,,pm_card_visa,,`,
    );
    expect(done.imported_count).toBe(1);
    const [plan] = await plansOf('due.today@example.org');
    if (!plan) throw new Error('no imported plan');
    expect(await sandboxCharges(ctx.db, npoId, plan.id)).toBe(0);
    const now = new Date();
    const run = await runDueCharges(scheduler, now, { npoId });
    expect(run.outcomes).toContainEqual(expect.objectContaining({ planId: plan.id }));
    expect(await sandboxCharges(ctx.db, npoId, plan.id)).toBe(1);
    const { rows } = await ctx.db.execute<{ n: number; amount: number }>(sql`
      SELECT count(*)::int AS n, max(amount_minor)::int AS amount FROM donations WHERE recurring_plan_id = ${plan.id}`);
    expect(rows[0]).toEqual({ n: 1, amount: 1500 });
    const [after] = await plansOf('due.today@example.org');
    expect(new Date(after?.next_charge_at ?? 0).getTime()).toBeGreaterThan(now.getTime());
  });

  it('counts imported plans (no first gift) in the recurring report, by their own campaign', async () => {
    const report = async (query: string) => {
      const res = await admin.get(`/api/v1/npo_admin/reports/recurring?view=plans${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const totals = res.json().totals as { plans: number; mrr: number };
      return { plans: Number(totals.plans), mrr: Number(totals.mrr) };
    };
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM campaigns WHERE npo_id = ${npoId} AND campaign_url = 'spring-appeal'`,
    );
    const campaign = `&campaign_id=${rows[0]?.id}`;
    const before = {
      all: await report(''),
      campaign: await report(campaign),
      method: await report('&payment_method=card'),
    };
    const { done } = await importFile(
      [
        HEADER,
        `Rhea,Report,rhea.report@example.org,10.00,USD,monthly,${day(6)},sandbox,,pm_card_visa,,spring-appeal`,
        `Ravi,Report,ravi.report@example.org,24.00,USD,yearly,${day(7)},sandbox,,pm_card_visa,,`,
      ].join('\n'),
    );
    expect(done.imported_count).toBe(2);
    const after = {
      all: await report(''),
      campaign: await report(campaign),
      method: await report('&payment_method=card'),
    };
    // Both plans are counted, with their MRR (10.00 a month and 24.00 a year = 2.00 a month)...
    expect(after.all.plans - before.all.plans).toBe(2);
    expect(after.all.mrr - before.all.mrr).toBe(1000 + 200);
    // ...the campaign filter keeps the plan of that campaign only...
    expect(after.campaign.plans - before.campaign.plans).toBe(1);
    expect(after.campaign.mrr - before.campaign.mrr).toBe(1000);
    // ...and a method filter leaves them out: no gift of theirs carries a method yet.
    expect(after.method).toEqual(before.method);
  });

  it('answers another organisation’s import as not found', async () => {
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`SELECT id FROM recurring_imports WHERE npo_id = ${npoId} ORDER BY id LIMIT 1`,
    );
    const id = Number(rows[0]?.id);
    for (const path of [`${API}/${id}`, `${API}/${id}/plans`, `${API}/${id}/errors.csv`]) {
      expect((await outsider.get(path)).statusCode).toBe(404);
    }
    expect((await outsider.post(`${API}/${id}/start`)).statusCode).toBe(404);
    const list = await outsider.get(API);
    expect(list.json().imports).toEqual([]);
  });

  it('shows the demo organisation’s finished import with its plans', async () => {
    const list = await admin.get(API);
    const demo = list
      .json()
      .imports.find((i: { file_name: string }) => i.file_name === 'plans-from-our-old-platform.csv');
    expect(demo).toMatchObject({ status: 'finished', imported_count: 6, failed_count: 1 });
    const plans = ZRecurringImportPlansResponse.parse((await admin.get(`${API}/${demo.id}/plans`)).json()).plans;
    expect(plans).toHaveLength(6);
    expect(plans.every((p) => p.next_charge_at !== null && p.status === 'active')).toBe(true);
  });
});
