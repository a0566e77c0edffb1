import type { TDonationListFilter } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { donorsMatchingSql } from '../donors/index.ts';

// The SQL shared by the list, its totals and the export, so the three always agree on which
// donations a filter means. Every condition is on `d` (donations) and starts with its npo_id, so
// the planner can use the npo_id-leading indexes (migration 'donation list indexes').

export const oneOf = (column: SQL, values: readonly (string | number)[]) =>
  sql`${column} IN (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** Midnight starting `day` in the organisation's time zone (decision 027), read once per statement. */
const midnightOf = (npoId: number, day: SQL) =>
  sql`(${day})::timestamp AT TIME ZONE (SELECT n.time_zone FROM npos n WHERE n.id = ${npoId})`;

/**
 * Donor name, e-mail or postcode contains the text (the donors module's search, through its
 * trigram index), or the text is exactly a receipt number or a provider reference. The matching
 * donors are collected once into an array so that `donor_id = ANY(...)` can be an index condition
 * OR-ed with the two exact matches.
 */
function searchCondition(npoId: number, search: string): SQL {
  return sql`(d.donor_id = ANY (ARRAY(${donorsMatchingSql(npoId, search)}))
    OR d.receipt_number = ${search.toUpperCase()}
    OR d.provider_reference = ${search})`;
}

/** The WHERE clause of a filter, on donations aliased `d`. */
export function donationFilterWhere(npoId: number, f: Partial<TDonationListFilter>): SQL {
  const conditions: SQL[] = [sql`d.npo_id = ${npoId}`];
  // Days are the organisation's; `date_to` is inclusive: everything before the next day starts.
  if (f.date_from) conditions.push(sql`d.created_at >= ${midnightOf(npoId, sql`${f.date_from}::date`)}`);
  if (f.date_to) conditions.push(sql`d.created_at < ${midnightOf(npoId, sql`${f.date_to}::date + 1`)}`);
  if (f.campaign_id?.length) conditions.push(oneOf(sql`d.campaign_id`, f.campaign_id));
  if (f.status?.length) conditions.push(oneOf(sql`d.status`, f.status));
  if (f.payment_method?.length) conditions.push(oneOf(sql`d.payment_method`, f.payment_method));
  if (f.interval?.length) conditions.push(oneOf(sql`d.interval`, f.interval));
  if (f.currency?.length) conditions.push(oneOf(sql`d.currency`, f.currency));
  if (f.designation?.length) conditions.push(oneOf(sql`d.designation_name`, f.designation));
  if (f.amount_min !== undefined) conditions.push(sql`d.base_amount_minor >= ${f.amount_min}`);
  if (f.amount_max !== undefined) conditions.push(sql`d.base_amount_minor <= ${f.amount_max}`);
  if (f.gift_aid) conditions.push(sql`d.gift_aid = ${f.gift_aid === 'yes'}`);
  if (f.search) conditions.push(searchCondition(npoId, f.search));
  return sql.join(conditions, sql` AND `);
}

/**
 * ORDER BY of a sort, always ending in a unique key (the id) so pages never overlap or skip a row.
 * Amounts sort by the base-currency amount; donor names by last name, then first name.
 */
export function donationOrderBy(sort: TDonationListFilter['sort'], order: TDonationListFilter['order']): SQL {
  const dir = order === 'asc' ? sql.raw('ASC') : sql.raw('DESC');
  switch (sort) {
    case 'amount':
      return sql`d.base_amount_minor ${dir}, d.id ${dir}`;
    case 'donor_name':
      return sql`lower(dn.last_name) ${dir}, lower(dn.first_name) ${dir}, dn.id ${dir}, d.created_at ${dir}, d.id ${dir}`;
    case 'date':
      return sql`d.created_at ${dir}, d.id ${dir}`;
  }
}

/** The columns of a list row and an export row (donations `d`, donors `dn`, campaigns `c`). */
export const donationRowColumns = sql`d.id, d.created_at, d.receipt_number, d.donor_id, dn.first_name, dn.last_name,
  dn.email, d.amount_minor, d.fee_covered_minor, d.currency, d.base_amount_minor, d.base_currency, d.campaign_id,
  c.name AS campaign_name, d.designation_name, d.payment_method, d.provider, d.provider_reference, d.interval,
  d.status, d.gift_aid, d.refunded_at`;

export const donationRowJoins = sql`JOIN donors dn ON dn.id = d.donor_id AND dn.npo_id = d.npo_id
  LEFT JOIN campaigns c ON c.id = d.campaign_id AND c.npo_id = d.npo_id`;
