// SQL of what links contacts: households, relationships, and the merge step that folds a
// duplicate's CRM record into the kept contact's before the donors module moves the rest.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { donorNameSql } from '../donors/index.ts';
import { moveSoftCredits } from './soft-credits.repository.ts';

export type HouseholdRow = {
  id: number;
  name: string;
  salutation: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
};
export type HouseholdValues = Omit<HouseholdRow, 'id'>;

/** A household by its id, or by a member's id (the contact's household, read in the same round as the rest of the record). */
export type HouseholdRef = number | { contactId: number };
export const householdIdOf = (ref: HouseholdRef) =>
  typeof ref === 'number'
    ? sql`${ref}`
    : sql`(SELECT household_id FROM contact_details WHERE donor_id = ${ref.contactId})`;

export async function selectHousehold(db: Db | Tx, npoId: number, ref: HouseholdRef): Promise<HouseholdRow | null> {
  const { rows } = await db.execute<HouseholdRow>(sql`
    SELECT id, name, salutation, address, address2, city, state, postal_code, country
    FROM households WHERE npo_id = ${npoId} AND id = ${householdIdOf(ref)}`);
  return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : null;
}

/**
 * The household's members with their giving. Each gift has one donor, so adding up the members'
 * sums counts every gift once; soft credits are kept apart and never added here.
 */
export async function selectHouseholdMembers(db: Db | Tx, npoId: number, ref: HouseholdRef) {
  const { rows } = await db.execute<{ id: number; name: string; lifetime_base_minor: number; gift_count: number }>(sql`
    SELECT dn.id, ${donorNameSql('dn')} AS name, g.lifetime_base_minor, g.gift_count
    FROM contact_details cd JOIN donors dn ON dn.id = cd.donor_id JOIN donor_giving g ON g.donor_id = dn.id
    WHERE cd.household_id = ${householdIdOf(ref)} AND dn.npo_id = ${npoId}
    ORDER BY lower(dn.first_name), dn.id`);
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    lifetime_total_minor: Number(r.lifetime_base_minor),
    gift_count: Number(r.gift_count),
  }));
}

export async function selectHouseholds(db: Db | Tx, npoId: number) {
  const { rows } = await db.execute<{ id: number; name: string; member_count: number }>(sql`
    SELECT h.id, h.name, (SELECT count(*)::int FROM contact_details cd WHERE cd.household_id = h.id) AS member_count
    FROM households h WHERE h.npo_id = ${npoId} ORDER BY lower(h.name), h.id`);
  return rows.map((r) => ({ id: Number(r.id), name: r.name, member_count: Number(r.member_count) }));
}

export async function insertHousehold(tx: Tx, npoId: number, h: HouseholdValues): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO households (npo_id, name, salutation, address, address2, city, state, postal_code, country)
    VALUES (${npoId}, ${h.name}, ${h.salutation}, ${h.address}, ${h.address2}, ${h.city}, ${h.state}, ${h.postal_code},
      ${h.country}) RETURNING id`);
  return Number(rows[0]?.id);
}

export async function updateHousehold(tx: Tx, npoId: number, id: number, h: HouseholdValues): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    UPDATE households SET name = ${h.name}, salutation = ${h.salutation}, address = ${h.address}, address2 = ${h.address2},
      city = ${h.city}, state = ${h.state}, postal_code = ${h.postal_code}, country = ${h.country}
    WHERE npo_id = ${npoId} AND id = ${id} RETURNING id`);
  return rows.length > 0;
}

export type RelationshipRow = { id: number; kind: string; from_donor_id: number; other_id: number; other_name: string };

/** The contact's relationships from either side, each with the contact at its other end. */
export async function selectRelationships(db: Db | Tx, npoId: number, donorId: number): Promise<RelationshipRow[]> {
  const { rows } = await db.execute<RelationshipRow>(sql`
    SELECT r.id, r.kind, r.from_donor_id, o.id AS other_id, ${donorNameSql('o')} AS other_name
    FROM contact_relationships r
    JOIN donors o ON o.id = CASE WHEN r.from_donor_id = ${donorId} THEN r.to_donor_id ELSE r.from_donor_id END
    WHERE r.npo_id = ${npoId} AND (r.from_donor_id = ${donorId} OR r.to_donor_id = ${donorId})
    ORDER BY r.created_at, r.id`);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    from_donor_id: Number(r.from_donor_id),
    other_id: Number(r.other_id),
  }));
}

