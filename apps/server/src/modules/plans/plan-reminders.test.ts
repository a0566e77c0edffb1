// The donors' reminders of the scheduler's sweep, against the real database, the sandbox and the
// app's e-mail workers, with the clock in the test's hands: the upcoming charge (once per period,
// also with two instances sweeping at once; never for a paused, cancelled or weekly plan) and the
// expiring card (once per card expiry), each in the plan's own organisation's words.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailTo as mailsTo } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createDb } from '../../platform/db/client.ts';
import { upsertTemplate } from '../email-templates/email-templates.repository.ts';
import { claimNotice } from '../email-templates/index.ts';
import { prepareTemplate } from '../email-templates/template-source.ts';
import { runDueCharges, type SchedulerDeps, sendPlanEmail, storePlanCard, upcomingNoticeKey } from './index.ts';
import {
  createTestPlan,
  isolatedOrganisation,
  npoIdOf,
  planById,
  saveSandboxCard,
  schedulerDepsFor,
  setPlan,
} from './plans.test-support.ts';

const ctx = useTestApp({ env: { JOB_POLL_INTERVAL_SECONDS: '0.5' } });
const DAY = 86_400_000;
const at = (base: Date, days: number, minutes = 0) => new Date(base.getTime() + days * DAY + minutes * 60_000);
// Far from the real clock, so nothing else in the database is due around these times.
const STARTED = new Date('2031-01-31T10:00:00Z');
const DUE = new Date('2031-02-28T10:00:00Z');

let deps: SchedulerDeps & { stop: () => Promise<void> };
let npoId = 0;

beforeAll(async () => {
  deps = await schedulerDepsFor(ctx.db, ctx.config.sessionSecret);
});
beforeEach(async () => {
  npoId = await isolatedOrganisation(ctx.db, 'Reminder Test Shelter');
});
afterAll(async () => deps?.stop());

const sweep = (now: Date, d: SchedulerDeps = deps) => runDueCharges(d, now, { npoId });

/** The mails to `email` once `count` arrived, after a short wait to see that no more come. */
const mailTo = (email: string, count: number, settleMs = 1500) => mailsTo(ctx.dataDir, email, count, settleMs);

async function auditActions(planId: number): Promise<string[]> {
  const { rows } = await ctx.db.execute<{ action: string }>(sql`
    SELECT action FROM audit_log WHERE target_type = 'recurring_plan' AND target_id = ${String(planId)}
      AND action LIKE '%emailed' ORDER BY id`);
  return rows.map((r) => r.action);
}

async function saveTemplate(forNpo: number, kind: 'upcoming_charge' | 'card_expiring', subject: string, html: string) {
  const prepared = prepareTemplate(kind, { subject, html });
  if ('problems' in prepared) throw new Error(JSON.stringify(prepared.problems));
  const [admin] = await ctx.db.query.users.findMany({ limit: 1 });
  await upsertTemplate(ctx.db, { npoId: forNpo, kind, campaignId: null }, prepared.template, admin?.id ?? 1);
}

