// Refunds and disputes reported by a payment provider's webhook (decision 016): a refund made in
// the provider's own dashboard, a chargeback and its outcome reach the gift, the ledger, every
// total and the staff, exactly once however often and in whatever order the provider sends them.
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { recordAudit } from '../audit/index.ts';
import { recordDonationEvent } from '../donations/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import type { ProviderDispute, ProviderEvent, ProviderName, ProviderRefundRecord } from '../payments/index.ts';
import type { DonationRow } from './donation-detail.repository.ts';
import {
  adoptPendingClaim,
  closeOpenDispute,
  failRecordedRefund,
  findRefundByProviderId,
  goneSoFar,
  insertDispute,
  insertFailedProviderRefund,
  insertProviderRefund,
  lockDonationByReference,
  providerAccountIdOf,
  writeDisputeLedger,
} from './provider-events.repository.ts';
import {
  giftNamesOf,
  markFullyRefunded,
  markNoLongerRefunded,
  writeRefundLedger,
  writeRefundReversal,
} from './refund.repository.ts';

/** How staff see the provider: in a sentence ("by the sandbox") and as the actor of a history entry. */
const PROVIDER_NAMES: Record<ProviderName, string> = { stripe: 'Stripe', paypal: 'PayPal', sandbox: 'the sandbox' };
const PROVIDER_ACTORS: Record<ProviderName, string> = { stripe: 'Stripe', paypal: 'PayPal', sandbox: 'Sandbox' };

/** Why an event changed nothing, for the log (the provider still gets its 200). */
export type ProviderEventOutcome =
  | { recorded: number }
  | { skipped: 'no_reference' | 'unknown_payment' | 'other_organisation' | 'currency_mismatch' };

export type ProviderEventLog = (message: string, context: Record<string, unknown>) => void;

/**
 * Records a refund.recorded, refund.failed, dispute.opened or dispute.closed event. The gift is found by the
 * payment reference the event names; an account or organisation in the event that is not the
 * stored gift's own means the event is not about this gift, and nothing changes.
 */
export async function recordProviderMoneyEvent(
  db: Db,
  provider: ProviderName,
  event: ProviderEvent,
  log: ProviderEventLog,
): Promise<ProviderEventOutcome> {
  const reference = event.providerReference;
  const context = { provider, event_id: event.id, event_type: event.providerType, reference };
  if (!reference) {
    log('a provider event names no payment', context);
    return { skipped: 'no_reference' };
  }
  const outcome = await db.transaction(async (tx): Promise<ProviderEventOutcome> => {
    const donation = await lockDonationByReference(tx, provider, reference);
    if (!donation) return { skipped: 'unknown_payment' };
    if (!(await belongsToGift(tx, donation, event))) return { skipped: 'other_organisation' };
    if (event.currency && event.currency !== donation.currency) return { skipped: 'currency_mismatch' };
    if (event.type === 'refund.recorded')
      return { recorded: await recordRefunds(tx, donation, provider, event.refunds ?? []) };
    if (event.type === 'refund.failed') {
      const reason = event.failureMessage ?? null;
      return { recorded: await reverseFailedRefunds(tx, donation, provider, event.refunds ?? [], reason) };
    }
    if (event.dispute && event.type === 'dispute.opened') {
      return { recorded: await openDispute(tx, donation, provider, event.dispute) };
    }
    if (event.dispute && event.type === 'dispute.closed') {
      return { recorded: await closeDispute(tx, donation, provider, event.dispute) };
    }
    return { recorded: 0 };
  });
  if ('skipped' in outcome) log(`a provider ${event.type} event changed nothing: ${outcome.skipped}`, context);
  return outcome;
}

/** The event's account (and the organisation in its metadata, if any) must be the gift's own. */
async function belongsToGift(tx: Tx, donation: DonationRow, event: ProviderEvent): Promise<boolean> {
  const claimedNpo = event.metadata.npo_id;
  if (claimedNpo !== undefined && claimedNpo !== String(donation.npoId)) return false;
  if (!event.accountId) return true;
  return event.accountId === (await providerAccountIdOf(tx, donation.npoId, donation.provider ?? ''));
}

