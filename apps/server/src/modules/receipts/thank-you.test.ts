// The new donor's thank-you, through the real checkout calls: sent once after a first gift when
// the organisation wrote its own thank-you, never twice (repeated confirms, webhooks, a job run
// again), not for a repeat gift, and always in the gift's organisation's words.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailTo, payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { upsertTemplate } from '../email-templates/email-templates.repository.ts';
import { prepareTemplate } from '../email-templates/template-source.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { sendThankYou } from './thank-you.jobs.ts';

const ctx = useTestApp({ env: { JOB_POLL_INTERVAL_SECONDS: '0.5' } });

async function npoIdOf(slug: string): Promise<number> {
  const [row] = await ctx.db.select({ id: npos.id }).from(npos).where(eq(npos.slug, slug));
  if (!row) throw new Error(`no organisation ${slug}`);
  return row.id;
}

async function saveThankYou(npoId: number, subject: string, html: string) {
  const prepared = prepareTemplate('thank_you', { subject, html });
  if ('problems' in prepared) throw new Error(JSON.stringify(prepared.problems));
  const [admin] = await ctx.db.query.users.findMany({ limit: 1 });
  await upsertTemplate(ctx.db, { npoId, kind: 'thank_you', campaignId: null }, prepared.template, admin?.id ?? 1);
}

const thankYouAudits = async (donationId: number) => {
  const { rows } = await ctx.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM audit_log
    WHERE action = 'donation.thank_you_emailed' AND target_id = ${String(donationId)}`);
  return Number(rows[0]?.n);
};

describe('thank-you e-mail', () => {
  it('is not sent while the organisation has not written its own thank-you: the receipt alone goes', async () => {
    const email = 'no-thanks-yet@example.org';
    const gift = await payForGift(ctx, { amount: 2000, currency: 'USD', email });
    const donation = await gift.confirm();
    const mails = await mailTo(ctx.dataDir, email, 1, 1200);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your receipt from Riverside Food Bank/)]);
    expect(await thankYouAudits(donation.id)).toBe(0);
  });

  it('thanks a new donor once in the organisation’s own words, however often the gift is recorded or the job runs', async () => {
    const riverside = await npoIdOf('riverside-food-bank');
    const northern = await npoIdOf('northern-lights-rescue');
    await saveThankYou(
      riverside,
      'Thank you, {{donor_first_name}}!',
      '<p>Dear {{donor_first_name}}, your {{amount}} on {{donation_date}} feeds a family for a week.</p>',
    );
    // Another organisation's thank-you is never used for Riverside's gifts.
    await saveThankYou(northern, 'Northern Lights thanks you', '<p>From the rescue team.</p>');

    const email = 'first-gift@example.org';
    const gift = await payForGift(ctx, { amount: 5000, currency: 'USD', email });
    const donation = await gift.confirm();
    await gift.confirm();
    for (let i = 0; i < 2; i++) expect((await gift.webhook()).statusCode).toBe(200);

    const mails = await mailTo(ctx.dataDir, email, 2, 1500);
    const subjects = mails.map((m) => m.subject).sort();
    expect(subjects).toEqual(['Thank you, Ada!', expect.stringMatching(/^Your receipt from Riverside Food Bank/)]);
    const thanks = mails.find((m) => m.subject === 'Thank you, Ada!');
    expect(thanks?.text).toContain('Dear Ada, your $50.00 on');
    expect(thanks?.text).toContain('feeds a family for a week.');
    expect(mails.some((m) => m.subject.includes('Northern Lights'))).toBe(false);
    expect(await thankYouAudits(donation.id)).toBe(1);

    // The job again (pg-boss retried it, or a second worker): nothing more is sent.
    const deps = { db: ctx.db, mailer: ctx.mailer, origin: 'http://127.0.0.1:3000', secret: ctx.config.sessionSecret };
    expect(await sendThankYou(deps, { npoId: riverside, donationId: donation.id })).toBe('already-sent');
    expect(await mailTo(ctx.dataDir, email, 3, 600)).toHaveLength(2);

    // A second gift of the same donor: a receipt, no second thank-you.
    const repeat = await payForGift(ctx, { amount: 1500, currency: 'USD', email });
    const second = await repeat.confirm();
    const after = await mailTo(ctx.dataDir, email, 3, 1500);
    expect(after.map((m) => m.subject).filter((s) => s.startsWith('Thank you'))).toEqual(['Thank you, Ada!']);
    expect(after).toHaveLength(3);
    expect(await thankYouAudits(second.id)).toBe(0);
  });
});
