// SQL of the contacts list: donors (the contacts, decision 039) with their CRM details and their
// giving sums (donor_giving, kept by the donors module's triggers).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { estimatedRows } from '../../platform/db/estimated-rows.ts';
import { donorSearchMatches } from '../donors/index.ts';

export type ContactListFilter = {
  npoId: number;
  search?: string;
  type?: string;
  tag?: string;
  owner?: number | 'none';
  /** A custom field's value as stored (typed JSON), matched through the GIN index. */
  field?: { id: number; value: string | number | boolean };
  /** A SELECT of donor ids the contacts must be among (a segment's members). */
  memberOf?: SQL;
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

/**
 * The filters on contact_details (`cd`), joined only when one is set. `row` says whether the
 * filter needs the contact to have a details row: individuals and contacts without an owner also
 * match a contact without one (the LEFT JOIN's nulls), the others only match a row.
 */
function detailParts(f: ContactListFilter): Array<{ where: SQL; row: boolean }> {
  const parts: Array<{ where: SQL; row: boolean }> = [];
  if (f.type === 'individual')
    parts.push({ where: sql`coalesce(cd.contact_type, 'individual') = 'individual'`, row: false });
  else if (f.type) parts.push({ where: sql`cd.npo_id = ${f.npoId} AND cd.contact_type = ${f.type}`, row: true });
  if (f.tag) parts.push({ where: sql`cd.tags @> ARRAY[${f.tag}]::text[]`, row: true });
  if (f.owner === 'none') parts.push({ where: sql`cd.owner_user_id IS NULL`, row: false });
  else if (f.owner !== undefined) parts.push({ where: sql`cd.owner_user_id = ${f.owner}`, row: true });
  if (f.field) {
    // One jsonb parameter, which the planner reads as a value (a jsonb_build_object call it cannot).
    const value = JSON.stringify({ [f.field.id]: f.field.value });
    parts.push({ where: sql`cd.custom_fields @> ${value}::jsonb`, row: true });
  }
  return parts;
}

const bySum = (f: ContactListFilter) => f.sort === 'lifetime_total' || f.sort === 'last_gift';

/**
 * ORDER BY in the order of the index that serves it: donors_npo_name_idx and donors_npo_created_idx
 * ascending (read backwards for descending), the donor_giving ones descending with the donor id
 * (read backwards for ascending). Another order or tie-break makes PostgreSQL sort every match.
 */
function orderOf(f: ContactListFilter): SQL {
  const desc = f.direction === 'desc';
  const dir = sql.raw(desc ? 'DESC' : 'ASC');
  const key = (column: string) => sql.raw(desc ? `${column} DESC NULLS LAST` : `${column} ASC NULLS FIRST`);
  switch (f.sort) {
    case 'name':
      return sql`lower(dn.last_name) ${dir}, lower(dn.first_name) ${dir}, dn.id ${dir}`;
    case 'created':
      return sql`dn.created_at ${dir}, dn.id ${dir}`;
    // donor_giving_npo_total_idx is (lifetime DESC, donor_id DESC), nulls first by default: the
    // column is never null, but a NULLS LAST here would still not match it.
    case 'lifetime_total':
      return sql`g.lifetime_base_minor ${dir}, g.donor_id ${dir}`;
    case 'last_gift':
      return sql`${key('g.last_gift_at')}, g.donor_id ${dir}`;
  }
}

/**
 * Below this many donors matching the search term (PostgreSQL's estimate), the matches are read
 * first from the trigram index and only they are filtered and sorted; above it, the sort's index
 * is walked and each row tested, which finds a page of a common term at once (decision 042).
 */
const SEARCH_FIRST_MAX = 25_000;

type Plan = { searchFirst: boolean };

/**
 * FROM and WHERE of the matching contacts with only the tables the filters and the sort read:
 * donors (`dn`) or donor_giving (`g`) as the base, contact_details (`cd`) for its filters, and for
 * a search either the term's matches (`matched`, read first) or the donor's text, tested per row.
 */
function matchingFrom(f: ContactListFilter, plan: Plan): { from: SQL; id: SQL } {
  const giving = bySum(f);
  const id = giving ? sql`g.donor_id` : sql`dn.id`;
  const parts: SQL[] = [giving ? sql`g.npo_id = ${f.npoId}` : sql`dn.npo_id = ${f.npoId}`];
  let from = giving ? sql`donor_giving g` : sql`donors dn`;
  let details = detailParts(f);
  if (f.search && plan.searchFirst) {
    // The matches carry what the name and date sorts read, so only a giving sort joins a table.
    from = giving ? sql`matched m JOIN donor_giving g ON g.donor_id = m.id` : sql`matched dn`;
    const rowParts = details.filter((d) => d.row);
    if (rowParts.length > 0) parts.push(sql`${id} IN (${detailsOfMatched(rowParts)})`);
    details = details.filter((d) => !d.row);
  } else if (f.search) {
    if (giving) from = sql`${from} JOIN donors dn ON dn.id = g.donor_id`;
    parts.push(sql`dn.npo_id = ${f.npoId} AND ${donorSearchMatches(f.search)}`);
  }
  if (details.length > 0) from = sql`${from} LEFT JOIN contact_details cd ON cd.donor_id = ${id}`;
  parts.push(...details.map((d) => d.where));
  if (f.memberOf) parts.push(sql`${id} IN (${f.memberOf})`);
  return { from: sql`${from} WHERE ${sql.join(parts, sql` AND `)}`, id };
}

/**
 * The search's matches that have a details row passing the filters, read by looking up the matches'
 * ids in contact_details' primary key as one array: the index walks the sorted ids along its leaves
 * and the filters (a custom field's jsonb above all) are tested on those rows only. Hashing the
 * matches against every details row the filters leave tested the filters on all of them, two to
 * three times slower for a common custom field value (docs/decisions/097-contacts-search-then-details-by-id-array.md).
 */
const detailsOfMatched = (parts: Array<{ where: SQL }>) =>
  sql`SELECT cd.donor_id FROM contact_details cd WHERE cd.donor_id = ANY (ARRAY(SELECT mm.id FROM matched mm))
    AND ${sql.join(
      parts.map((d) => d.where),
      sql` AND `,
    )}`;

const withMatched = (f: ContactListFilter, plan: Plan) =>
  f.search && plan.searchFirst
    ? sql`WITH matched AS MATERIALIZED (SELECT dn.id, dn.npo_id, dn.first_name, dn.last_name, dn.created_at
        FROM donors dn WHERE dn.npo_id = ${f.npoId} AND ${donorSearchMatches(f.search)})`
    : sql``;

/** Whether the search term is rare enough to read its matches first (PostgreSQL's own estimate). */
async function planOf(db: Db, f: ContactListFilter): Promise<Plan> {
  if (!f.search) return { searchFirst: false };
  const estimate = await estimatedRows(
    db,
    sql`SELECT 1 FROM donors dn WHERE dn.npo_id = ${f.npoId} AND ${donorSearchMatches(f.search)}`,
  );
  return { searchFirst: estimate <= SEARCH_FIRST_MAX };
}

const FULL = sql`donors dn
  JOIN donor_giving g ON g.donor_id = dn.id
  LEFT JOIN contact_details cd ON cd.donor_id = dn.id`;

export const contactColumns = sql`dn.id, dn.first_name, dn.last_name, dn.email,
  coalesce(cd.contact_type, 'individual') AS contact_type, coalesce(cd.tags, '{}') AS tags,
  cd.owner_user_id, nullif(trim(u.first_name || ' ' || u.last_name), '') AS owner_name,
  cd.household_id, h.name AS household_name,
  g.lifetime_base_minor, g.gift_count, g.last_gift_at, coalesce(cd.custom_fields, '{}'::jsonb) AS custom_fields`;

const JOINS = sql`LEFT JOIN users u ON u.id = cd.owner_user_id LEFT JOIN households h ON h.id = cd.household_id`;

/**
 * A page of contacts: its ids chosen first with the fewest tables (see matchingFrom), then only those
 * rows joined to everything the list shows. With `count`, each row also carries how many match (up
 * to the cap), so a search's matches are read once for both.
 */
async function selectPage(db: Db, f: ContactListFilter, plan: Plan, count = false) {
  const { from, id } = matchingFrom(f, plan);
  // Counted, the matches (with what the sort reads) are joined to the filters once, for both the
  // page and the count: read twice, a filter's join over a search's matches cost twice as much.
  const giving = bySum(f);
  const hits = count
    ? sql`, hits AS MATERIALIZED (SELECT ${giving ? sql`g.donor_id, g.lifetime_base_minor, g.last_gift_at` : sql`dn.id, dn.first_name, dn.last_name, dn.created_at`} FROM ${from})`
    : sql``;
  const source = count ? sql`hits ${sql.raw(giving ? 'g' : 'dn')}` : from;
  const total = count
    ? sql`, (SELECT count(*)::int FROM (SELECT 1 FROM hits LIMIT ${CONTACT_COUNT_CAP + 1}) c) AS matching`
    : sql``;
  const { rows } = await db.execute<ContactRow & { matching?: number }>(sql`
    ${withMatched(f, plan)} ${hits}
    SELECT ${contactColumns} ${total}
    FROM (SELECT ${id} AS id FROM ${source} ORDER BY ${orderOf(f)} LIMIT ${f.limit} OFFSET ${f.offset}) page
    JOIN ${FULL} ON dn.id = page.id ${JOINS}
    WHERE dn.npo_id = ${f.npoId}
    ORDER BY ${orderOf(f)}`);
  return rows;
}

async function countMatching(db: Db, f: ContactListFilter, plan: Plan): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`${withMatched(f, plan)}
    SELECT count(*)::int AS n FROM (SELECT 1 FROM ${matchingFrom(f, plan).from} LIMIT ${CONTACT_COUNT_CAP + 1}) matching`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * One page of the organisation's contacts and how many match (up to CONTACT_COUNT_CAP): in one
 * statement when a search's matches are read first, else the page and the count side by side.
 */
export async function selectContactPage(
  db: Db,
  f: ContactListFilter,
): Promise<{ rows: ContactRow[]; total: number; capped: boolean }> {
  const plan = await planOf(db, f);
  let rows: Array<ContactRow & { matching?: number }>;
  let n: number;
  if (f.search && plan.searchFirst) {
    rows = await selectPage(db, f, plan, true);
    n = rows[0]?.matching ?? (f.offset > 0 ? await countMatching(db, f, plan) : 0);
  } else {
    [rows, n] = await Promise.all([selectPage(db, f, plan), countMatching(db, f, plan)]);
  }
  return {
    rows: rows.map(({ matching: _, ...row }) => row),
    total: Math.min(Number(n), CONTACT_COUNT_CAP),
    capped: Number(n) > CONTACT_COUNT_CAP,
  };
}

/** Every matching contact, in list order, for the CSV export (read in pages by the caller). */
export async function selectContactsForExport(db: Db, f: ContactListFilter): Promise<ContactRow[]> {
  return selectPage(db, f, await planOf(db, f));
}

/** One contact's list row, or null when it is not the organisation's. */
export async function selectContactRow(db: Db, npoId: number, id: number): Promise<ContactRow | null> {
  const { rows } = await db.execute<ContactRow>(sql`
    SELECT ${contactColumns} FROM ${FULL} ${JOINS} WHERE dn.npo_id = ${npoId} AND dn.id = ${id}`);
  return rows[0] ?? null;
}
