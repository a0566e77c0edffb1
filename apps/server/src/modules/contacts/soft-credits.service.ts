// Soft credits (docs/product/crm.md#soft-credits-and-tributes): staff credit a gift to contacts
// besides its donor from the gift's page; the contact record and household read them.
import { CONTACT_MESSAGES, type TSoftCredit, type TSoftCreditInput } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { selectContactDetails } from './contact-record.repository.ts';
import {
  deleteSoftCredit,
  insertSoftCredit,
  selectGiftDonor,
  selectGiftSoftCredits,
} from './soft-credits.repository.ts';

type Actor = { userId: number; npoId: number; ip: string | null };
const giftNotFound = () => new AppError('NOT_FOUND', CONTACT_MESSAGES.giftNotFound);
const onContact = (code: 'VALIDATION_FAILED' | 'CONFLICT', message: string) =>
  new AppError(code, message, { contact_id: message });

export async function giftSoftCredits(db: Db, npoId: number, donationId: number): Promise<TSoftCredit[]> {
  if ((await selectGiftDonor(db, npoId, donationId)) === null) throw giftNotFound();
  return selectGiftSoftCredits(db, npoId, donationId);
}

export async function addSoftCredit(
  db: Db,
  actor: Actor,
  donationId: number,
  input: Required<TSoftCreditInput>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [donorId, contact] = await Promise.all([
      selectGiftDonor(tx, actor.npoId, donationId),
      selectContactDetails(tx, actor.npoId, input.contact_id),
    ]);
    if (donorId === null) throw giftNotFound();
    if (!contact) throw onContact('VALIDATION_FAILED', CONTACT_MESSAGES.notFound);
    if (donorId === input.contact_id) throw onContact('VALIDATION_FAILED', CONTACT_MESSAGES.softCreditDonor);
    const added = await insertSoftCredit(tx, {
      npoId: actor.npoId,
      donationId,
      contactId: input.contact_id,
      kind: input.kind,
      userId: actor.userId,
    });
    if (!added) throw onContact('CONFLICT', CONTACT_MESSAGES.softCreditExists);
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'donation.soft_credit_added',
      targetType: 'donation',
      targetId: donationId,
      data: { contact_id: input.contact_id, kind: input.kind },
      ip: actor.ip,
    });
  });
}

export async function removeSoftCredit(db: Db, actor: Actor, donationId: number, contactId: number): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await selectGiftDonor(tx, actor.npoId, donationId)) === null) throw giftNotFound();
    if (!(await deleteSoftCredit(tx, actor.npoId, donationId, contactId)))
      throw new AppError('NOT_FOUND', CONTACT_MESSAGES.softCreditNotFound);
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'donation.soft_credit_removed',
      targetType: 'donation',
      targetId: donationId,
      data: { contact_id: contactId },
      ip: actor.ip,
    });
  });
}
