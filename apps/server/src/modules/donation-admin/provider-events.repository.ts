// Storage of the refunds and disputes a payment provider reports (decision 016). Every write is
// keyed by the provider's own id under a unique index, so a redelivered or concurrent event and a
// refund staff already recorded through Kindling all end up as one row.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { donations, ledgerEntries } from '../donations/index.ts';
import { npos } from '../organisations/index.ts';
import { users } from '../users/index.ts';
import { donationDisputes, donationRefunds } from './donation-admin.tables.ts';
import type { DonationRow } from './donation-detail.repository.ts';

/**
 * The gift a provider event names, locked until the transaction ends: by its reference (intent or
 * order id) or, for PayPal, the capture id. References are unique per provider across organisations,
 * so the organisation is the stored gift's own, never one the event body claims.
 */
export async function lockDonationByReference(
  tx: Tx,
  provider: string,
  reference: string,
): Promise<DonationRow | null> {
  const [row] = await tx
    .select()
    .from(donations)
    .where(
      and(
        eq(donations.provider, provider),
        or(eq(donations.providerReference, reference), eq(donations.providerCaptureId, reference)),
      ),
    )
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The organisation's account at the provider (Stripe acct_…, PayPal merchant id), or null. */
export async function providerAccountIdOf(tx: Tx, npoId: number, provider: string): Promise<string | null> {
  const [npo] = await tx
    .select({ stripe: npos.stripeAccountId, paypal: npos.paypalMerchantId })
    .from(npos)
    .where(eq(npos.id, npoId));
  return (provider === 'stripe' ? npo?.stripe : provider === 'paypal' ? npo?.paypal : null) ?? null;
}

/**
 * What has left the gift so far: confirmed refunds (a staff claim still waiting for the provider
 * is not counted: the event may be that very refund) and disputes still open or lost.
 */
export async function goneSoFar(tx: Tx, donationId: number): Promise<{ refunded: number; disputed: number }> {
  const { rows } = await tx.execute<{ refunded: string; disputed: string }>(sql`
    SELECT
      (SELECT coalesce(sum(amount_minor), 0) FROM ${donationRefunds}
        WHERE donation_id = ${donationId} AND status = 'succeeded') AS refunded,
      (SELECT coalesce(sum(amount_minor), 0) FROM ${donationDisputes}
        WHERE donation_id = ${donationId} AND status IN ('open', 'lost')) AS disputed`);
  const row = rows[0];
  return { refunded: Number(row?.refunded ?? 0), disputed: Number(row?.disputed ?? 0) };
}

/** Records one provider refund; false when that refund id is already recorded for the gift. */
export async function insertProviderRefund(
  tx: Tx,
  d: DonationRow,
  refund: { id: string; amountMinor: number; provider: string },
): Promise<boolean> {
  const rows = await tx
    .insert(donationRefunds)
    .values({
      npoId: d.npoId,
      donationId: d.id,
      idempotencyKey: `provider:${refund.id}`,
      amountMinor: refund.amountMinor,
      currency: d.currency,
      status: 'succeeded',
      providerRefundId: refund.id,
      completedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: donationRefunds.id });
  return rows.length > 0;
}

/**
 * A staff refund still waiting for the provider's answer when the provider's webhook for it comes
 * first: the oldest pending claim of the same amount takes the provider refund id and is done, so
 * the staff request finds it completed and records nothing more. Null when there is none.
 */
export async function adoptPendingClaim(tx: Tx, donationId: number, refund: { id: string; amountMinor: number }) {
  const [row] = await tx
    .execute<{ id: string; created_by_user_id: string | null; reason: string | null; by: string | null }>(sql`
    UPDATE ${donationRefunds} r SET status = 'succeeded', provider_refund_id = ${refund.id}, completed_at = now()
    WHERE r.id = (SELECT id FROM ${donationRefunds}
        WHERE donation_id = ${donationId} AND status = 'pending' AND amount_minor = ${refund.amountMinor}
        ORDER BY id LIMIT 1)
    RETURNING r.id, r.created_by_user_id, r.reason,
      (SELECT nullif(trim(u.first_name || ' ' || u.last_name), '') FROM ${users} u WHERE u.id = r.created_by_user_id) AS by`)
    .then((r) => r.rows);
  if (!row) return null;
  return {
    createdByUserId: row.created_by_user_id === null ? null : Number(row.created_by_user_id),
    reason: row.reason,
    by: row.by,
  };
}

/** The refund already recorded under this provider refund id, if any (staff path, webhook first). */
export async function findRefundByProviderId(tx: Tx, donationId: number, providerRefundId: string) {
  const [row] = await tx
    .select({ id: donationRefunds.id })
    .from(donationRefunds)
    .where(and(eq(donationRefunds.donationId, donationId), eq(donationRefunds.providerRefundId, providerRefundId)));
  return row ?? null;
}

/**
 * Marks a recorded refund as failed at the provider: the one statement that decides whether this
 * delivery reverses it, so a redelivered or concurrent failure finds it failed and does nothing.
 * Null when the refund is unknown or already failed.
 */
export async function failRecordedRefund(tx: Tx, donationId: number, providerRefundId: string, reason: string | null) {
  const [row] = await tx
    .update(donationRefunds)
    .set({ status: 'failed', failedAt: new Date(), failureReason: reason })
    .where(
      and(
        eq(donationRefunds.donationId, donationId),
        eq(donationRefunds.providerRefundId, providerRefundId),
        eq(donationRefunds.status, 'succeeded'),
      ),
    )
    .returning({ id: donationRefunds.id, amountMinor: donationRefunds.amountMinor });
  return row ?? null;
}

/**
 * A failure of a refund Kindling never recorded: kept as failed (it never counted: no ledger row),
 * so the refund's own report arriving late, or a staff refund still waiting for this provider
 * answer, finds its id taken and records nothing. False when the id is already known.
 */
export async function insertFailedProviderRefund(
  tx: Tx,
  d: DonationRow,
  refund: { id: string; amountMinor: number },
  reason: string | null,
): Promise<boolean> {
  const rows = await tx
    .insert(donationRefunds)
    .values({
      npoId: d.npoId,
      donationId: d.id,
      idempotencyKey: `provider:${refund.id}`,
      amountMinor: refund.amountMinor,
      currency: d.currency,
      status: 'failed',
      providerRefundId: refund.id,
      failedAt: new Date(),
      failureReason: reason,
    })
    .onConflictDoNothing()
    .returning({ id: donationRefunds.id });
  return rows.length > 0;
}

type DisputeValues = { id: string; amountMinor: number; reason: string | null; provider: string };

/** Records a dispute as open, or (a close whose opening never arrived) as already decided; null if known. */
export async function insertDispute(
  tx: Tx,
  d: DonationRow,
  dispute: DisputeValues,
  status: 'open' | 'won' | 'lost',
): Promise<number | null> {
  const [row] = await tx
    .insert(donationDisputes)
    .values({
      npoId: d.npoId,
      donationId: d.id,
      provider: dispute.provider,
      providerDisputeId: dispute.id,
      amountMinor: dispute.amountMinor,
      currency: d.currency,
      reason: dispute.reason,
      status,
      ...(status === 'open' ? {} : { closedAt: new Date() }),
    })
    .onConflictDoNothing()
    .returning({ id: donationDisputes.id });
  return row?.id ?? null;
}

/** Decides an open dispute; null when it is unknown or already decided (nothing more to record). */
export async function closeOpenDispute(tx: Tx, donationId: number, providerDisputeId: string, outcome: 'won' | 'lost') {
  const [row] = await tx
    .update(donationDisputes)
    .set({ status: outcome, closedAt: new Date() })
    .where(
      and(
        eq(donationDisputes.donationId, donationId),
        eq(donationDisputes.providerDisputeId, providerDisputeId),
        eq(donationDisputes.status, 'open'),
      ),
    )
    .returning({ id: donationDisputes.id, amountMinor: donationDisputes.amountMinor });
  return row ?? null;
}

/** Rounds half up the share of the gift's base amount that `minor` of its charge is. */
const baseShare = (d: DonationRow, minor: number) =>
  Number((2n * BigInt(minor) * BigInt(d.baseAmountMinor) + BigInt(d.amountMinor)) / (2n * BigInt(d.amountMinor)));

/**
 * A ledger row for money leaving (`amount` < 0) or coming back (> 0) by a dispute. Like the refund
 * rows, its base amount is the difference of the cumulative shares of what is gone before and
 * after, so every row of a gift adds up exactly to the share of what is gone in the end.
 */
export async function writeDisputeLedger(tx: Tx, d: DonationRow, goneBefore: number, amount: number): Promise<void> {
  const goneAfter = goneBefore - amount;
  await tx.insert(ledgerEntries).values({
    npoId: d.npoId,
    donationId: d.id,
    kind: 'dispute',
    amountMinor: amount,
    currency: d.currency,
    baseAmountMinor: baseShare(d, goneBefore) - baseShare(d, goneAfter),
    baseCurrency: d.baseCurrency,
  });
}

/** The gift's disputes, oldest first (the donation detail page). */
export async function disputesOf(db: Db, npoId: number, donationIds: number[]) {
  if (donationIds.length === 0) return [];
  return db
    .select()
    .from(donationDisputes)
    .where(and(eq(donationDisputes.npoId, npoId), inArray(donationDisputes.donationId, donationIds)))
    .orderBy(asc(donationDisputes.openedAt), asc(donationDisputes.id));
}
