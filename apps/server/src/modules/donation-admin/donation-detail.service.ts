import type { TDonationDetail, TDonationDispute, TDonationRefund, THistoryEntry } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { listAuditEntries } from '../audit/index.ts';
import { toDonation } from '../donations/index.ts';
import { findDonationDetail, ledgerOf, refundsOf } from './donation-detail.repository.ts';
import { disputesOf } from './provider-events.repository.ts';
import { DONATION_NOT_FOUND } from './refund.service.ts';

const REFUNDABLE_PROVIDERS: readonly string[] = ['sandbox', 'stripe', 'paypal'];
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Everything recorded for one of the organisation's donations; 404 for any other id. */
export async function getDonationDetail(db: Db, npoId: number, id: number): Promise<TDonationDetail> {
  const found = await findDonationDetail(db, npoId, id);
  if (!found) throw new AppError('NOT_FOUND', DONATION_NOT_FOUND);
  const [ledger, refunds, disputes] = await Promise.all([
    ledgerOf(db, npoId, id),
    refundsOf(db, npoId, id),
    disputesOf(db, npoId, [id]),
  ]);
  const d = found.donation;
  // A refund the provider reported as failed is listed but gave nothing back.
  const refunded = refunds
    .filter((r) => r.refund.status === 'succeeded')
    .reduce((sum, r) => sum + r.refund.amountMinor, 0);
  // What an open or lost dispute withdrew cannot be refunded too.
  const disputed = disputes.filter((x) => x.status !== 'won').reduce((sum, x) => sum + x.amountMinor, 0);
  const left = d.status === 'succeeded' ? Math.max(0, d.amountMinor - refunded - disputed) : 0;
  const platformFee = -ledger.filter((l) => l.kind === 'platform_fee').reduce((sum, l) => sum + l.amountMinor, 0);
  const donor = {
    id: found.donor.id,
    first_name: found.donor.firstName,
    last_name: found.donor.lastName,
    email: found.donor.email,
  };
  return {
    ...toDonation(d, donor, found.campaignName ?? null),
    platform_fee_minor: platformFee,
    refunded_minor: refunded,
    refundable_minor: left,
    refundable: left > 0 && REFUNDABLE_PROVIDERS.includes(d.provider ?? '') && !!d.providerReference,
    receipt_sent_at: iso(d.receiptSentAt),
    created_by: found.createdBy ?? null,
    recurring_plan: found.plan?.id
      ? { id: found.plan.id, status: found.plan.status, interval: found.plan.interval }
      : null,
    refunds: refunds.map(
      (r): TDonationRefund => ({
        id: r.refund.id,
        amount_minor: r.refund.amountMinor,
        currency: r.refund.currency,
        provider_refund_id: r.refund.providerRefundId,
        reason: r.refund.reason,
        created_by: r.createdBy ?? null,
        // Rows the provider's webhook wrote carry its refund id as their key (provider-events).
        source: r.refund.idempotencyKey.startsWith('provider:') ? 'provider' : 'kindling',
        status: r.refund.status === 'failed' ? 'failed' : 'succeeded',
        failure_reason: r.refund.failureReason,
        failed_at: iso(r.refund.failedAt),
        created_at: r.refund.createdAt.toISOString(),
      }),
    ),
    disputes: disputes.map(
      (x): TDonationDispute => ({
        id: x.id,
        amount_minor: x.amountMinor,
        currency: x.currency,
        provider_dispute_id: x.providerDisputeId,
        reason: x.reason,
        status: x.status,
        opened_at: x.openedAt.toISOString(),
        closed_at: iso(x.closedAt),
      }),
    ),
    ledger: ledger.map((l) => ({
      kind: l.kind,
      amount_minor: l.amountMinor,
      currency: l.currency,
      base_amount_minor: l.baseAmountMinor,
      base_currency: l.baseCurrency,
      created_at: l.createdAt.toISOString(),
    })),
    // conv15: tribute gifts.
    tribute: d.tribute ?? null,
    tribute_ecard_sent_at: iso(d.tributeEcardSentAt),
  };
}

/** Who did what to the donation, newest first (the audit log). */
export async function getDonationHistory(db: Db, npoId: number, id: number): Promise<THistoryEntry[]> {
  if (!(await findDonationDetail(db, npoId, id))) throw new AppError('NOT_FOUND', DONATION_NOT_FOUND);
  const entries = await listAuditEntries(db, { npoId, targetType: 'donation', targetId: id });
  return entries.map((e) => ({
    id: e.id,
    action: e.action,
    actor: e.actorName,
    data: e.data,
    created_at: e.createdAt.toISOString(),
  }));
}
