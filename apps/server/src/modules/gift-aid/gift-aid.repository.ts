import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { donorNameSql } from '../donors/index.ts';

/** A gift of the period that might be claimed, with what decides whether it can be. */
export type CandidateRow = {
  donation_id: number;
  donor_id: number;
  donor_name: string;
  gift_aid: boolean;
  declared_name: string | null;
  address: string | null;
  postcode: string | null;
  currency: string;
  amount_minor: number;
  status: string;
  day: string;
  refunded: boolean;
  disputed: boolean;
  claim_reference: string | null;
};

/**
 * The gifts given between two instants (the period's first midnight and the midnight after its last
 * day, in the organisation's time zone) that a claim could concern: every succeeded or refunded gift
 * with a declaration or in GBP, so the page can say why each one is left out.
 */
export async function selectCandidates(db: Db | Tx, npoId: number, start: Date, end: Date): Promise<CandidateRow[]> {
  const { rows } = await db.execute<CandidateRow>(sql`
    SELECT d.id::int AS donation_id, d.donor_id::int AS donor_id, ${donorNameSql('dn')} AS donor_name, d.gift_aid,
      d.gift_aid_name AS declared_name, d.gift_aid_address AS address, d.gift_aid_postcode AS postcode, d.currency,
      d.amount_minor::bigint AS amount_minor, d.status,
      to_char(d.created_at AT TIME ZONE n.time_zone, 'YYYY-MM-DD') AS day,
      (d.status = 'refunded' OR EXISTS (SELECT 1 FROM ledger_entries l WHERE l.donation_id = d.id AND l.kind = 'refund'))
        AS refunded,
      EXISTS (SELECT 1 FROM ledger_entries l WHERE l.donation_id = d.id AND l.kind = 'dispute') AS disputed,
      (SELECT c.reference FROM gift_aid_claim_gifts g JOIN gift_aid_claims c ON c.id = g.claim_id
        WHERE g.donation_id = d.id AND g.undone_at IS NULL LIMIT 1) AS claim_reference
    FROM donations d
    JOIN npos n ON n.id = d.npo_id
    JOIN donors dn ON dn.id = d.donor_id
    WHERE d.npo_id = ${npoId} AND d.status IN ('succeeded', 'refunded') AND (d.gift_aid OR d.currency = 'GBP')
      AND d.created_at >= ${start.toISOString()} AND d.created_at < ${end.toISOString()}
    ORDER BY d.created_at, d.id`);
  return rows.map((r) => ({ ...r, amount_minor: Number(r.amount_minor) }));
}

export type ClaimRow = {
  id: number;
  reference: string;
  period_from: string;
  period_to: string;
  gift_count: number;
  amount_minor: number;
  claim_minor: number;
  created_by: string | null;
  created_at: Date;
  undone_at: Date | null;
  undo_reason: string | null;
};

const CLAIM_COLUMNS = sql`c.id::int AS id, c.reference, to_char(c.period_from, 'YYYY-MM-DD') AS period_from,
  to_char(c.period_to, 'YYYY-MM-DD') AS period_to, c.gift_count, c.amount_minor::bigint AS amount_minor,
  c.claim_minor::bigint AS claim_minor, nullif(trim(u.first_name || ' ' || u.last_name), '') AS created_by,
  c.created_at, c.undone_at, c.undo_reason`;

const toClaim = (r: ClaimRow): ClaimRow => ({
  ...r,
  amount_minor: Number(r.amount_minor),
  claim_minor: Number(r.claim_minor),
  created_at: new Date(r.created_at),
  undone_at: r.undone_at ? new Date(r.undone_at) : null,
});

export async function selectClaims(db: Db | Tx, npoId: number): Promise<ClaimRow[]> {
  const { rows } = await db.execute<ClaimRow>(sql`
    SELECT ${CLAIM_COLUMNS} FROM gift_aid_claims c LEFT JOIN users u ON u.id = c.created_by
    WHERE c.npo_id = ${npoId} ORDER BY c.created_at DESC, c.id DESC LIMIT 200`);
  return rows.map(toClaim);
}

