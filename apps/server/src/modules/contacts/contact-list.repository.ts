// SQL of the contacts list: donors (the contacts, decision 039) with their CRM details and their
// giving sums (donor_giving, kept by the donors module's triggers).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { donorsMatchingSql } from '../donors/index.ts';

export type ContactListFilter = {
  npoId: number;
  search?: string;
  type?: string;
  tag?: string;
  owner?: number | 'none';
  /** A custom field's value as stored (typed JSON), matched through the GIN index. */
  field?: { id: number; value: string | number | boolean };
  sort: 'name' | 'created' | 'lifetime_total' | 'last_gift';
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
};

export type ContactRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  contact_type: string;
  tags: string[];
  owner_user_id: number | null;
  owner_name: string | null;
  household_id: number | null;
  household_name: string | null;
  lifetime_base_minor: number;
  gift_count: number;
  last_gift_at: Date | string | null;
  custom_fields: Record<string, string | number | boolean | null>;
};

export const CONTACT_COUNT_CAP = 10_000;

function whereOf(f: ContactListFilter): SQL {
  const parts: SQL[] = [sql`dn.npo_id = ${f.npoId}`];
  if (f.search) parts.push(sql`dn.id IN (${donorsMatchingSql(f.npoId, f.search)})`);
  if (f.type === 'individual') parts.push(sql`coalesce(cd.contact_type, 'individual') = 'individual'`);
  else if (f.type) parts.push(sql`cd.npo_id = ${f.npoId} AND cd.contact_type = ${f.type}`);
  if (f.tag) parts.push(sql`cd.tags @> ARRAY[${f.tag}]::text[]`);
  if (f.owner === 'none') parts.push(sql`cd.owner_user_id IS NULL`);
  else if (f.owner !== undefined) parts.push(sql`cd.owner_user_id = ${f.owner}`);
  if (f.field) {
    parts.push(
      sql`cd.custom_fields @> jsonb_build_object(${String(f.field.id)}::text, ${JSON.stringify(f.field.value)}::jsonb)`,
    );
  }
  return sql.join(parts, sql` AND `);
}

const needsDetails = (f: ContactListFilter) =>
  f.type !== undefined || f.tag !== undefined || f.owner !== undefined || f.field !== undefined;

function orderOf(f: ContactListFilter): SQL {
  const dir = sql.raw(f.direction === 'desc' ? 'DESC' : 'ASC');
  const nulls = sql.raw(f.direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST');
  switch (f.sort) {
    case 'name':
      return sql`lower(dn.last_name) ${dir}, lower(dn.first_name) ${dir}, dn.id ${dir}`;
    case 'created':
      return sql`dn.created_at ${dir}, dn.id ${dir}`;
    case 'lifetime_total':
      return sql`g.lifetime_base_minor ${dir}, dn.id ${dir}`;
    case 'last_gift':
      return sql`g.last_gift_at ${nulls}, dn.id ${dir}`;
  }
}

const FROM = sql`donors dn
  JOIN donor_giving g ON g.donor_id = dn.id
  LEFT JOIN contact_details cd ON cd.donor_id = dn.id`;

export const contactColumns = sql`dn.id, dn.first_name, dn.last_name, dn.email,
  coalesce(cd.contact_type, 'individual') AS contact_type, coalesce(cd.tags, '{}') AS tags,
  cd.owner_user_id, nullif(trim(u.first_name || ' ' || u.last_name), '') AS owner_name,
  cd.household_id, h.name AS household_name,
  g.lifetime_base_minor, g.gift_count, g.last_gift_at, coalesce(cd.custom_fields, '{}'::jsonb) AS custom_fields`;

const JOINS = sql`LEFT JOIN users u ON u.id = cd.owner_user_id LEFT JOIN households h ON h.id = cd.household_id`;

/** One page of the organisation's contacts and how many match (up to CONTACT_COUNT_CAP). */
export async function selectContactPage(
  db: Db,
  f: ContactListFilter,
): Promise<{ rows: ContactRow[]; total: number; capped: boolean }> {
  const where = whereOf(f);
  const [page, count] = await Promise.all([
    db.execute<ContactRow>(sql`
      SELECT ${contactColumns} FROM ${FROM} ${JOINS}
      WHERE ${where} ORDER BY ${orderOf(f)} LIMIT ${f.limit} OFFSET ${f.offset}`),
    // Every donor has a donor_giving row, so the count joins only what the filters read.
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (
      SELECT 1 FROM donors dn ${needsDetails(f) ? sql`LEFT JOIN contact_details cd ON cd.donor_id = dn.id` : sql``}
      WHERE ${where} LIMIT ${CONTACT_COUNT_CAP + 1}) matching`),
  ]);
  const n = Number(count.rows[0]?.n ?? 0);
  return { rows: page.rows, total: Math.min(n, CONTACT_COUNT_CAP), capped: n > CONTACT_COUNT_CAP };
}

/** Every matching contact, in list order, for the CSV export (read in pages by the caller). */
export async function selectContactsForExport(db: Db, f: ContactListFilter): Promise<ContactRow[]> {
  const { rows } = await db.execute<ContactRow>(sql`
    SELECT ${contactColumns} FROM ${FROM} ${JOINS}
    WHERE ${whereOf(f)} ORDER BY ${orderOf(f)} LIMIT ${f.limit} OFFSET ${f.offset}`);
  return rows;
}

/** One contact's list row, or null when it is not the organisation's. */
export async function selectContactRow(db: Db, npoId: number, id: number): Promise<ContactRow | null> {
  const { rows } = await db.execute<ContactRow>(sql`
    SELECT ${contactColumns} FROM ${FROM} ${JOINS} WHERE dn.npo_id = ${npoId} AND dn.id = ${id}`);
  return rows[0] ?? null;
}
