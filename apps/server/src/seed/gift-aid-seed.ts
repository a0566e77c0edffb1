// The demo's Gift Aid claims (docs/product/reports.md#gift-aid-claims) in Riverside Food Bank, which takes
// GBP gifts and where the finance and admin demo users work: UK gifts with declarations across last
// year (a title, a double-barrelled surname, a house name, gifts of £20 or less), one of them refunded,
// and a claim sent for last year's first quarter, so those gifts show as already claimed.
// Fixed references: a second run adds nothing.
import { sql } from 'drizzle-orm';
import { refundedSoFar } from '../modules/donation-admin/donation-detail.repository.ts';
import {
  completeRefund,
  findRefundByKey,
  insertRefundClaim,
  markFullyRefunded,
  writeRefundLedger,
} from '../modules/donation-admin/refund.repository.ts';
import { recordSucceededPayment } from '../modules/donations/index.ts';
import { ensureSandboxPaymentsOfGifts } from '../modules/payments/index.ts';
import type { Db } from '../platform/db/client.ts';

const year = () => new Date().getUTCFullYear() - 1;

const GIFTS = [
  {
    key: '01',
    name: 'Mrs Eleanor Whitcombe-Hart',
    address: '14 Kirkgate, Leeds',
    postcode: 'ls2 7dj',
    month: 1,
    day: 12,
    amount: 5000,
  },
  {
    key: '02',
    name: 'Mr Samuel Okafor',
    address: 'Rose Cottage, Church Lane, York',
    postcode: 'YO1 7HH',
    month: 2,
    day: 3,
    amount: 2500,
  },
  {
    key: '03',
    name: 'Priya Shah',
    address: '7 Albion Street, Leeds',
    postcode: 'LS1 5AA',
    month: 3,
    day: 20,
    amount: 1000,
  },
  {
    key: '04',
    name: 'Dr Fiona MacLeod',
    address: '3 Queen Street, Edinburgh',
    postcode: 'eh2 1jx',
    month: 5,
    day: 9,
    amount: 10000,
  },
  {
    key: '05',
    name: 'Tom Brown',
    address: '22 Station Road, Harrogate',
    postcode: 'HG1 1TE',
    month: 6,
    day: 14,
    amount: 1500,
  },
  {
    key: '06',
    name: 'Ms Aisha Rahman',
    address: '9 Park Row, Bristol',
    postcode: 'BS1 5LJ',
    month: 8,
    day: 30,
    amount: 4000,
  },
  {
    key: '07',
    name: 'Gareth Jones',
    address: '41 High Street, Cardiff',
    postcode: 'CF10 1PU',
    month: 10,
    day: 2,
    amount: 2000,
  },
  {
    key: '08',
    name: 'Mrs Helen Carter',
    address: '5 Mill Lane, Leeds',
    postcode: 'LS1 4AP',
    month: 11,
    day: 18,
    amount: 7500,
  },
  // Refunded: never claimable.
  {
    key: '09',
    name: 'Mr Oliver Grant',
    address: '18 Bridge Street, Chester',
    postcode: 'CH1 1NQ',
    month: 9,
    day: 6,
    amount: 3000,
  },
] as const;

const REFUNDED = '09';
const CLAIM_REFERENCE = () => `GA-${year()}-001`;

type Gift = Awaited<ReturnType<typeof recordSucceededPayment>>['donation'];

async function seedGifts(db: Db, npoId: number, campaignId: number): Promise<Map<string, Gift>> {
  const gifts = new Map<string, Gift>();
  for (const g of GIFTS) {
    const [first = '', ...rest] = g.name.replace(/^(Mrs|Mr|Ms|Dr) /, '').split(' ');
    const { donation } = await recordSucceededPayment(db, {
      npoId,
      campaignId,
      provider: 'sandbox',
      providerReference: `seed_gift_aid_${g.key}`,
      amountMinor: g.amount,
      currency: 'GBP',
      paymentMethod: 'card',
      donor: {
        email: `${first}.${rest.join('-')}@example.co.uk`.toLowerCase(),
        firstName: first,
        lastName: rest.join(' '),
        city: g.address.split(', ').at(-1) ?? '',
        country: 'GB',
      },
      giftAid: { name: g.name, address: g.address, postcode: g.postcode },
      occurredAt: new Date(Date.UTC(year(), g.month - 1, g.day, 12)),
    });
    gifts.set(g.key, donation);
  }
  return gifts;
}

