import { REFUND_MESSAGES, type TRefundInput } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { recordDonationEvent } from '../donations/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import { type PaymentProviders, ProviderError, type ProviderName, type ProviderRefund } from '../payments/index.ts';
import { refundedSoFar } from './donation-detail.repository.ts';
import { findRefundByProviderId, goneSoFar } from './provider-events.repository.ts';
import {
  completeRefund,
  findRefundByKey,
  giftNamesOf,
  insertRefundClaim,
  lockDonation,
  markFullyRefunded,
  providerAccountOf,
  releaseRefundClaim,
  writeRefundLedger,
} from './refund.repository.ts';

export const DONATION_NOT_FOUND = 'No such donation.';
const PROVIDERS: readonly string[] = ['sandbox', 'stripe', 'paypal'];
/** How long a refund claim may stay pending before the same key may finish it. */
const STALE_CLAIM_MS = 60_000;

export type RefundDeps = { db: Db; providers: PaymentProviders };

type Claim = {
  refundId: number;
  amount: number;
  before: number;
  donation: NonNullable<Awaited<ReturnType<typeof lockDonation>>>;
};

/**
 * Refunds all or part of a gift through its provider. Three steps, so no database lock is held
 * while the provider answers: claim the amount (checked against what is left, under the gift's
 * row lock), ask the provider with a key derived from the staff member's idempotency key, then
 * record the negative ledger row and, when nothing is left, the refunded state. A repeated key
 * answers without refunding again; a provider failure removes the claim and changes nothing.
 */
export async function refundDonation(
  deps: RefundDeps,
  actor: OrganisationSession,
  donationId: number,
  input: TRefundInput,
  ip: string | null,
): Promise<{ replayed: boolean }> {
  const claim = await claimRefund(deps.db, actor, donationId, input);
  if (!claim) return { replayed: true };
  const { donation } = claim;
  let refund: ProviderRefund;
  try {
    refund = await deps.providers.byName(donation.provider as ProviderName).refund({
      account: await providerAccountOf(deps.db, donation.npoId, donation.provider ?? ''),
      paymentId: donation.providerCaptureId ?? donation.providerReference ?? '',
      amountMinor: claim.amount,
      currency: donation.currency,
      idempotencyKey: `refund-${donation.id}-${input.idempotency_key}`,
    });
    if (refund.status === 'failed') throw new AppError('PROVIDER_ERROR', 'The payment provider refused the refund.');
  } catch (error) {
    await deps.db.transaction((tx) => releaseRefundClaim(tx, claim.refundId));
    throw refundErrorOf(error);
  }
  await deps.db.transaction(async (tx) => {
    // The provider's webhook may have recorded this very refund while we waited for the answer
    // (decision 016): it holds the provider refund id, so the claim goes and nothing is added.
    await lockDonation(tx, donation.npoId, donation.id);
    if (await findRefundByProviderId(tx, donation.id, refund.id)) return releaseRefundClaim(tx, claim.refundId);
    if (!(await completeRefund(tx, claim.refundId, refund.id))) return;
    await writeRefundLedger(tx, donation, claim.before, claim.amount);
    // Money a dispute took counts as gone too: what is refunded now may be all that was left.
    const { disputed } = await goneSoFar(tx, donation.id);
    const full = claim.before + claim.amount + disputed >= donation.amountMinor;
    if (full) await markFullyRefunded(tx, donation.id);
    await recordAudit(tx, {
      npoId: donation.npoId,
      actorUserId: actor.user.id,
      action: full ? 'donation.refunded' : 'donation.partially_refunded',
      targetType: 'donation',
      targetId: donation.id,
      data: {
        amount_minor: claim.amount,
        currency: donation.currency,
        provider: donation.provider,
        provider_refund_id: refund.id,
        ...(input.reason ? { reason: input.reason } : {}),
      },
      ip,
    });
    await notifyRefund(tx, actor, donation, { amount: claim.amount, full, providerRefundId: refund.id });
    await recordDonationEvent(tx, 'donation.refunded', donation, { refunded_minor: claim.amount, full });
  });
  return { replayed: false };
}

