// The receipt of a recorded donation, sent by a durable job: confirm_payment only enqueues it
// (one INSERT), the PDF and the e-mail happen here, retried with backoff when the mail server fails.
import type { Db } from '../../platform/db/client.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { DonationFollowUp } from '../donations/index.ts';
import { composeReceiptEmail, type PortalLinkKeys } from './receipt-email.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { buildReceipt } from './receipt-text.ts';
import { findReceiptSource, lockUnsentReceipt, markReceiptSent } from './receipts.repository.ts';

/** `resend`: staff asked for the receipt again (donation page), so it goes out even if sent before. */
export type ReceiptJob = { npoId: number; donationId: number; resend?: boolean };

export const receiptQueue = defineQueue<ReceiptJob>('receipt.send', { retryLimit: 10, retryDelaySeconds: 30 });

/** `origin` and `secret` sign the donor's portal link the e-mail carries. */
export type ReceiptDeps = { db: Db; mailer: Mailer } & PortalLinkKeys;

/** What happened, for tests and logs. */
export type ReceiptOutcome = 'sent' | 'already-sent' | 'not-found' | 'not-succeeded';

/**
 * Sends the receipt once. The e-mail goes out inside the transaction that holds the donation's
 * row lock and stamps receipt_sent_at, so a failed send (or a crash) leaves the receipt unsent
 * for the retry, and a second job for the same gift waits for the lock, then finds it sent.
 */
export async function sendReceipt(deps: ReceiptDeps, job: ReceiptJob): Promise<ReceiptOutcome> {
  const source = await findReceiptSource(deps.db, job.npoId, job.donationId);
  if (!source) return 'not-found';
  if (source.sentAt && !job.resend) return 'already-sent';
  if (source.status !== 'succeeded') return 'not-succeeded';
  return deps.db.transaction(async (tx) => {
    const receiptNumber = await lockUnsentReceipt(tx, job.npoId, job.donationId, job.resend === true);
    if (!receiptNumber) return 'already-sent';
    const facts = { ...source.facts, receiptNumber };
    const receipt = buildReceipt(facts);
    const pdf = await renderReceiptPdf(receipt, facts.organisation, facts.issuer);
    const email = await composeReceiptEmail(tx, deps, { npoId: job.npoId, ...source.refs }, facts, receipt);
    await deps.mailer.send(
      {
        to: facts.donorEmail,
        ...email,
        attachments: [{ filename: `receipt-${receiptNumber}.pdf`, content: pdf, contentType: 'application/pdf' }],
      },
      tx,
    );
    await markReceiptSent(tx, job.npoId, job.donationId);
    return 'sent';
  });
}

/** Registers the worker and returns the checkout follow-up that enqueues a receipt per gift. */
export function registerReceipts(jobs: Jobs, deps: ReceiptDeps): DonationFollowUp {
  jobs.register(receiptQueue, async (data) => {
    await sendReceipt(deps, data);
  });
  return async ({ donation }) => {
    if (donation.status !== 'succeeded' || donation.receiptSentAt) return;
    await jobs.send(
      receiptQueue,
      { npoId: donation.npoId, donationId: donation.id },
      { key: `receipt-${donation.id}` },
    );
  };
}
