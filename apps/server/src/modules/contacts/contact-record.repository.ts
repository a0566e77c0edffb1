// SQL of one contact: its donors row and CRM details, written together (decision 039).
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { recordWebhookEvent } from '../../platform/outbox/webhook-outbox.ts';

export type ContactDetailsRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  created_at: Date | string;
  contact_type: string;
  date_of_birth: string | null;
  employer: string;
  source: string;
  owner_user_id: number | null;
  owner_name: string | null;
  household_id: number | null;
  tags: string[];
  emails: Array<{ email: string; label: string }>;
  phones: Array<{ number: string; label: string; primary: boolean }>;
  addresses: Array<Record<string, string>>;
  communication: Record<string, { opted_out_at: string; source: string }>;
  custom_fields: Record<string, string | number | boolean | null>;
};

/** The stored form of everything the contact record holds beyond the donors row. */
export type ContactDetailsValues = {
  contactType: string;
  dateOfBirth: string | null;
  employer: string;
  source: string;
  ownerUserId: number | null;
  householdId: number | null;
  tags: string[];
  emails: unknown[];
  phones: unknown[];
  addresses: unknown[];
  communication: Record<string, unknown>;
  customFields: Record<string, unknown>;
};

export type ContactCore = {
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

export async function selectContactDetails(db: Db | Tx, npoId: number, id: number, lock = false) {
  const { rows } = await db.execute<ContactDetailsRow>(sql`
    SELECT dn.id, dn.first_name, dn.last_name, dn.email, dn.address, dn.address2, dn.city, dn.state, dn.postal_code,
      dn.country, dn.created_at, coalesce(cd.contact_type, 'individual') AS contact_type,
      to_char(cd.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, coalesce(cd.employer, '') AS employer,
      coalesce(cd.source, '') AS source, cd.owner_user_id,
      nullif(trim(u.first_name || ' ' || u.last_name), '') AS owner_name, cd.household_id,
      coalesce(cd.tags, '{}') AS tags, coalesce(cd.emails, '[]') AS emails, coalesce(cd.phones, '[]') AS phones,
      coalesce(cd.addresses, '[]') AS addresses, coalesce(cd.communication, '{}') AS communication,
      coalesce(cd.custom_fields, '{}') AS custom_fields
    FROM donors dn LEFT JOIN contact_details cd ON cd.donor_id = dn.id LEFT JOIN users u ON u.id = cd.owner_user_id
    WHERE dn.npo_id = ${npoId} AND dn.id = ${id} ${lock ? sql`FOR UPDATE OF dn` : sql``}`);
  return rows[0] ?? null;
}

/** Inserts the donors row; null when another contact of the organisation has the e-mail. */
export async function insertContact(tx: Tx, npoId: number, c: ContactCore): Promise<number | null> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO donors (npo_id, email, first_name, last_name, address, address2, city, state, postal_code, country)
    VALUES (${npoId}, ${c.email}, ${c.firstName}, ${c.lastName}, ${c.address}, ${c.address2}, ${c.city}, ${c.state},
      ${c.postalCode}, ${c.country})
    ON CONFLICT (npo_id, lower(email)) WHERE email <> '' DO NOTHING RETURNING id`);
  if (!rows[0]) return null;
  const id = Number(rows[0].id);
  // docs/decisions/074-webhook-outbox.md: the event is written with the contact, in its transaction.
  await recordWebhookEvent(tx, {
    npoId,
    type: 'donor.created',
    data: { donor_id: id, email: c.email, first_name: c.firstName, last_name: c.lastName },
  });
  return id;
}

/** Updates the donors row; false when another contact of the organisation has the e-mail. */
export async function updateContactCore(tx: Tx, npoId: number, id: number, c: ContactCore): Promise<boolean> {
  const taken = await tx.execute(sql`
    SELECT 1 FROM donors WHERE npo_id = ${npoId} AND id <> ${id} AND ${c.email} <> '' AND lower(email) = lower(${c.email})`);
  if (taken.rows.length > 0) return false;
  await tx.execute(sql`
    UPDATE donors SET email = ${c.email}, first_name = ${c.firstName}, last_name = ${c.lastName}, address = ${c.address},
      address2 = ${c.address2}, city = ${c.city}, state = ${c.state}, postal_code = ${c.postalCode}, country = ${c.country},
      updated_at = now()
    WHERE npo_id = ${npoId} AND id = ${id}`);
  await recordWebhookEvent(tx, { npoId, type: 'donor.updated', data: { donor_id: id } });
  return true;
}

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

export async function upsertContactDetails(tx: Tx, npoId: number, id: number, v: ContactDetailsValues): Promise<void> {
  await tx.execute(sql`
    INSERT INTO contact_details (donor_id, npo_id, contact_type, date_of_birth, employer, source, owner_user_id,
      household_id, tags, emails, phones, addresses, communication, custom_fields)
    VALUES (${id}, ${npoId}, ${v.contactType}, ${v.dateOfBirth}::date, ${v.employer}, ${v.source}, ${v.ownerUserId},
      ${v.householdId}, ${sql.param(v.tags)}::text[], ${json(v.emails)}, ${json(v.phones)}, ${json(v.addresses)},
      ${json(v.communication)}, ${json(v.customFields)})
    ON CONFLICT (donor_id) DO UPDATE SET contact_type = EXCLUDED.contact_type, date_of_birth = EXCLUDED.date_of_birth,
      employer = EXCLUDED.employer, source = EXCLUDED.source, owner_user_id = EXCLUDED.owner_user_id,
      household_id = EXCLUDED.household_id, tags = EXCLUDED.tags, emails = EXCLUDED.emails, phones = EXCLUDED.phones,
      addresses = EXCLUDED.addresses, communication = EXCLUDED.communication, custom_fields = EXCLUDED.custom_fields,
      updated_at = now()`);
}

/** Whether the contact has any gift or plan (then it is anonymised, never deleted). */
export async function hasGiving(tx: Tx, npoId: number, id: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    SELECT 1 WHERE EXISTS (SELECT 1 FROM donations WHERE npo_id = ${npoId} AND donor_id = ${id})
      OR EXISTS (SELECT 1 FROM recurring_plans WHERE npo_id = ${npoId} AND donor_id = ${id})`);
  return rows.length > 0;
}

