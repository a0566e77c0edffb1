import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { recordAudit } from '../audit/index.ts';
import { receiptQueue } from '../receipts/index.ts';
import { findDonationDetail } from './donation-detail.repository.ts';
import { DONATION_NOT_FOUND } from './refund.service.ts';

/**
 * Sends the receipt again (the donor lost it, or staff corrected the address): a job of its own
 * (key resend-<id>-<time>, never the first receipt's key) marked `resend`, so it goes out even
 * though the first one was sent. Returns the address it goes to.
 */
export async function resendReceipt(
  deps: { db: Db; jobs: Jobs },
  actor: OrganisationSession,
  donationId: number,
  ip: string | null,
): Promise<string> {
  const found = await findDonationDetail(deps.db, actor.selectedNpoId, donationId);
  if (!found) throw new AppError('NOT_FOUND', DONATION_NOT_FOUND);
  if (found.donation.status !== 'succeeded') {
    throw new AppError('CONFLICT', 'Only a succeeded donation has a receipt to send.');
  }
  await deps.jobs.send(
    receiptQueue,
    { npoId: actor.selectedNpoId, donationId, resend: true },
    { key: `resend-${donationId}-${Date.now()}` },
  );
  await recordAudit(deps.db, {
    npoId: actor.selectedNpoId,
    actorUserId: actor.user.id,
    action: 'donation.receipt_resent',
    targetType: 'donation',
    targetId: donationId,
    data: { email: found.donor.email },
    ip,
  });
  return found.donor.email;
}