/**
 * Each refund not recorded yet (by its provider id): a negative ledger row, audit and notice. A
 * staff refund whose provider answer is still on its way is completed here in the staff member's
 * name; one made at the provider itself is recorded with the provider as the actor.
 */
async function recordRefunds(tx: Tx, d: DonationRow, provider: ProviderName, refunds: ProviderRefundRecord[]) {
  let recorded = 0;
  for (const refund of refunds) {
    if (refund.amountMinor <= 0 || (await findRefundByProviderId(tx, d.id, refund.id))) continue;
    const claim = await adoptPendingClaim(tx, d.id, refund);
    if (!claim && !(await insertProviderRefund(tx, d, { ...refund, provider }))) continue;
    const gone = await goneSoFar(tx, d.id);
    const before = gone.refunded - refund.amountMinor + gone.disputed;
    await writeRefundLedger(tx, d, before, refund.amountMinor);
    const full = before + refund.amountMinor >= d.amountMinor;
    if (full && d.status !== 'refunded') await markFullyRefunded(tx, d.id);
    const by = claim ? claim.by : `${PROVIDER_NAMES[provider]} (not through Kindling)`;
    await recordAudit(tx, {
      npoId: d.npoId,
      actorUserId: claim?.createdByUserId ?? null,
      action: full ? 'donation.refunded' : 'donation.partially_refunded',
      targetType: 'donation',
      targetId: d.id,
      data: {
        amount_minor: refund.amountMinor,
        currency: d.currency,
        provider,
        provider_refund_id: refund.id,
        ...(claim ? (claim.reason ? { reason: claim.reason } : {}) : { actor: PROVIDER_ACTORS[provider] }),
      },
    });
    await notifyRefunded(tx, d, { ...refund, full, by });
    await recordDonationEvent(tx, 'donation.refunded', d, { refunded_minor: refund.amountMinor, full });
    recorded++;
  }
  return recorded;
}

async function notifyRefunded(
  tx: Tx,
  d: DonationRow,
  refund: ProviderRefundRecord & { full: boolean; by: string | null },
): Promise<void> {
  const names = await giftNamesOf(tx, d);
  await notifyOrganisation(tx, {
    npoId: d.npoId,
    kind: 'donation.refunded',
    ...notificationTexts['donation.refunded']({
      ...names,
      donationId: d.id,
      amountMinor: refund.amountMinor,
      giftAmountMinor: d.amountMinor,
      currency: d.currency,
      full: refund.full,
      refundedBy: refund.by,
    }),
    data: {
      donation_id: d.id,
      amount_minor: refund.amountMinor,
      currency: d.currency,
      full: refund.full,
      provider_refund_id: refund.id,
    },
  });
}

/**
 * A recorded refund that failed at the provider never gave the money back: its row is marked
 * failed by one conditional UPDATE (under the gift's row lock, so a redelivered or concurrent
 * failure reverses once), a positive refund row cancels its ledger row, and a gift marked refunded
 * only because of it counts as a gift again. A failure of a refund never recorded moves nothing.
 */
async function reverseFailedRefunds(
  tx: Tx,
  d: DonationRow,
  provider: ProviderName,
  refunds: ProviderRefundRecord[],
  reason: string | null,
) {
  let reversed = 0;
  for (const refund of refunds) {
    const failed = await failRecordedRefund(tx, d.id, refund.id, reason);
    if (!failed) {
      await insertFailedProviderRefund(tx, d, refund, reason);
      continue;
    }
    const gone = await goneSoFar(tx, d.id);
    const goneAfter = gone.refunded + gone.disputed;
    await writeRefundReversal(tx, d, goneAfter, failed.amountMinor);
    const restored = d.status === 'refunded' && goneAfter < d.amountMinor;
    if (restored) await markNoLongerRefunded(tx, d.id);
    const data = {
      amount_minor: failed.amountMinor,
      currency: d.currency,
      provider,
      provider_refund_id: refund.id,
      failure_reason: reason,
      actor: PROVIDER_ACTORS[provider],
    };
    await recordAudit(tx, {
      npoId: d.npoId,
      actorUserId: null,
      action: 'donation.refund_failed',
      targetType: 'donation',
      targetId: d.id,
      data,
    });
    const names = await giftNamesOf(tx, d);
    await notifyOrganisation(tx, {
      npoId: d.npoId,
      kind: 'donation.refund_failed',
      ...notificationTexts['donation.refund_failed']({
        ...names,
        donationId: d.id,
        amountMinor: failed.amountMinor,
        giftAmountMinor: d.amountMinor,
        currency: d.currency,
        providerName: PROVIDER_NAMES[provider],
        reason,
      }),
      data: { donation_id: d.id, restored, ...data },
    });
    reversed++;
  }
  return reversed;
}