export async function deleteContact(tx: Tx, npoId: number, id: number): Promise<void> {
  await tx.execute(sql`DELETE FROM notes WHERE npo_id = ${npoId} AND subject_type = 'donor' AND subject_id = ${id}`);
  await tx.execute(sql`DELETE FROM donors WHERE npo_id = ${npoId} AND id = ${id}`);
}

/** The organisation's active team members (owners a contact can be assigned to). */
export async function selectTeam(db: Db | Tx, npoId: number): Promise<Array<{ id: number; name: string }>> {
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    SELECT u.id, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) AS name
    FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.npo_id = ${npoId} AND m.suspended_at IS NULL ORDER BY lower(u.first_name), lower(u.last_name), u.id`);
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** Adds a tag to, or sets the owner of, each of the organisation's contacts among `ids`. */
export async function bulkUpdate(
  tx: Tx,
  npoId: number,
  ids: number[],
  change: { tag: string } | { ownerUserId: number | null },
): Promise<number> {
  const set =
    'tag' in change
      ? sql`tags = CASE WHEN contact_details.tags @> ARRAY[${change.tag}]::text[] THEN contact_details.tags
          ELSE array_append(contact_details.tags, ${change.tag}::text) END`
      : sql`owner_user_id = ${change.ownerUserId}`;
  const initial =
    'tag' in change
      ? sql`ARRAY[${change.tag}]::text[], NULL::bigint`
      : sql`'{}'::text[], ${change.ownerUserId}::bigint`;
  const { rows } = await tx.execute(sql`
    INSERT INTO contact_details (donor_id, npo_id, tags, owner_user_id)
    SELECT dn.id, dn.npo_id, ${initial} FROM donors dn WHERE dn.npo_id = ${npoId} AND dn.id = ANY(${sql.param(ids)}::bigint[])
    ON CONFLICT (donor_id) DO UPDATE SET ${set}, updated_at = now() RETURNING donor_id`);
  return rows.length;
}
