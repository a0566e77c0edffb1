import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { donations, ledgerEntries } from '../donations/index.ts';
import { npos } from '../organisations/index.ts';
import { donationRefunds } from './donation-admin.tables.ts';
import type { DonationRow } from './donation-detail.repository.ts';

/** The donation, locked until the transaction ends, so refunds of one gift are claimed one at a time. */
export async function lockDonation(tx: Tx, npoId: number, id: number): Promise<DonationRow | null> {
  const [row] = await tx
    .select()
    .from(donations)
    .where(and(eq(donations.id, id), eq(donations.npoId, npoId)))
    .for('update');
  return row ?? null;
}

export async function findRefundByKey(tx: Tx, donationId: number, key: string) {
  const [row] = await tx
    .select()
    .from(donationRefunds)
    .where(and(eq(donationRefunds.donationId, donationId), eq(donationRefunds.idempotencyKey, key)));
  return row ?? null;
}

export async function insertRefundClaim(tx: Tx, values: typeof donationRefunds.$inferInsert): Promise<number> {
  const [row] = await tx.insert(donationRefunds).values(values).returning({ id: donationRefunds.id });
  if (!row) throw new Error('the refund claim was not stored');
  return row.id;
}

/** A claim whose provider call failed: it never happened, so it no longer counts against the gift. */
export async function releaseRefundClaim(tx: Tx, refundId: number): Promise<void> {
  await tx.delete(donationRefunds).where(and(eq(donationRefunds.id, refundId), eq(donationRefunds.status, 'pending')));
}

/** Marks the claim done; false when another request already completed it (nothing more to record). */
export async function completeRefund(tx: Tx, refundId: number, providerRefundId: string): Promise<boolean> {
  const done = await tx
    .update(donationRefunds)
    .set({ status: 'succeeded', providerRefundId, completedAt: new Date() })
    .where(and(eq(donationRefunds.id, refundId), eq(donationRefunds.status, 'pending')))
    .returning({ id: donationRefunds.id });
  return done.length > 0;
}

/** Rounds half up the share of the gift's base amount that `minor` of its charge is. */
const baseShare = (d: DonationRow, minor: number) =>
  Number((2n * BigInt(minor) * BigInt(d.baseAmountMinor) + BigInt(d.amountMinor)) / (2n * BigInt(d.amountMinor)));

/**
 * The refund's negative ledger row. Its base amount is the difference of the cumulative shares
 * before and after, so partial refunds that add up to the whole gift net its base amount to zero.
 */
export async function writeRefundLedger(tx: Tx, d: DonationRow, before: number, amount: number): Promise<void> {
  await tx.insert(ledgerEntries).values({
    npoId: d.npoId,
    donationId: d.id,
    kind: 'refund',
    amountMinor: -amount,
    currency: d.currency,
    baseAmountMinor: -(baseShare(d, before + amount) - baseShare(d, before)),
    baseCurrency: d.baseCurrency,
  });
}

/**
 * The positive `refund` row that reverses a refund the provider reported as failed: the same
 * cumulative shares as the row it cancels (`goneAfter` is what stays gone without it), so the
 * gift's rows net to what really left and every sum over refund rows drops it.
 */
export async function writeRefundReversal(tx: Tx, d: DonationRow, goneAfter: number, amount: number): Promise<void> {
  await tx.insert(ledgerEntries).values({
    npoId: d.npoId,
    donationId: d.id,
    kind: 'refund',
    amountMinor: amount,
    currency: d.currency,
    baseAmountMinor: baseShare(d, goneAfter + amount) - baseShare(d, goneAfter),
    baseCurrency: d.baseCurrency,
  });
}

/** A gift marked refunded by a refund that then failed counts as a gift again. */
export async function markNoLongerRefunded(tx: Tx, donationId: number): Promise<void> {
  await tx
    .update(donations)
    .set({ status: 'succeeded', refundedAt: null, updatedAt: sql`now()` })
    .where(and(eq(donations.id, donationId), eq(donations.status, 'refunded')));
}

export async function markFullyRefunded(tx: Tx, donationId: number): Promise<void> {
  await tx
    .update(donations)
    .set({ status: 'refunded', refundedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(donations.id, donationId));
}

/** The organisation's account at a provider, as the provider calls need it. */
export async function providerAccountOf(tx: Tx, npoId: number, provider: string) {
  const [npo] = await tx
    .select({ stripe: npos.stripeAccountId, paypal: npos.paypalMerchantId })
    .from(npos)
    .where(eq(npos.id, npoId));
  const accountId = provider === 'stripe' ? npo?.stripe : provider === 'paypal' ? npo?.paypal : null;
  return { npoId, accountId: accountId ?? null };
}

// The names of a gift's notice live with the donations, which notify about failed bank debits too.
export { giftNamesOf } from '../donations/index.ts';
