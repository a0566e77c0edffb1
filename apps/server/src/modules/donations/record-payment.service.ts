import type { TGivingInterval } from '@kindling/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { findGiftContext, type GiftContext } from '../campaigns/index.ts';
import { type DonorDetails, upsertDonor } from '../donors/index.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { type DonationAnswer, donations } from './donations.tables.ts';
import { convertToBase } from './exchange-rates.ts';
import { writeGiftLedger } from './ledger.repository.ts';
import type { Tx } from './tx.ts';

export type GivingInterval = TGivingInterval;
export type DonationRow = typeof donations.$inferSelect;

/** A payment a provider adapter has verified with the provider: nothing here comes from the browser unchecked. */
export type SucceededPayment = {
  npoId: number;
  /** The campaign, or a peer campaign (then its parent becomes the campaign). */
  campaignId: number | null;
  peerCampaignId?: number | null;
  provider: string;
  /** The provider's intent or order id; one donation per (provider, reference), ever. */
  providerReference: string;
  /** What the donor was charged, in our minor units, fees covered included. */
  amountMinor: number;
  currency: string;
  feeCoveredMinor?: number;
  /** The platform's application fee, when the provider reports one. */
  platformFeeMinor?: number;
  interval?: GivingInterval;
  paymentMethod?: string | null;
  donor: DonorDetails;
  designationId?: number | null;
  answers?: Array<{ question_id: number | null; answer: string; question?: string }>;
  comment?: string;
  giftAid?: { name: string; address: string; postcode: string; declaredOn?: string } | null;
  donorWall?: { addToDonorWall?: boolean; firstNameOnly?: boolean; showAmount?: boolean; showComment?: boolean };
  createDonorAccount?: boolean;
  /** The recurring plan a scheduled charge belongs to (a first gift's plan is linked by the plans module). */
  recurringPlanId?: number | null;
  /** When the provider says the payment happened (seed, late webhooks); default now. */
  occurredAt?: Date;
  /**
   * Runs inside the transaction, only for the call that records the donation (e.g. the staff
   * notification): it commits with the donation or not at all, and costs no second transaction.
   */
  onRecorded?: (tx: Tx, donation: DonationRow) => Promise<void>;
};

export type RecordedDonation = { donation: DonationRow; created: boolean };

/**
 * Records a succeeded payment as one donation, in one transaction: donor found or created by
 * e-mail, donation inserted once per (provider, reference), base-currency amount, ledger rows and
 * the audit entry. Calling it again for the same payment (double confirm, repeated webhooks, even
 * concurrently) returns the donation already recorded with `created: false`, so callers send
 * receipts and invitations only when `created` is true.
 */
export async function recordSucceededPayment(db: Db, input: SucceededPayment): Promise<RecordedDonation> {
  assertPayment(input);
  const existing = await findByReference(db, input.provider, input.providerReference);
  if (existing) return { donation: existing, created: false };
  return db.transaction(async (tx) => {
    const npo = await tx.query.npos.findFirst({ where: eq(npos.id, input.npoId), columns: { baseCurrency: true } });
    if (!npo) throw new AppError('NOT_FOUND', 'Organisation not found.');
    const target = await resolveCampaigns(tx, input);
    const currency = input.currency.toUpperCase();
    const conversion = await convertToBase(tx, input.npoId, input.amountMinor, currency, npo.baseCurrency);
    const donor = await upsertDonor(tx, input.npoId, input.donor, input.occurredAt);
    const [inserted] = await tx
      .insert(donations)
      .values({
        ...detailsOf(input, target.context),
        npoId: input.npoId,
        campaignId: target.campaignId,
        peerCampaignId: target.peerCampaignId,
        donorId: donor.id,
        amountMinor: input.amountMinor,
        feeCoveredMinor: input.feeCoveredMinor ?? 0,
        currency,
        baseAmountMinor: conversion.baseAmountMinor,
        baseCurrency: npo.baseCurrency,
        fxRate: conversion.fxRate,
        status: 'succeeded',
        provider: input.provider,
        providerReference: input.providerReference,
        recurringPlanId: input.recurringPlanId ?? null,
        ...(input.occurredAt ? { createdAt: input.occurredAt, updatedAt: input.occurredAt } : {}),
      })
      .onConflictDoNothing({ target: [donations.provider, donations.providerReference] })
      .returning();
    // A concurrent call won the insert: its row is committed once our conflicting insert returns.
    if (!inserted) {
      const winner = await findByReference(tx, input.provider, input.providerReference);
      if (!winner) throw new Error('donation conflict without a recorded donation');
      return { donation: winner, created: false };
    }
    const donation = await assignReceiptNumber(tx, inserted);
    await writeGiftLedger(tx, donation, input.platformFeeMinor ?? 0);
    await recordAudit(tx, {
      npoId: input.npoId,
      actorUserId: null,
      action: 'donation.recorded',
      targetType: 'donation',
      targetId: donation.id,
      data: {
        provider: input.provider,
        provider_reference: input.providerReference,
        amount_minor: donation.amountMinor,
        currency,
        donor_id: donor.id,
      },
    });
    await input.onRecorded?.(tx, donation);
    return { donation, created: true };
  });
}

