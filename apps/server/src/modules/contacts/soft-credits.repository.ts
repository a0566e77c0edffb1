// SQL of soft credits (docs/product/crm.md#soft-credits-and-tributes): a gift credited to contacts
// besides its donor. They never enter donor_giving, so a contact's own totals count their own gifts
// only; a household adds a soft-credited gift once, and only when none of its members gave it.
import type { TSoftCredit } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { donorNameSql, giftEmailSql } from '../donors/index.ts';

/** A gift's amount as the donor totals count it: base currency, refunds and disputes deducted. */
const netAmount = (d: string) =>
  sql.raw(`(${d}.base_amount_minor + coalesce((SELECT sum(l.base_amount_minor) FROM ledger_entries l
    WHERE l.donation_id = ${d}.id AND l.kind IN ('refund', 'dispute')), 0))`);

type SoftCreditRow = {
  contact_id: number;
  contact_name: string;
  kind: TSoftCredit['kind'];
  donation_id: number;
  donor_id: number;
  donor_name: string;
  amount_minor: number;
  currency: string;
  donated_at: Date | string;
};

const softCreditOf = (r: SoftCreditRow): TSoftCredit => ({
  contact: { id: Number(r.contact_id), name: r.contact_name },
  kind: r.kind,
  donation_id: Number(r.donation_id),
  donor: { id: Number(r.donor_id), name: r.donor_name },
  amount_minor: Number(r.amount_minor),
  currency: r.currency,
  donated_at: new Date(r.donated_at).toISOString(),
});

async function selectSoftCredits(db: Db | Tx, npoId: number, where: SQL, limit: number) {
  const { rows } = await db.execute<SoftCreditRow>(sql`
    SELECT s.donor_id AS contact_id, ${donorNameSql('c')} AS contact_name, s.kind, d.id AS donation_id,
      d.donor_id, ${donorNameSql('dn')} AS donor_name, d.amount_minor, d.currency, d.created_at AS donated_at
    FROM donation_soft_credits s JOIN donations d ON d.id = s.donation_id
    JOIN donors c ON c.id = s.donor_id JOIN donors dn ON dn.id = d.donor_id
    WHERE s.npo_id = ${npoId} AND ${where}
    ORDER BY d.created_at DESC, s.id DESC LIMIT ${limit}`);
  return rows.map(softCreditOf);
}

/** The contacts a gift is credited to, in the order they were added. */
export const selectGiftSoftCredits = (db: Db | Tx, npoId: number, donationId: number) =>
  selectSoftCredits(db, npoId, sql`s.donation_id = ${donationId}`, 100);

/** What a contact was credited with: the latest ten and the total of the succeeded ones (base currency). */
export async function selectContactSoftCredits(db: Db | Tx, npoId: number, contactId: number) {
  const [latest, { rows }] = await Promise.all([
    selectSoftCredits(db, npoId, sql`s.donor_id = ${contactId}`, 10),
    db.execute<{ total: number; n: number }>(sql`
      SELECT coalesce(sum(${netAmount('d')}), 0)::bigint AS total, count(*)::int AS n
      FROM donation_soft_credits s JOIN donations d ON d.id = s.donation_id
      WHERE s.npo_id = ${npoId} AND s.donor_id = ${contactId} AND d.status = 'succeeded'`),
  ]);
  return { total_minor: Number(rows[0]?.total ?? 0), count: Number(rows[0]?.n ?? 0), latest };
}

/**
 * The gifts credited to the household's members that no member gave, each once however many
 * members share it: what the household adds to its members' own giving.
 */
export async function selectHouseholdSoftCredited(db: Db | Tx, npoId: number, members: SQL) {
  const { rows } = await db.execute<{ total: number; n: number }>(sql`
    SELECT coalesce(sum(${netAmount('d')}), 0)::bigint AS total, count(*)::int AS n FROM donations d
    WHERE d.npo_id = ${npoId} AND d.status = 'succeeded' AND d.donor_id NOT IN (${members})
      AND d.id IN (SELECT s.donation_id FROM donation_soft_credits s WHERE s.npo_id = ${npoId} AND s.donor_id IN (${members}))`);
  return { total: Number(rows[0]?.total ?? 0), count: Number(rows[0]?.n ?? 0) };
}