/** Records a relationship; null when the same one is already recorded. */
export async function insertRelationship(
  tx: Tx,
  r: { npoId: number; fromId: number; toId: number; kind: string },
): Promise<number | null> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO contact_relationships (npo_id, from_donor_id, to_donor_id, kind)
    VALUES (${r.npoId}, ${r.fromId}, ${r.toId}, ${r.kind}) ON CONFLICT DO NOTHING RETURNING id`);
  return rows[0] ? Number(rows[0].id) : null;
}

export async function deleteRelationship(tx: Tx, npoId: number, donorId: number, id: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    DELETE FROM contact_relationships WHERE npo_id = ${npoId} AND id = ${id}
      AND (from_donor_id = ${donorId} OR to_donor_id = ${donorId}) RETURNING id`);
  return rows.length > 0;
}

/**
 * Before a merge moves the duplicate's rows: relationships that would link the kept contact to
 * itself or repeat one it has go, and the duplicate's details fill the kept contact's gaps (its
 * tags and lists join the kept ones; an opt-out on either side stays an opt-out). The duplicate's
 * own details row then goes; everything else (gifts, relationships) the donors merge moves.
 */
export async function foldContactInto(tx: Tx, m: { npoId: number; keepId: number; duplicateId: number }) {
  const { npoId, keepId, duplicateId } = m;
  // crm20: soft credits move with the contact.
  await moveSoftCredits(tx, m);
  await tx.execute(sql`
    DELETE FROM contact_relationships r WHERE r.npo_id = ${npoId} AND (
      (r.from_donor_id = ${duplicateId} AND r.to_donor_id = ${keepId}) OR (r.to_donor_id = ${duplicateId} AND r.from_donor_id = ${keepId})
      OR (r.from_donor_id = ${duplicateId} AND EXISTS (SELECT 1 FROM contact_relationships k
        WHERE k.from_donor_id = ${keepId} AND k.to_donor_id = r.to_donor_id AND k.kind = r.kind))
      OR (r.to_donor_id = ${duplicateId} AND EXISTS (SELECT 1 FROM contact_relationships k
        WHERE k.to_donor_id = ${keepId} AND k.from_donor_id = r.from_donor_id AND k.kind = r.kind)))`);
  await tx.execute(sql`
    INSERT INTO contact_details (donor_id, npo_id)
    SELECT ${keepId}, ${npoId} WHERE EXISTS (SELECT 1 FROM contact_details WHERE donor_id = ${duplicateId})
    ON CONFLICT (donor_id) DO NOTHING`);
  await tx.execute(sql`
    UPDATE contact_details k SET
      contact_type = CASE WHEN k.contact_type IN ('individual', 'prospect') AND d.contact_type NOT IN ('individual', 'prospect')
        THEN d.contact_type ELSE k.contact_type END,
      date_of_birth = coalesce(k.date_of_birth, d.date_of_birth),
      employer = CASE WHEN k.employer = '' THEN d.employer ELSE k.employer END,
      source = CASE WHEN k.source = '' THEN d.source ELSE k.source END,
      owner_user_id = coalesce(k.owner_user_id, d.owner_user_id),
      household_id = coalesce(k.household_id, d.household_id),
      tags = ARRAY(SELECT DISTINCT unnest(k.tags || d.tags) ORDER BY 1),
      emails = k.emails || d.emails, phones = k.phones || d.phones, addresses = k.addresses || d.addresses,
      communication = d.communication || k.communication, custom_fields = d.custom_fields || k.custom_fields,
      updated_at = now()
    FROM contact_details d WHERE k.donor_id = ${keepId} AND d.donor_id = ${duplicateId}`);
  await tx.execute(sql`DELETE FROM contact_details WHERE donor_id = ${duplicateId}`);
}