describe('upcoming charge', () => {
  it('reminds a monthly donor three days before each charge, once per period, with two instances sweeping', async () => {
    const email = 'upcoming-once@example.org';
    const plan = await createTestPlan(ctx.db, { npoId, startedAt: STARTED, email });
    expect(plan.nextChargeAt).toEqual(DUE);
    // Four days before: too early. Three days before, two instances at the same moment: one reminder.
    expect((await sweep(at(DUE, -4))).reminders).toEqual([]);
    const url = (ctx.db.$client.options as { connectionString: string }).connectionString;
    const second = createDb(url, { max: 4 });
    const depsB = await schedulerDepsFor(second, ctx.config.sessionSecret);
    try {
      const both = await Promise.all([sweep(at(DUE, -3, 5)), sweep(at(DUE, -3, 5), depsB)]);
      expect(both.flatMap((r) => r.reminders)).toEqual([{ kind: 'upcoming_charge', planId: plan.id }]);
      const later = await Promise.all([sweep(at(DUE, -2)), sweep(at(DUE, -2), depsB)]);
      expect(later.flatMap((r) => r.reminders)).toEqual([]);
    } finally {
      await depsB.stop();
      await second.$client.end();
    }

    const [reminder, ...more] = await mailTo(email, 1);
    expect(more).toEqual([]);
    expect(reminder?.subject).toBe('Your monthly gift to Reminder Test Shelter is coming up');
    expect(reminder?.text).toContain(
      'Your monthly gift of $25.00 to Reminder Test Shelter will be charged on February 28, 2031.',
    );
    // The donor's portal link, to change or cancel before the charge.
    expect(reminder?.text).toMatch(/\/portal\/p1\.[A-Za-z0-9._-]+/);
    expect(await auditActions(plan.id)).toEqual(['recurring_plan.upcoming_charge_emailed']);

    // Charged on the day (no reminder then); the next period gets its own reminder, once.
    expect((await sweep(at(DUE, 0, 1))).outcomes.map((o) => o.kind)).toEqual(['charged']);
    const next = await planById(ctx.db, plan.id);
    expect(next.nextChargeAt).toEqual(new Date('2031-03-31T10:00:00Z'));
    expect((await sweep(at(next.nextChargeAt as Date, -3))).reminders).toEqual([
      { kind: 'upcoming_charge', planId: plan.id },
    ]);
    expect((await sweep(at(next.nextChargeAt as Date, -2))).reminders).toEqual([]);
    const mails = await mailTo(email, 3);
    expect(mails.filter((m) => m.subject.includes('coming up'))).toHaveLength(2);
    expect(mails.filter((m) => /receipt/i.test(m.subject))).toHaveLength(1);
  });

  it('reminds nobody of a paused or cancelled plan, a weekly plan, or a charge less than a day away', async () => {
    const paused = await createTestPlan(ctx.db, { npoId, startedAt: STARTED });
    await setPlan(ctx.db, paused.id, { status: 'paused', pausedAt: STARTED });
    const cancelled = await createTestPlan(ctx.db, { npoId, startedAt: STARTED });
    await setPlan(ctx.db, cancelled.id, { status: 'cancelled', cancelledAt: STARTED });
    const weekly = await createTestPlan(ctx.db, { npoId, startedAt: STARTED, interval: 'weekly' });
    for (const days of [-3, -2, -1.5]) expect((await sweep(at(DUE, days))).reminders).toEqual([]);
    expect((await sweep(at(weekly.nextChargeAt as Date, -2))).reminders).toEqual([]);
    // Created inside the window but already under a day from its charge: too late to help.
    const late = await createTestPlan(ctx.db, { npoId, startedAt: at(STARTED, 0, 30) });
    expect((await sweep(at(late.nextChargeAt as Date, 0, -60 * 20))).reminders).toEqual([]);
    for (const plan of [paused, cancelled, weekly, late]) expect(await auditActions(plan.id)).toEqual([]);
  });

  it('drops a claimed reminder whose plan was paused before the e-mail went out', async () => {
    const email = 'paused-after-claim@example.org';
    const plan = await createTestPlan(ctx.db, { npoId, startedAt: STARTED, email });
    const noticeKey = upcomingNoticeKey(plan.id, plan.nextPeriod);
    await claimNotice(ctx.db, { npoId, kind: 'upcoming_charge', noticeKey, donorId: plan.donorId });
    await setPlan(ctx.db, plan.id, { status: 'paused', pausedAt: at(DUE, -3) });
    const job = { npoId, planId: plan.id, kind: 'upcoming_charge' as const, noticeKey, period: plan.nextPeriod };
    const mailDeps = {
      db: ctx.db,
      mailer: ctx.mailer,
      origin: 'http://127.0.0.1:3000',
      secret: ctx.config.sessionSecret,
    };
    expect(await sendPlanEmail(mailDeps, job)).toBe('stale');
    expect(await sendPlanEmail(mailDeps, job)).toBe('already-sent');
    expect(await mailTo(email, 0, 1000)).toEqual([]);
  });

  it('sends again a reminder whose job was lost after its claim, still once', async () => {
    const email = 'lost-job@example.org';
    const plan = await createTestPlan(ctx.db, { npoId, startedAt: STARTED, email });
    const noticeKey = upcomingNoticeKey(plan.id, plan.nextPeriod);
    // Claimed twenty minutes ago by a sweep that crashed before sending its job.
    await claimNotice(ctx.db, { npoId, kind: 'upcoming_charge', noticeKey, donorId: plan.donorId });
    await ctx.db.execute(sql`
      UPDATE email_notices SET created_at = now() - interval '20 minutes'
      WHERE npo_id = ${npoId} AND notice_key = ${noticeKey}`);
    await sweep(at(DUE, -10));
    await sweep(at(DUE, -9));
    const mails = await mailTo(email, 1);
    expect(mails.map((m) => m.subject)).toEqual(['Your monthly gift to Reminder Test Shelter is coming up']);
    const { rows } = await ctx.db.execute<{ sent: boolean }>(sql`
      SELECT sent_at IS NOT NULL AS sent FROM email_notices WHERE npo_id = ${npoId} AND notice_key = ${noticeKey}`);
    expect(rows).toEqual([{ sent: true }]);
  });

  it('uses the plan’s organisation’s template, never another organisation’s', async () => {
    const riverside = await npoIdOf(ctx.db);
    await saveTemplate(
      riverside,
      'upcoming_charge',
      'Riverside: your gift is near',
      '<p>Riverside reminder.</p><p><a href="{{portal_url}}">Manage</a></p>',
    );
    const email = 'own-template@example.org';
    await createTestPlan(ctx.db, { npoId, startedAt: STARTED, email });
    await sweep(at(DUE, -3));
    const [first] = await mailTo(email, 1);
    expect(first?.subject).toBe('Your monthly gift to Reminder Test Shelter is coming up');

    await saveTemplate(
      npoId,
      'upcoming_charge',
      'A note before your {{plan_interval}} gift',
      '<p>Shelter reminder for {{next_charge_date}}.</p><p><a href="{{portal_url}}">Manage</a></p>',
    );
    const email2 = 'shelter-template@example.org';
    await createTestPlan(ctx.db, { npoId, startedAt: STARTED, email: email2 });
    await sweep(at(DUE, -2.5));
    const [second] = await mailTo(email2, 1);
    expect(second?.subject).toBe('A note before your monthly gift');
    expect(second?.text).toContain('Shelter reminder for February 28, 2031.');
    expect(second?.text).not.toContain('Riverside');
  });
});

