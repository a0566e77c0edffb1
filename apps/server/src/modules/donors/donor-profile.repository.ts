// SQL of one donor's page: profile, giving history, plans, Gift Aid declarations, duplicates.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';

export type DonorProfileRow = {
  id: number;
  npo_id: number;
  email: string;
  first_name: string;
  last_name: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  created_at: Date | string;
};

export async function selectDonorProfile(db: Db | Tx, npoId: number, donorId: number): Promise<DonorProfileRow | null> {
  const { rows } = await db.execute<DonorProfileRow>(sql`
    SELECT id, npo_id, email, first_name, last_name, address, address2, city, state, postal_code, country, created_at
    FROM donors WHERE id = ${donorId} AND npo_id = ${npoId}`);
  return rows[0] ?? null;
}

/** Locks the donor's row for an edit or a merge; null when not the organisation's. */
export async function lockDonor(tx: Tx, npoId: number, donorId: number): Promise<DonorProfileRow | null> {
  const { rows } = await tx.execute<DonorProfileRow>(sql`
    SELECT id, npo_id, email, first_name, last_name, address, address2, city, state, postal_code, country, created_at
    FROM donors WHERE id = ${donorId} AND npo_id = ${npoId} FOR UPDATE`);
  return rows[0] ?? null;
}

export type ProfileFields = Omit<DonorProfileRow, 'id' | 'npo_id' | 'created_at'>;

/** Writes the profile; false when another donor of the organisation has the e-mail. */
export async function updateDonorProfile(tx: Tx, npoId: number, donorId: number, p: ProfileFields): Promise<boolean> {
  const clash = await tx.execute(sql`
    SELECT 1 FROM donors WHERE npo_id = ${npoId} AND lower(email) = lower(${p.email}) AND id <> ${donorId}`);
  if (clash.rows.length > 0) return false;
  await tx.execute(sql`
    UPDATE donors SET email = ${p.email}, first_name = ${p.first_name}, last_name = ${p.last_name},
      address = ${p.address}, address2 = ${p.address2}, city = ${p.city}, state = ${p.state},
      postal_code = ${p.postal_code}, country = ${p.country}, updated_at = now()
    WHERE id = ${donorId} AND npo_id = ${npoId}`);
  return true;
}

export type TimelineRow = {
  kind: string;
  at: Date | string;
  amount_minor: number | null;
  currency: string | null;
  donation_id: number | null;
  plan_id: number | null;
  detail: string | null;
};

/**
 * Gifts, refunds (their ledger rows) and plan events, newest first. Capped: a donor page shows the
 * recent history; the statement covers a whole year.
 */
export async function selectDonorTimeline(db: Db, npoId: number, donorId: number, limit = 200): Promise<TimelineRow[]> {
  const { rows } = await db.execute<TimelineRow>(sql`
    SELECT * FROM (
      SELECT 'donation' AS kind, d.created_at AS at, d.amount_minor, d.currency, d.id AS donation_id,
        d.recurring_plan_id AS plan_id,
        concat_ws(' · ', c.name, d.interval, CASE WHEN d.status <> 'succeeded' THEN d.status END) AS detail
      FROM donations d LEFT JOIN campaigns c ON c.id = d.campaign_id
      WHERE d.donor_id = ${donorId} AND d.npo_id = ${npoId} AND d.status IN ('succeeded', 'refunded')
      UNION ALL
      SELECT 'refund', l.created_at, l.amount_minor, l.currency,
        d.id, d.recurring_plan_id, CASE l.kind WHEN 'dispute' THEN 'Dispute' ELSE 'Refund' END
      FROM ledger_entries l JOIN donations d ON d.id = l.donation_id
      WHERE d.donor_id = ${donorId} AND d.npo_id = ${npoId} AND l.kind IN ('refund', 'dispute')
      UNION ALL
      SELECT e.kind, e.at, p.amount_minor, p.currency, NULL, p.id, concat_ws(' · ', p.interval, p.failure_reason)
      FROM recurring_plans p
      CROSS JOIN LATERAL (VALUES ('plan_started', p.started_at), ('plan_paused', p.paused_at),
        ('plan_cancelled', p.cancelled_at),
        ('plan_failed', CASE WHEN p.status = 'failed' THEN p.updated_at END)) AS e(kind, at)
      WHERE p.donor_id = ${donorId} AND p.npo_id = ${npoId} AND e.at IS NOT NULL
    ) t ORDER BY at DESC LIMIT ${limit}`);
  return rows;
}

