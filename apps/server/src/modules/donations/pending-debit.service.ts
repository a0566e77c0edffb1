// A bank debit's gift (decision 038): recorded as `pending` when the provider accepts the debit
// (processing), with no ledger rows and no receipt, then settled by the provider's webhook,
// exactly once: `succeeded` writes the ledger rows and lets the receipt and thank-you go out;
// `failed` keeps the row (a donation is never deleted) without money.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { recordAudit } from '../audit/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import { recordDonationEvent } from './donation-events.ts';
import { donations, ledgerEntries } from './donations.tables.ts';
import { giftNamesOf } from './gift-names.ts';
import { giftLedgerLines } from './ledger.repository.ts';
import type { DonationRow } from './record-payment.service.ts';

export type DebitOutcome = 'succeeded' | 'failed';

/**
 * Moves the pending donation of (provider, reference) to `outcome`, only from `pending`, in one
 * transaction with its ledger rows and audit entry. Returns the settled row for the one call that
 * moved it; null for a redelivery, an unknown payment or a donation already settled.
 */
export async function settlePendingDonation(
  db: Db,
  input: { provider: string; providerReference: string; outcome: DebitOutcome; platformFeeMinor?: number },
): Promise<DonationRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(donations)
      .set({ status: input.outcome, updatedAt: new Date() })
      .where(
        and(
          eq(donations.provider, input.provider),
          eq(donations.providerReference, input.providerReference),
          eq(donations.status, 'pending'),
        ),
      )
      .returning();
    if (!row) return null;
    if (input.outcome === 'succeeded') {
      await recordDonationEvent(tx, 'donation.succeeded', row);
      const lines = giftLedgerLines(row, input.platformFeeMinor ?? 0);
      await tx.insert(ledgerEntries).values(
        lines.map((line) => ({
          npoId: row.npoId,
          donationId: row.id,
          kind: line.kind,
          amountMinor: line.amountMinor,
          currency: row.currency,
          baseAmountMinor: line.baseAmountMinor,
          baseCurrency: row.baseCurrency,
        })),
      );
    }
    await recordAudit(tx, {
      npoId: row.npoId,
      actorUserId: null,
      action: input.outcome === 'succeeded' ? 'donation.debit_succeeded' : 'donation.debit_failed',
      targetType: 'donation',
      targetId: row.id,
      data: { provider: row.provider, provider_reference: row.providerReference },
    });
    // Staff hear of the failure with the change itself: once, since only one call moves it from pending.
    if (input.outcome === 'failed') await notifyDebitFailed(tx, row);
    return row;
  });
}

/** Whether (provider, reference) has a gift still pending: one unique-index lookup. */
export async function hasPendingDonation(db: Db, provider: string, providerReference: string): Promise<boolean> {
  const [row] = await db
    .select({ id: donations.id })
    .from(donations)
    .where(
      and(
        eq(donations.provider, provider),
        eq(donations.providerReference, providerReference),
        eq(donations.status, 'pending'),
      ),
    );
  return row !== undefined;
}

async function notifyDebitFailed(tx: Tx, row: DonationRow): Promise<void> {
  const names = await giftNamesOf(tx, row);
  await notifyOrganisation(tx, {
    npoId: row.npoId,
    kind: 'donation.debit_failed',
    ...notificationTexts['donation.debit_failed']({
      ...names,
      donationId: row.id,
      amountMinor: row.amountMinor,
      currency: row.currency,
    }),
    data: { donation_id: row.id, amount_minor: row.amountMinor, currency: row.currency },
  });
}