describe('on the organisation’s calendar and in its locale', () => {
  it('dates the reminder on the organisation’s day and writes it in its locale', async () => {
    // 11.30 pm on 14 January in Los Angeles is 07:30 UTC on the 15th: the gift is due on the 14th
    // of each month there, and the reminder says so in British English, as the organisation writes.
    const la = await isolatedOrganisation(ctx.db, 'Pacific Shelter', {
      timeZone: 'America/Los_Angeles',
      locale: 'en-GB',
    });
    const email = 'upcoming-zone@example.org';
    const plan = await createTestPlan(ctx.db, { npoId: la, startedAt: new Date('2031-01-15T07:30:00Z'), email });
    expect(plan.nextChargeAt).toEqual(new Date('2031-02-15T07:30:00Z'));
    expect((await runDueCharges(deps, new Date('2031-02-12T08:00:00Z'), { npoId: la })).reminders).toEqual([
      { kind: 'upcoming_charge', planId: plan.id },
    ]);
    const [reminder] = await mailTo(email, 1);
    expect(reminder?.text).toContain(
      'Your monthly gift of US$25.00 to Pacific Shelter will be charged on 14 February 2031.',
    );
  });

  it('tells of an expiring card by the month in the organisation’s zone', async () => {
    // 8 pm UTC on 31 May is 1 June in Auckland: a card that ends in July ends next month there.
    const auckland = await isolatedOrganisation(ctx.db, 'Kiwi Shelter', { timeZone: 'Pacific/Auckland' });
    const utc = await isolatedOrganisation(ctx.db, 'Greenwich Shelter');
    const card = { startedAt: STARTED, cardExpiry: { month: 7, year: 2031 } };
    const kiwi = await createTestPlan(ctx.db, { npoId: auckland, ...card });
    const greenwich = await createTestPlan(ctx.db, { npoId: utc, ...card });
    for (const plan of [kiwi, greenwich]) await setPlan(ctx.db, plan.id, { cardExpMonth: 7, cardExpYear: 2031 });
    const now = new Date('2031-05-31T20:00:00Z');
    expect((await runDueCharges(deps, now, { npoId: auckland })).reminders).toContainEqual({
      kind: 'card_expiring',
      planId: kiwi.id,
    });
    const inUtc = (await runDueCharges(deps, now, { npoId: utc })).reminders;
    expect(inUtc.filter((r) => r.kind === 'card_expiring')).toEqual([]);
  });
});

