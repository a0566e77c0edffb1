import type { TGivingInterval, TNotificationKind } from '@kindling/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { GiftContext } from '../campaigns/index.ts';
import type { DonorDetails } from '../donors/index.ts';
import { type DonationAnswer, type DonationTribute, donations } from './donations.tables.ts';
import { convertToBase } from './exchange-rates.ts';
import { type GiftTarget, loadGiftTarget } from './gift-target.repository.ts';
import { giftLedgerLines } from './ledger.repository.ts';
import { settlePendingDonation } from './pending-debit.service.ts';
import { insertDonationOnce } from './record-donation.statement.ts';

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
  /** The provider's id for refunds when it differs from `providerReference` (PayPal's capture id). */
  providerCaptureId?: string | null;
  /** The staff member who entered the gift by hand (offline gifts); null for payments. */
  createdByUserId?: number | null;
  /** The recurring plan a scheduled charge belongs to (a first gift's plan is linked by the plans module). */
  recurringPlanId?: number | null;
  /** When the provider says the payment happened (seed, late webhooks); default now. */
  occurredAt?: Date;
  /**
   * The staff notification about this gift, written by the same statement as the donation (so it
   * exists exactly when the donation does); its link and `donation_id` name the new donation.
   */
  notify?: DonationNotice;
  /**
   * Runs inside a transaction with the recording, only for the call that records the donation:
   * it commits with the donation or not at all. Costs a transaction: prefer `notify` when it fits.
   */
  onRecorded?: (tx: Tx, donation: DonationRow) => Promise<void>;
  /**
   * A bank debit the provider accepted but has not settled (processing): recorded `pending`,
   * without ledger rows; its success later settles it (pending-debit.service.ts, decision 038).
   */
  pending?: boolean;
  // conv15: a tribute gift (docs/product/donation-form.md#conversion), written by the same insert.
  tribute?: DonationTribute | null;
};

export type DonationNotice = {
  kind: TNotificationKind;
  title: string;
  message: string;
  data?: Record<string, unknown>;
};

export type RecordedDonation = { donation: DonationRow; created: boolean };

/**
 * Records a succeeded payment as one donation: donor found or created by e-mail, donation inserted
 * once per (provider, reference), base-currency amount, ledger rows, audit entry and the staff
 * notification, all written by one statement (atomic by itself, and one round trip: donations
 * arrive in bursts). Calling it again for the same payment (double confirm, repeated webhooks, even
 * concurrently) returns the donation already recorded with `created: false`, so callers send
 * receipts and invitations only when `created` is true.
 */
export async function recordSucceededPayment(db: Db, input: SucceededPayment): Promise<RecordedDonation> {
  assertPayment(input);
  const target = await loadGiftTarget(db, input);
  if (target.existingId !== null) {
    const existing = await findByReference(db, input.provider, input.providerReference);
    if (existing?.status === 'pending' && !input.pending) return settleDebit(db, input, existing);
    if (existing) return { donation: existing, created: false };
  }
  const campaigns = resolveCampaigns(target, input);
  const currency = input.currency.toUpperCase();
  const conversion = await convertToBase(db, input.npoId, input.amountMinor, currency, target.baseCurrency);
  const values = {
    ...detailsOf(input, campaigns.context),
    npoId: input.npoId,
    campaignId: campaigns.campaignId,
    peerCampaignId: campaigns.peerCampaignId,
    amountMinor: input.amountMinor,
    feeCoveredMinor: input.feeCoveredMinor ?? 0,
    currency,
    baseAmountMinor: conversion.baseAmountMinor,
    baseCurrency: target.baseCurrency,
    fxRate: conversion.fxRate,
    status: input.pending ? ('pending' as const) : ('succeeded' as const),
    provider: input.provider,
    providerReference: input.providerReference,
    providerCaptureId: input.providerCaptureId ?? null,
    recurringPlanId: input.recurringPlanId ?? null,
    createdByUserId: input.createdByUserId ?? null,
    ...(input.occurredAt ? { createdAt: input.occurredAt, updatedAt: input.occurredAt } : {}),
  };
  const write = (tx: Tx) =>
    insertDonationOnce(tx, {
      values,
      donor: input.donor,
      donorSince: input.occurredAt ?? new Date(),
      ledger: input.pending ? [] : giftLedgerLines(values, input.platformFeeMinor ?? 0),
      notify: input.notify,
    });
  const onRecorded = input.onRecorded;
  const inserted = onRecorded
    ? await db.transaction(async (tx) => {
        const row = await write(tx);
        if (row) await onRecorded(tx, row);
        return row;
      })
    : await write(db);
  if (inserted) return { donation: inserted, created: true };
  // A concurrent call won the insert: its row is committed once our conflicting insert returns.
  const winner = await findByReference(db, input.provider, input.providerReference);
  if (!winner) throw new Error('donation conflict without a recorded donation');
  return { donation: winner, created: false };
}

/**
 * The debit succeeded: the one call that moves it from pending counts as its recording (`created`),
 * so the receipt and thank-you go out then, once; a redelivery finds it settled.
 */
async function settleDebit(db: Db, input: SucceededPayment, existing: DonationRow): Promise<RecordedDonation> {
  const settled = await settlePendingDonation(db, {
    provider: input.provider,
    providerReference: input.providerReference,
    outcome: 'succeeded',
    platformFeeMinor: input.platformFeeMinor ?? 0,
  });
  if (settled) return { donation: settled, created: true };
  return { donation: (await findByReference(db, input.provider, input.providerReference)) ?? existing, created: false };
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

type Campaigns = { campaignId: number | null; peerCampaignId: number | null; context: GiftContext | null };

/** A gift through a peer campaign counts for its parent; a peer id that is not the campaign's child is dropped. */
function resolveCampaigns(target: GiftTarget, input: SucceededPayment): Campaigns {
  if (input.campaignId == null) return { campaignId: null, peerCampaignId: null, context: null };
  const { campaign, related } = target;
  if (!campaign) throw new AppError('NOT_FOUND', 'Campaign not found.');
  if (campaign.parentCampaignId !== null) {
    // A peer campaign was named: `related` is its parent, which the gift counts for.
    if (!related) throw new AppError('NOT_FOUND', 'Campaign not found.');
    return { campaignId: related.id, peerCampaignId: campaign.id, context: related };
  }
  // `related` is the peer campaign the payment named, if any.
  const peerCampaignId = related && related.parentCampaignId === campaign.id ? related.id : null;
  return { campaignId: campaign.id, peerCampaignId, context: campaign };
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
    // The three display options mean nothing off the wall (docs/product/donation-form.md#donor-wall).
    addToDonorWall: onWall,
    firstNameOnlyToDonorWall: onWall && wall.firstNameOnly === true,
    showAmountOnDonorWall: onWall && wall.showAmount === true,
    showCommentOnDonorWall: onWall && wall.showComment === true,
    createDonorAccount: input.createDonorAccount === true,
    // conv15: tribute gifts.
    tribute: input.tribute ?? null,
  };
}