function assertPayment(input: SucceededPayment): void {
  const fee = input.feeCoveredMinor ?? 0;
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
    throw new AppError('VALIDATION_FAILED', 'A donation amount must be a positive whole number of minor units.');
  }
  if (!Number.isSafeInteger(fee) || fee < 0 || fee > input.amountMinor) {
    throw new AppError('VALIDATION_FAILED', 'Fees covered must be between zero and the amount charged.');
  }
  if (!/^[A-Za-z]{3}$/.test(input.currency)) throw new AppError('VALIDATION_FAILED', 'Unknown currency.');
  if (!input.provider || !input.providerReference) {
    throw new AppError('VALIDATION_FAILED', 'A payment needs its provider and provider reference.');
  }
  if (!input.donor.email.includes('@')) throw new AppError('VALIDATION_FAILED', 'A donor needs an e-mail address.');
}

async function findByReference(db: Tx, provider: string, reference: string): Promise<DonationRow | undefined> {
  const [row] = await db
    .select()
    .from(donations)
    .where(and(eq(donations.provider, provider), eq(donations.providerReference, reference)));
  return row;
}

type Target = { campaignId: number | null; peerCampaignId: number | null; context: GiftContext | null };

/** A gift through a peer campaign counts for its parent; a peer id that is not the campaign's child is dropped. */
async function resolveCampaigns(tx: Tx, input: SucceededPayment): Promise<Target> {
  if (input.campaignId == null) return { campaignId: null, peerCampaignId: null, context: null };
  let context = await findGiftContext(tx, input.npoId, input.campaignId);
  if (!context) throw new AppError('NOT_FOUND', 'Campaign not found.');
  let peerCampaignId: number | null = null;
  if (context.parentCampaignId !== null) {
    peerCampaignId = context.id;
    context = await findGiftContext(tx, input.npoId, context.parentCampaignId);
    if (!context) throw new AppError('NOT_FOUND', 'Campaign not found.');
  } else if (input.peerCampaignId != null) {
    const peer = await findGiftContext(tx, input.npoId, input.peerCampaignId);
    if (peer?.parentCampaignId === context.id) peerCampaignId = peer.id;
  }
  return { campaignId: context.id, peerCampaignId, context };
}

/** The donor's choices, with the designation's name and each question's text copied as they read now. */
function detailsOf(input: SucceededPayment, context: GiftContext | null) {
  const designation = context?.designations.find((d) => d.id === input.designationId) ?? null;
  const answers: DonationAnswer[] = (input.answers ?? [])
    .filter((a) => a.answer.trim() !== '')
    .map((a) => {
      const question = context?.questions.find((q) => q.id === a.question_id);
      return { question_id: question?.id ?? null, question: question?.content ?? a.question ?? '', answer: a.answer };
    });
  const wall = input.donorWall ?? {};
  const onWall = wall.addToDonorWall === true;
  const giftAid = input.giftAid ?? null;
  return {
    interval: input.interval ?? 'once',
    paymentMethod: input.paymentMethod ?? null,
    designationId: designation?.id ?? null,
    designationName: designation?.name ?? null,
    answers,
    comment: (input.comment ?? '').trim(),
    giftAid: giftAid !== null,
    giftAidName: giftAid?.name ?? null,
    giftAidAddress: giftAid?.address ?? null,
    giftAidPostcode: giftAid?.postcode ?? null,
    giftAidDeclaredOn: giftAid
      ? (giftAid.declaredOn ?? (input.occurredAt ?? new Date()).toISOString().slice(0, 10))
      : null,
    // The three display options mean nothing off the wall (spec 02 section 4).
    addToDonorWall: onWall,
    firstNameOnlyToDonorWall: onWall && wall.firstNameOnly === true,
    showAmountOnDonorWall: onWall && wall.showAmount === true,
    showCommentOnDonorWall: onWall && wall.showComment === true,
    createDonorAccount: input.createDonorAccount === true,
  };
}

/** Receipt numbers are per organisation and follow the donation id: `{npo}-{id, 6 digits}`. */
async function assignReceiptNumber(tx: Tx, donation: DonationRow): Promise<DonationRow> {
  const receiptNumber = `${donation.npoId}-${String(donation.id).padStart(6, '0')}`;
  const [row] = await tx
    .update(donations)
    .set({ receiptNumber })
    .where(and(eq(donations.id, donation.id), eq(donations.npoId, donation.npoId)))
    .returning();
  return row ?? { ...donation, receiptNumber };
}