describe('card expiring', () => {
  it('tells the donor once per card expiry, with the link that opens the card change', async () => {
    const email = 'expiring-card@example.org';
    const plan = await createTestPlan(ctx.db, {
      npoId,
      startedAt: STARTED,
      email,
      cardExpiry: { month: 3, year: 2031 },
    });
    // The card's expiry, as the checkout follow-up stores it from the provider.
    expect(
      await storePlanCard(ctx.db, deps.providers, {
        npoId,
        planId: plan.id,
        paymentMethodId: plan.paymentMethodId as string,
      }),
    ).toBe(true);
    expect(await planById(ctx.db, plan.id)).toMatchObject({ cardLast4: '4242', cardExpMonth: 3, cardExpYear: 2031 });

    // January: the card is good until the end of March, two months on: not yet.
    expect((await sweep(new Date('2031-01-20T10:00:00Z'))).reminders).toEqual([]);
    // February: it ends next month. Once, however many sweeps follow.
    expect((await sweep(new Date('2031-02-02T10:00:00Z'))).reminders).toEqual([
      { kind: 'card_expiring', planId: plan.id },
    ]);
    expect((await sweep(new Date('2031-02-10T10:00:00Z'))).reminders).toEqual([]);
    const [notice, ...more] = await mailTo(email, 1);
    expect(more).toEqual([]);
    expect(notice?.subject).toBe('The card for your gift to Reminder Test Shelter is expiring');
    expect(notice?.text).toContain('before your next gift on February 28, 2031');
    expect(notice?.text).toMatch(new RegExp(`/portal/[^\\s]+\\?plan=${plan.id}`));
    expect(await auditActions(plan.id)).toEqual(['recurring_plan.card_expiring_emailed']);

    // A new card that expires too: its own notice, once.
    const replacement = await saveSandboxCard(ctx.db, npoId, '4444', { month: 4, year: 2031 });
    await setPlan(ctx.db, plan.id, { paymentMethodId: replacement, cardExpMonth: 4, cardExpYear: 2031 });
    expect((await sweep(new Date('2031-03-01T10:00:00Z'))).reminders).toContainEqual({
      kind: 'card_expiring',
      planId: plan.id,
    });
    expect((await sweep(new Date('2031-03-02T10:00:00Z'))).reminders).toEqual([]);
  });

  it('says nothing of a card without a known expiry or a plan that is cancelled', async () => {
    const unknown = await createTestPlan(ctx.db, { npoId, startedAt: STARTED });
    expect(
      await storePlanCard(ctx.db, deps.providers, {
        npoId,
        planId: unknown.id,
        paymentMethodId: unknown.paymentMethodId as string,
      }),
    ).toBe(false);
    const cancelled = await createTestPlan(ctx.db, { npoId, startedAt: STARTED, cardExpiry: { month: 2, year: 2031 } });
    await setPlan(ctx.db, cancelled.id, { status: 'cancelled', cancelledAt: STARTED, nextChargeAt: null });
    await setPlan(ctx.db, cancelled.id, { cardExpMonth: 2, cardExpYear: 2031 });
    expect((await sweep(new Date('2031-02-02T10:00:00Z'))).reminders.filter((r) => r.kind === 'card_expiring')).toEqual(
      [],
    );
  });
});