/** The gift's donor, or null when the gift is not the organisation's. */
export async function selectGiftDonor(db: Db | Tx, npoId: number, donationId: number): Promise<number | null> {
  const { rows } = await db.execute<{ donor_id: number }>(
    sql`SELECT donor_id FROM donations WHERE npo_id = ${npoId} AND id = ${donationId}`,
  );
  return rows[0] ? Number(rows[0].donor_id) : null;
}

/** Records a soft credit; false when the contact already has it. */
export async function insertSoftCredit(
  tx: Tx,
  c: { npoId: number; donationId: number; contactId: number; kind: string; userId: number },
): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    INSERT INTO donation_soft_credits (npo_id, donation_id, donor_id, kind, created_by_user_id)
    VALUES (${c.npoId}, ${c.donationId}, ${c.contactId}, ${c.kind}, ${c.userId}) ON CONFLICT DO NOTHING RETURNING id`);
  return rows.length > 0;
}

/**
 * A gift through a fundraiser's page credits the fundraiser (docs/product/crm.md#soft-credits-and-tributes):
 * their contact is the organisation's contact with their e-mail, created with their name when there is
 * none (an existing contact's details are left as they are). One statement, run after the payment by
 * the page's follow-up job, never in the checkout request. The gift's own donor is never credited (a
 * fundraiser's self-donation is their own giving), and the gift and contact's unique key makes a rerun
 * write nothing. True when the credit was written now.
 */
export async function insertFundraiserSoftCredit(
  db: Db | Tx,
  f: { npoId: number; donationId: number; email: string; firstName: string; lastName: string },
): Promise<boolean> {
  const email = giftEmailSql(f.npoId, f.email.trim());
  const { rows } = await db.execute(sql`
    WITH gift AS (SELECT id, donor_id FROM donations WHERE npo_id = ${f.npoId} AND id = ${f.donationId}),
    made AS (
      INSERT INTO donors (npo_id, email, first_name, last_name)
      SELECT ${f.npoId}, ${email}, ${f.firstName}, ${f.lastName} WHERE EXISTS (SELECT 1 FROM gift) AND ${f.email.trim()} <> ''
      ON CONFLICT (npo_id, lower(email)) WHERE email <> '' DO NOTHING RETURNING id),
    contact AS (
      SELECT id FROM made
      UNION ALL SELECT id FROM donors WHERE npo_id = ${f.npoId} AND email <> '' AND lower(email) = lower(${email})
      LIMIT 1)
    INSERT INTO donation_soft_credits (npo_id, donation_id, donor_id, kind)
    SELECT ${f.npoId}, gift.id, contact.id, 'soft_credit' FROM gift CROSS JOIN contact WHERE contact.id <> gift.donor_id
    ON CONFLICT (donation_id, donor_id) DO NOTHING RETURNING id`);
  return rows.length > 0;
}

export async function deleteSoftCredit(tx: Tx, npoId: number, donationId: number, contactId: number) {
  const { rows } = await tx.execute(sql`
    DELETE FROM donation_soft_credits WHERE npo_id = ${npoId} AND donation_id = ${donationId} AND donor_id = ${contactId}
    RETURNING id`);
  return rows.length > 0;
}

/**
 * A donor merge: the duplicate's soft credits move to the kept contact, except where the kept
 * contact already has that gift's credit or is the gift's donor (a gift is never its donor's soft
 * credit). The gifts themselves the donors module moves afterwards.
 */
export async function moveSoftCredits(tx: Tx, m: { npoId: number; keepId: number; duplicateId: number }) {
  const { npoId, keepId, duplicateId } = m;
  await tx.execute(sql`
    DELETE FROM donation_soft_credits s WHERE s.npo_id = ${npoId} AND (
      (s.donor_id = ${duplicateId} AND (EXISTS (SELECT 1 FROM donation_soft_credits k
        WHERE k.donation_id = s.donation_id AND k.donor_id = ${keepId})
        OR s.donation_id IN (SELECT id FROM donations WHERE donor_id = ${keepId})))
      OR (s.donor_id = ${keepId} AND s.donation_id IN (SELECT id FROM donations WHERE donor_id = ${duplicateId})))`);
  await tx.execute(
    sql`UPDATE donation_soft_credits SET donor_id = ${keepId} WHERE npo_id = ${npoId} AND donor_id = ${duplicateId}`,
  );
}
