import { randomUUID } from 'node:crypto';
import type { TOfflineGiftInput, ZOfflineGiftInput } from '@kindling/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { middayIn } from '../../platform/format/calendar.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { findGiftContext } from '../campaigns/index.ts';
import { type DonationRow, recordSucceededPayment, type Tx } from '../donations/index.ts';
import { donors } from '../donors/index.ts';
import { addNoteInTransaction } from '../notes/index.ts';
import { findNpo } from '../organisations/index.ts';

type OfflineGift = z.output<typeof ZOfflineGiftInput>;

export type { TOfflineGiftInput };

/** The provider name of gifts staff enter by hand; refunds never go through a provider for them. */
export const OFFLINE_PROVIDER = 'offline';

async function donorDetailsOf(db: Db, npoId: number, gift: OfflineGift) {
  if (gift.donor_id) {
    const [donor] = await db
      .select({ email: donors.email, firstName: donors.firstName, lastName: donors.lastName })
      .from(donors)
      .where(and(eq(donors.id, gift.donor_id), eq(donors.npoId, npoId)));
    if (!donor) throw new AppError('NOT_FOUND', 'No such donor.', { donor_id: 'Choose one of your donors.' });
    return donor;
  }
  const donor = gift.donor;
  if (!donor) throw new AppError('VALIDATION_FAILED', 'Choose a donor.', { donor_id: 'Choose a donor.' });
  return { email: donor.email, firstName: donor.first_name, lastName: donor.last_name };
}

/**
 * The campaign must be the organisation's, and a designation one of the campaign's (a peer
 * campaign's gifts count for its parent, whose designations they take): a foreign id is refused,
 * never silently dropped.
 */
async function requireOwnCampaign(db: Db, npoId: number, campaignId: number, designationId: number | null) {
  const campaign = await findGiftContext(db, npoId, campaignId);
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign.', { campaign_id: 'Choose one of your campaigns.' });
  if (designationId === null) return;
  const counted =
    campaign.parentCampaignId === null ? campaign : await findGiftContext(db, npoId, campaign.parentCampaignId);
  if (!counted?.designations.some((d) => d.id === designationId)) {
    const message = 'Choose one of the campaign’s designations.';
    throw new AppError('NOT_FOUND', 'No such designation.', { designation_id: message });
  }
}

/**
 * A gift staff received outside the form (cash, cheque, bank transfer, in kind). It is recorded
 * exactly like a card gift (recordSucceededPayment: donor, base currency, ledger rows, receipt
 * number, totals) under the provider `offline` with a reference of its own; who entered it, the
 * audit entry and the optional note commit in the same transaction.
 */
export async function recordOfflineGift(
  db: Db,
  actor: OrganisationSession,
  gift: OfflineGift,
  ip: string | null,
  /** pay25: more writes in the gift's own transaction (a payment request counting it). */
  alsoInTransaction?: (tx: Tx, recorded: DonationRow) => Promise<void>,
): Promise<{ donationId: number }> {
  const npoId = actor.selectedNpoId;
  const donor = await donorDetailsOf(db, npoId, gift);
  await requireOwnCampaign(db, npoId, gift.campaign_id, gift.designation_id ?? null);
  const reference = `offline-${randomUUID()}`;
  const { donation } = await recordSucceededPayment(db, {
    npoId,
    campaignId: gift.campaign_id,
    provider: OFFLINE_PROVIDER,
    providerReference: reference,
    amountMinor: gift.amount_minor,
    currency: gift.currency,
    paymentMethod: gift.method,
    donor,
    designationId: gift.designation_id ?? null,
    giftAid: gift.gift_aid
      ? {
          name: gift.gift_aid_name || `${donor.firstName} ${donor.lastName}`.trim(),
          address: gift.gift_aid_address ?? '',
          postcode: gift.gift_aid_postcode ?? '',
          declaredOn: gift.received_on,
        }
      : null,
    // Noon of the received day in the organisation's zone: the day its lists show (decision 027).
    occurredAt: middayIn(gift.received_on, (await findNpo(db, npoId))?.timeZone ?? 'UTC'),
    createdByUserId: actor.user.id,
    onRecorded: async (tx, recorded) => {
      await recordAudit(tx, {
        npoId,
        actorUserId: actor.user.id,
        action: 'donation.offline_recorded',
        targetType: 'donation',
        targetId: recorded.id,
        data: { method: gift.method, amount_minor: gift.amount_minor, currency: recorded.currency, reference },
        ip,
      });
      if (gift.note) {
        await addNoteInTransaction(tx, {
          npoId,
          subject: 'donation',
          subjectId: recorded.id,
          authorUserId: actor.user.id,
          body: gift.note,
        });
      }
      if (alsoInTransaction) await alsoInTransaction(tx, recorded);
    },
  });
  return { donationId: donation.id };
}