export async function selectClaim(db: Db | Tx, npoId: number, claimId: number): Promise<ClaimRow | null> {
  const { rows } = await db.execute<ClaimRow>(sql`
    SELECT ${CLAIM_COLUMNS} FROM gift_aid_claims c LEFT JOIN users u ON u.id = c.created_by
    WHERE c.npo_id = ${npoId} AND c.id = ${claimId}`);
  return rows[0] ? toClaim(rows[0]) : null;
}

export type ClaimInsert = {
  npoId: number;
  reference: string;
  from: string;
  to: string;
  userId: number;
  gifts: { donationId: number; amountMinor: number; claimMinor: number }[];
};

/**
 * Writes the claim and its gifts in one statement each. A gift already in another open claim breaks
 * gift_aid_claim_gifts_active_uq and the whole transaction rolls back (the caller refuses with 409).
 */
export async function insertClaim(tx: Tx, c: ClaimInsert): Promise<number> {
  const amount = c.gifts.reduce((s, g) => s + g.amountMinor, 0);
  const claim = c.gifts.reduce((s, g) => s + g.claimMinor, 0);
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO gift_aid_claims (npo_id, reference, period_from, period_to, gift_count, amount_minor, claim_minor, created_by)
    VALUES (${c.npoId}, ${c.reference}, ${c.from}, ${c.to}, ${c.gifts.length}, ${amount}, ${claim}, ${c.userId})
    RETURNING id::int AS id`);
  const id = Number(rows[0]?.id);
  await tx.execute(sql`
    INSERT INTO gift_aid_claim_gifts (claim_id, npo_id, donation_id, amount_minor, claim_minor)
    SELECT ${id}, ${c.npoId}, g.donation_id, g.amount_minor, g.claim_minor
    FROM unnest(${`{${c.gifts.map((g) => g.donationId).join(',')}}`}::bigint[],
      ${`{${c.gifts.map((g) => g.amountMinor).join(',')}}`}::bigint[],
      ${`{${c.gifts.map((g) => g.claimMinor).join(',')}}`}::bigint[]) AS g(donation_id, amount_minor, claim_minor)`);
  return id;
}

/** Marks an open claim and its gifts undone; false when it was undone already. */
export async function undoClaim(
  tx: Tx,
  npoId: number,
  claimId: number,
  userId: number,
  reason: string,
): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    UPDATE gift_aid_claims SET undone_at = now(), undone_by = ${userId}, undo_reason = ${reason}
    WHERE npo_id = ${npoId} AND id = ${claimId} AND undone_at IS NULL RETURNING id`);
  if (rows.length === 0) return false;
  await tx.execute(
    sql`UPDATE gift_aid_claim_gifts SET undone_at = now() WHERE claim_id = ${claimId} AND undone_at IS NULL`,
  );
  return true;
}

export type ClaimGiftRow = {
  declared_name: string;
  address: string;
  postcode: string;
  day: string;
  amount_minor: number;
};

/** The gifts of a claim as the schedule lists them, with the declaration they were claimed on. */
export async function selectClaimGifts(db: Db | Tx, npoId: number, claimId: number): Promise<ClaimGiftRow[]> {
  const { rows } = await db.execute<ClaimGiftRow>(sql`
    SELECT coalesce(d.gift_aid_name, '') AS declared_name, coalesce(d.gift_aid_address, '') AS address,
      coalesce(d.gift_aid_postcode, '') AS postcode,
      to_char(d.created_at AT TIME ZONE n.time_zone, 'YYYY-MM-DD') AS day, g.amount_minor::bigint AS amount_minor
    FROM gift_aid_claim_gifts g
    JOIN donations d ON d.id = g.donation_id
    JOIN npos n ON n.id = g.npo_id
    WHERE g.claim_id = ${claimId} AND g.npo_id = ${npoId}
    ORDER BY d.created_at, d.id`);
  return rows.map((r) => ({ ...r, amount_minor: Number(r.amount_minor) }));
}

export async function nextClaimNumber(db: Db | Tx, npoId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int + 1 AS n FROM gift_aid_claims WHERE npo_id = ${npoId}`,
  );
  return Number(rows[0]?.n ?? 1);
}
