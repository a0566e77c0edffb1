import { sql } from 'drizzle-orm';
import { cardTestingBursts } from '../modules/card-testing/card-testing.tables.ts';
import { refundedSoFar } from '../modules/donation-admin/donation-detail.repository.ts';
import {
  completeRefund,
  findRefundByKey,
  insertRefundClaim,
  markFullyRefunded,
  writeRefundLedger,
} from '../modules/donation-admin/refund.repository.ts';
import { recordSucceededPayment } from '../modules/donations/index.ts';
import { recordPaymentAttempt } from '../modules/transactions/index.ts';
import type { Db } from '../platform/db/client.ts';

// The staff donation pages' demo (docs/product/donations.md) in Riverside Food Bank: one gift refunded in full (a
// negative ledger row, the refund's record, the refunded state) and two payments the sandbox
// declined, and a card-testing burst that is over. Fixed references and keys, so a second run adds nothing.

const REFUND_KEY = 'seed-refund-001';

async function seedRefundedGift(db: Db, npoId: number, campaignId: number): Promise<void> {
  const { donation } = await recordSucceededPayment(db, {
    npoId,
    campaignId,
    provider: 'sandbox',
    providerReference: 'seed_refunded_001',
    amountMinor: 4000,
    currency: 'USD',
    paymentMethod: 'card',
    donor: { email: 'rowan.refund@example.org', firstName: 'Rowan', lastName: 'Refund', city: 'Riverside' },
    comment: 'Gave twice by mistake, please refund this one.',
    occurredAt: new Date(Date.now() - 12 * 86_400_000),
  });
  await db.transaction(async (tx) => {
    if (await findRefundByKey(tx, donation.id, REFUND_KEY)) return;
    const before = await refundedSoFar(tx, donation.id);
    const refundId = await insertRefundClaim(tx, {
      npoId,
      donationId: donation.id,
      idempotencyKey: REFUND_KEY,
      amountMinor: donation.amountMinor - before,
      currency: donation.currency,
      reason: 'Duplicate gift',
    });
    await completeRefund(tx, refundId, 're_seed_001');
    await writeRefundLedger(tx, donation, before, donation.amountMinor - before);
    await markFullyRefunded(tx, donation.id);
  });
}

async function seedDeclinedPayments(db: Db, npoId: number, campaignId: number): Promise<void> {
  const declined = [
    { ref: 'seed_declined_001', email: 'casey.card@example.org', amount: 2500, message: 'Your card was declined.' },
    {
      ref: 'seed_declined_002',
      email: 'morgan.funds@example.org',
      amount: 10000,
      message: 'Your card has insufficient funds.',
      code: 'insufficient_funds',
    },
  ];
  for (const d of declined) {
    await recordPaymentAttempt(db, {
      npoId,
      provider: 'sandbox',
      providerReference: d.ref,
      campaignId,
      email: d.email,
      amountMinor: d.amount,
      currency: 'USD',
      status: 'failed',
      failureCode: d.code ?? 'card_declined',
      failureMessage: d.message,
    });
  }
}

/**
 * A card-testing burst that ended this morning (decision 025): the transactions page's banner with
 * the challenge already off, so the demo's own donors are never asked for it. From a documentation
 * address (192.0.2.0/24); a second run adds nothing.
 */
async function seedCardTestingBurst(db: Db, npoId: number, campaignId: number): Promise<void> {
  const subject = 'seed-card-testing-burst';
  const { rows } = await db.execute(sql`SELECT 1 FROM card_testing_bursts WHERE subject_digest = ${subject}`);
  if (rows.length > 0) return;
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  await db.insert(cardTestingBursts).values({
    npoId,
    campaignId,
    scope: 'address',
    subjectDigest: subject,
    gateDigest: null,
    source: '192.0.2.77',
    declines: 37,
    startedAt: hoursAgo(5),
    lastDeclineAt: hoursAgo(4.5),
    challengeUntil: hoursAgo(3.5),
  });
}

/** Adds the refunded gift and the declined payments to Riverside Food Bank's Spring Appeal. */
export async function seedDonationAdmin(db: Db, npoIds: Map<string, number>): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT id FROM campaigns WHERE npo_id = ${npoId} AND campaign_url = 'spring-appeal'`,
  );
  const campaignId = rows[0] ? Number(rows[0].id) : null;
  if (!campaignId) return;
  await seedRefundedGift(db, npoId, campaignId);
  await seedDeclinedPayments(db, npoId, campaignId);
  await seedCardTestingBurst(db, npoId, campaignId);
}