async function refund(db: Db, npoId: number, donation: Gift): Promise<void> {
  await db.transaction(async (tx) => {
    if (await findRefundByKey(tx, donation.id, 'seed-gift-aid-refund')) return;
    const before = await refundedSoFar(tx, donation.id);
    const refundId = await insertRefundClaim(tx, {
      npoId,
      donationId: donation.id,
      idempotencyKey: 'seed-gift-aid-refund',
      amountMinor: donation.amountMinor - before,
      currency: donation.currency,
      reason: 'Donor asked for it back',
    });
    await completeRefund(tx, refundId, 're_seed_gift_aid');
    await writeRefundLedger(tx, donation, before, donation.amountMinor - before);
    await markFullyRefunded(tx, donation.id);
  });
}

/**
 * The claim sent for January to March of last year: every declared GBP gift of those months not
 * refunded, 25p per £1, marked claimed under its reference (what the claims page would do).
 */
async function seedClaim(db: Db, npoId: number, userId: number | null): Promise<void> {
  const reference = CLAIM_REFERENCE();
  const { rows: had } = await db.execute(
    sql`SELECT 1 FROM gift_aid_claims WHERE npo_id = ${npoId} AND reference = ${reference}`,
  );
  if (had.length > 0) return;
  const from = `${year()}-01-01`;
  const to = `${year()}-03-31`;
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO gift_aid_claims (npo_id, reference, period_from, period_to, gift_count, amount_minor, claim_minor,
        created_by, created_at)
      VALUES (${npoId}, ${reference}, ${from}, ${to}, 0, 0, 0, ${userId}, ${`${year()}-04-15T10:00:00Z`})
      RETURNING id`);
    const claimId = Number(rows[0]?.id);
    await tx.execute(sql`
      INSERT INTO gift_aid_claim_gifts (claim_id, npo_id, donation_id, amount_minor, claim_minor)
      SELECT ${claimId}, ${npoId}, d.id, d.amount_minor, (d.amount_minor * 2 + 4) / 8
      FROM donations d JOIN npos n ON n.id = d.npo_id
      WHERE d.npo_id = ${npoId} AND d.gift_aid AND d.currency = 'GBP' AND d.status = 'succeeded'
        AND NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.donation_id = d.id AND l.kind IN ('refund', 'dispute'))
        AND NOT EXISTS (SELECT 1 FROM gift_aid_claim_gifts g WHERE g.donation_id = d.id AND g.undone_at IS NULL)
        AND (d.created_at AT TIME ZONE n.time_zone)::date BETWEEN ${from}::date AND ${to}::date`);
    await tx.execute(sql`
      UPDATE gift_aid_claims c SET gift_count = s.n, amount_minor = s.amount, claim_minor = s.claim
      FROM (SELECT count(*)::int AS n, coalesce(sum(amount_minor), 0) AS amount, coalesce(sum(claim_minor), 0) AS claim
        FROM gift_aid_claim_gifts WHERE claim_id = ${claimId}) s
      WHERE c.id = ${claimId}`);
  });
}

export async function seedGiftAid(db: Db, npoIds: Map<string, number>, adminId: number | null): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT id FROM campaigns WHERE npo_id = ${npoId} AND campaign_url = 'spring-appeal'`,
  );
  const campaignId = rows[0] ? Number(rows[0].id) : null;
  if (campaignId === null) return;
  const gifts = await seedGifts(db, npoId, campaignId);
  // Refundable from the donation page like every demo gift (decision 022).
  await ensureSandboxPaymentsOfGifts(db, npoId);
  const refunded = gifts.get(REFUNDED);
  if (refunded) await refund(db, npoId, refunded);
  await seedClaim(db, npoId, adminId);
}