/** The provider withdraws the disputed amount when the dispute opens: a negative dispute row. */
async function openDispute(tx: Tx, d: DonationRow, provider: ProviderName, dispute: ProviderDispute) {
  if (!(await insertDispute(tx, d, { ...dispute, provider }, 'open'))) return 0;
  const gone = await goneSoFar(tx, d.id);
  await writeDisputeLedger(tx, d, gone.refunded + gone.disputed - dispute.amountMinor, -dispute.amountMinor);
  await disputeRecorded(tx, d, provider, dispute, 'opened');
  return 1;
}

/**
 * Won: the withdrawn amount comes back (a positive dispute row). Lost: it stays gone, and a gift
 * with nothing left counts as refunded. A close whose opening never arrived records the end state
 * directly: lost withdraws the amount, won moves nothing.
 */
async function closeDispute(tx: Tx, d: DonationRow, provider: ProviderName, dispute: ProviderDispute) {
  const outcome = dispute.outcome ?? 'lost';
  const closed = await closeOpenDispute(tx, d.id, dispute.id, outcome);
  let withdrawn = closed?.amountMinor ?? 0;
  if (!closed) {
    if (!(await insertDispute(tx, d, { ...dispute, provider }, outcome))) return 0;
    if (outcome === 'lost') {
      const gone = await goneSoFar(tx, d.id);
      await writeDisputeLedger(tx, d, gone.refunded + gone.disputed - dispute.amountMinor, -dispute.amountMinor);
    }
    withdrawn = 0;
  }
  const gone = await goneSoFar(tx, d.id);
  if (outcome === 'won' && withdrawn > 0)
    await writeDisputeLedger(tx, d, gone.refunded + gone.disputed + withdrawn, withdrawn);
  if (outcome === 'lost' && gone.refunded + gone.disputed >= d.amountMinor && d.status !== 'refunded') {
    await markFullyRefunded(tx, d.id);
  }
  await disputeRecorded(tx, d, provider, dispute, outcome);
  return 1;
}

async function disputeRecorded(
  tx: Tx,
  d: DonationRow,
  provider: ProviderName,
  dispute: ProviderDispute,
  stage: 'opened' | 'won' | 'lost',
) {
  const data = {
    amount_minor: dispute.amountMinor,
    currency: d.currency,
    provider,
    provider_dispute_id: dispute.id,
    reason: dispute.reason,
    actor: PROVIDER_ACTORS[provider],
  };
  await recordDonationEvent(tx, 'donation.disputed', d, {
    dispute_stage: stage,
    disputed_minor: dispute.amountMinor,
    reason: dispute.reason,
  });
  await recordAudit(tx, {
    npoId: d.npoId,
    actorUserId: null,
    action: `donation.dispute_${stage}`,
    targetType: 'donation',
    targetId: d.id,
    data,
  });
  const names = await giftNamesOf(tx, d);
  await notifyOrganisation(tx, {
    npoId: d.npoId,
    kind: 'donation.disputed',
    ...notificationTexts['donation.disputed']({
      ...names,
      donationId: d.id,
      amountMinor: dispute.amountMinor,
      currency: d.currency,
      stage,
      reason: dispute.reason,
    }),
    data: { donation_id: d.id, stage, ...data },
  });
}
