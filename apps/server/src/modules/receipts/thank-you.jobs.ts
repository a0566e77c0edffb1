// The thank-you e-mail: a personal word to a NEW donor after their first gift to the organisation
// (a one-time gift or the first gift of a recurring plan), besides the receipt, which stays as it
// is. Repeat gifts and scheduled charges get the receipt only. It goes out once the organisation
// has written its own thank-you (saved the template): the built-in text alone would be a second
// generic e-mail for one gift. Claimed once per gift in email_notices (checkout runs follow-ups
// on every recording of a payment), audited with the claim, sent by a durable job.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { createPortalLink } from '../../platform/security/portal-link.ts';
import { recordAudit } from '../audit/index.ts';
import type { DonationFollowUp, DonationRow } from '../donations/index.ts';
import {
  claimNotice,
  deliverNoticeOnce,
  hasOwnTemplate,
  isNoticeUnsent,
  renderEmail,
} from '../email-templates/index.ts';
import { giftMergeValues } from './receipt-email.ts';
import type { ReceiptDeps } from './receipts.jobs.ts';
import { findReceiptSource } from './receipts.repository.ts';

export type ThankYouJob = { npoId: number; donationId: number };

export const thankYouQueue = defineQueue<ThankYouJob>('thank_you.send', { retryLimit: 10, retryDelaySeconds: 30 });

export const thankYouNoticeKey = (donationId: number) => `donation-${donationId}`;

/** No earlier succeeded gift of this donor to this organisation. */
async function isFirstGift(db: Db, donation: DonationRow): Promise<boolean> {
  const { rows } = await db.execute<{ earlier: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM donations d
      WHERE d.npo_id = ${donation.npoId} AND d.donor_id = ${donation.donorId} AND d.status = 'succeeded'
        AND d.id <> ${donation.id}
        AND (d.created_at, d.id) < (${donation.createdAt.toISOString()}::timestamptz, ${donation.id}::bigint)
    ) AS earlier`);
  return rows[0]?.earlier === false;
}

/**
 * Claims the thank-you of a gift when it is due one; true for the one call that claimed it. The
 * audit entry is written with the claim.
 */
export async function claimThankYou(db: Db, donation: DonationRow): Promise<boolean> {
  if (donation.status !== 'succeeded') return false;
  if (!(await hasOwnTemplate(db, donation.npoId, 'thank_you'))) return false;
  if (!(await isFirstGift(db, donation))) return false;
  return db.transaction(async (tx) => {
    const claimed = await claimNotice(tx, {
      npoId: donation.npoId,
      kind: 'thank_you',
      noticeKey: thankYouNoticeKey(donation.id),
      donorId: donation.donorId,
    });
    if (claimed) {
      await recordAudit(tx, {
        npoId: donation.npoId,
        actorUserId: null,
        action: 'donation.thank_you_emailed',
        targetType: 'donation',
        targetId: donation.id,
        data: { donor_id: donation.donorId, reason: 'first_gift' },
      });
    }
    return claimed;
  });
}

/** Sends a claimed thank-you once: a job run twice (or two jobs) finds it sent. */
export async function sendThankYou(deps: ReceiptDeps, job: ThankYouJob) {
  const source = await findReceiptSource(deps.db, job.npoId, job.donationId);
  const key = { npoId: job.npoId, kind: 'thank_you' as const, noticeKey: thankYouNoticeKey(job.donationId) };
  return deliverNoticeOnce(deps.db, key, async (tx) => {
    if (source?.status !== 'succeeded') return { skipped: 'the gift is not a succeeded donation' };
    const { facts, refs } = source;
    const email = await renderEmail(tx, {
      npoId: job.npoId,
      campaignId: refs.campaignId,
      kind: 'thank_you',
      values: giftMergeValues(
        facts,
        createPortalLink({ origin: deps.origin, secret: deps.secret, npoId: job.npoId, donorId: refs.donorId }),
      ),
    });
    await deps.mailer.send({ to: facts.donorEmail, subject: email.subject, text: email.text, html: email.html }, tx);
    return { sent: true };
  });
}

/** Registers the worker and returns the checkout follow-up that claims and enqueues a gift's thank-you. */
export function registerThankYous(jobs: Jobs, deps: ReceiptDeps): DonationFollowUp {
  jobs.register(thankYouQueue, async (data) => {
    await sendThankYou(deps, data);
  });
  return async ({ db, donation }) => {
    // Most organisations send none: one read on the checkout's hot path, not two.
    if (donation.status !== 'succeeded' || !(await hasOwnTemplate(db, donation.npoId, 'thank_you'))) return;
    const key = { npoId: donation.npoId, kind: 'thank_you' as const, noticeKey: thankYouNoticeKey(donation.id) };
    // Claimed now, or claimed by an earlier recording whose job was lost (a crash after the claim).
    if (!(await claimThankYou(db, donation)) && !(await isNoticeUnsent(db, key))) return;
    const job = { npoId: donation.npoId, donationId: donation.id };
    await jobs.send(thankYouQueue, job, { key: `thank-you-${donation.id}` });
  };
}