export type PlanRow = {
  id: number;
  status: string;
  amount_minor: number;
  currency: string;
  interval: string;
  campaign_name: string | null;
  next_charge_at: Date | string | null;
  started_at: Date | string;
};

export async function selectDonorPlans(db: Db, npoId: number, donorId: number): Promise<PlanRow[]> {
  const { rows } = await db.execute<PlanRow>(sql`
    SELECT p.id, p.status, p.amount_minor, p.currency, p.interval, c.name AS campaign_name, p.next_charge_at, p.started_at
    FROM recurring_plans p LEFT JOIN campaigns c ON c.id = p.campaign_id
    WHERE p.donor_id = ${donorId} AND p.npo_id = ${npoId} ORDER BY p.started_at DESC`);
  return rows;
}

export type GiftAidRow = { donation_id: number; name: string; address: string; postcode: string; declared_on: string };

export async function selectGiftAidDeclarations(db: Db, npoId: number, donorId: number): Promise<GiftAidRow[]> {
  const { rows } = await db.execute<GiftAidRow>(sql`
    SELECT d.id AS donation_id, coalesce(d.gift_aid_name, '') AS name, coalesce(d.gift_aid_address, '') AS address,
      coalesce(d.gift_aid_postcode, '') AS postcode, coalesce(d.gift_aid_declared_on::text, '') AS declared_on
    FROM donations d
    WHERE d.donor_id = ${donorId} AND d.npo_id = ${npoId} AND d.gift_aid
    ORDER BY d.created_at DESC`);
  return rows;
}

export type DuplicateRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  postal_code: string;
  reason: 'email' | 'name_postcode';
  gift_count: number;
  lifetime_base_minor: number;
};

/**
 * Likely duplicates: the same e-mail ignoring case and spaces, or the same full name and postcode
 * (postcode compared without spaces, so 'SW1Y 4JH' meets 'sw1y4jh').
 */
export async function selectDuplicateDonors(db: Db, npoId: number, d: DonorProfileRow): Promise<DuplicateRow[]> {
  const postcode = d.postal_code.replace(/\s+/g, '').toLowerCase();
  const hasNameAndPostcode = postcode !== '' && `${d.first_name}${d.last_name}`.trim() !== '';
  // Two index-backed lookups (donors_npo_email_uq, donors_npo_name_idx) rather than one OR that
  // would scan every donor of the organisation.
  const { rows } = await db.execute<DuplicateRow>(sql`
    SELECT o.id, o.first_name, o.last_name, o.email, o.postal_code, m.reason,
      coalesce(g.gift_count, 0) AS gift_count, coalesce(g.lifetime_base_minor, 0) AS lifetime_base_minor
    FROM (SELECT DISTINCT ON (id) id, reason FROM (
      SELECT id, 'email' AS reason FROM donors
      WHERE npo_id = ${npoId} AND id <> ${d.id} AND lower(email) = lower(${d.email.trim()})
      UNION ALL
      SELECT id, 'name_postcode' FROM donors
      WHERE ${hasNameAndPostcode} AND npo_id = ${npoId} AND id <> ${d.id}
        AND lower(last_name) = lower(${d.last_name}) AND lower(first_name) = lower(${d.first_name})
        AND lower(replace(postal_code, ' ', '')) = ${postcode}
    ) both_ways ORDER BY id, reason) m
    JOIN donors o ON o.id = m.id
    LEFT JOIN donor_giving g ON g.donor_id = o.id
    ORDER BY o.id LIMIT 20`);
  return rows;
}

/** The first and last gift of these donors together, or [] when they gave nothing. */
export async function selectGiftDates(db: Db | Tx, npoId: number, donorIds: number[]): Promise<Date[]> {
  const ids = `{${donorIds.map(Number).join(',')}}`;
  const { rows } = await db.execute<{ first: Date | string | null; last: Date | string | null }>(sql`
    SELECT min(first_gift_at) AS first, max(last_gift_at) AS last FROM donor_giving
    WHERE donor_id = ANY(${ids}::bigint[]) AND npo_id = ${npoId}`);
  const r = rows[0];
  return r?.first && r.last ? [new Date(r.first), new Date(r.last)] : [];
}