/** Tells the organisation's staff, in the refund's own transaction: no notice without the refund. */
async function notifyRefund(
  tx: Tx,
  actor: OrganisationSession,
  donation: Claim['donation'],
  refund: { amount: number; full: boolean; providerRefundId: string },
): Promise<void> {
  const names = await giftNamesOf(tx, donation);
  await notifyOrganisation(tx, {
    npoId: donation.npoId,
    kind: 'donation.refunded',
    ...notificationTexts['donation.refunded']({
      ...names,
      donationId: donation.id,
      amountMinor: refund.amount,
      giftAmountMinor: donation.amountMinor,
      currency: donation.currency,
      full: refund.full,
      refundedBy: `${actor.user.firstName} ${actor.user.lastName}`.trim() || null,
    }),
    data: {
      donation_id: donation.id,
      amount_minor: refund.amount,
      currency: donation.currency,
      full: refund.full,
      provider_refund_id: refund.providerRefundId,
    },
  });
}

/** The claim for this request, or null when the same key already refunded. */
async function claimRefund(
  db: Db,
  actor: OrganisationSession,
  donationId: number,
  input: TRefundInput,
): Promise<Claim | null> {
  return db.transaction(async (tx) => {
    const donation = await lockDonation(tx, actor.selectedNpoId, donationId);
    if (!donation) throw new AppError('NOT_FOUND', DONATION_NOT_FOUND);
    const previous = await findRefundByKey(tx, donationId, input.idempotency_key);
    if (previous?.status === 'succeeded') return null;
    if (previous) {
      // A claim left pending by a request that died after asking the provider: the same key asks
      // again (the provider answers with the same refund) and records it once. A younger one is
      // most likely a double click still on its way.
      if (Date.now() - previous.createdAt.getTime() < STALE_CLAIM_MS) {
        throw new AppError('CONFLICT', REFUND_MESSAGES.inProgress);
      }
      const before = (await refundedSoFar(tx, donationId)) - previous.amountMinor;
      return { refundId: previous.id, amount: previous.amountMinor, before, donation };
    }
    if (!donation.provider || !PROVIDERS.includes(donation.provider) || !donation.providerReference) {
      throw new AppError('CONFLICT', REFUND_MESSAGES.offline);
    }
    if (donation.status === 'refunded') throw new AppError('CONFLICT', REFUND_MESSAGES.nothingLeft);
    if (donation.status !== 'succeeded') throw new AppError('CONFLICT', REFUND_MESSAGES.notRefundable);
    const before = await refundedSoFar(tx, donationId);
    // Money a dispute withdrew (open or lost) cannot be refunded as well.
    const left = donation.amountMinor - before - (await goneSoFar(tx, donationId)).disputed;
    if (left <= 0) throw new AppError('CONFLICT', REFUND_MESSAGES.nothingLeft);
    const amount = input.amount_minor ?? left;
    if (amount > left) {
      throw new AppError('VALIDATION_FAILED', REFUND_MESSAGES.overRefund, { amount_minor: REFUND_MESSAGES.overRefund });
    }
    const refundId = await insertRefundClaim(tx, {
      npoId: donation.npoId,
      donationId,
      idempotencyKey: input.idempotency_key,
      amountMinor: amount,
      currency: donation.currency,
      reason: input.reason || null,
      createdByUserId: actor.user.id,
    });
    return { refundId, amount, before, donation };
  });
}

/** The provider's own message, as a 400/409 when it refused the request and a 502 otherwise. */
function refundErrorOf(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  const code = ['invalid_amount', 'invalid_request', 'currency_not_supported'].includes(error.code)
    ? 'VALIDATION_FAILED'
    : ['unexpected_state', 'idempotency_conflict'].includes(error.code)
      ? 'CONFLICT'
      : error.code === 'not_configured' || error.code === 'not_supported'
        ? 'NOT_CONFIGURED'
        : 'PROVIDER_ERROR';
  return new AppError(code, error.providerMessage);
}
