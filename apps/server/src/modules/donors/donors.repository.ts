import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../donations/tx.ts';

export type DonorDetails = {
  email: string;
  firstName: string;
  lastName: string;
  address?: string;
  address2?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
};

const ADDRESS_FIELDS = ['address', 'address2', 'city', 'state', 'postal_code', 'country'] as const;

/**
 * The organisation's donor with this e-mail (case-insensitive), created when new. A later gift's
 * non-empty name and address replace the stored ones: the most recent details are the donor's
 * current ones. One statement, so concurrent gifts by a new donor still make one donor.
 */
export async function upsertDonor(
  tx: Tx,
  npoId: number,
  d: DonorDetails,
  /** When a new donor first gave (a late webhook, an import); default now. */
  since: Date = new Date(),
): Promise<{ id: number }> {
  const { rows } = await tx.execute<{ id: number }>(sql`${donorUpsertSql(donorRowOf(npoId, d, since))} RETURNING id`);
  const row = rows[0];
  if (!row) throw new Error('donor upsert returned no row');
  return { id: Number(row.id) };
}

/** The values upsertDonor writes, as donorUpsertSql binds them. */
export type DonorRow = {
  npoId: number;
  email: string;
  firstName: string;
  lastName: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  createdAt: string;
};

export const donorRowOf = (npoId: number, d: DonorDetails, since: Date = new Date()): DonorRow => ({
  npoId,
  email: d.email.trim(),
  firstName: d.firstName.trim(),
  lastName: d.lastName.trim(),
  address: d.address ?? '',
  address2: d.address2 ?? '',
  city: d.city ?? '',
  state: d.state ?? '',
  postalCode: d.postalCode ?? '',
  country: d.country ?? '',
  createdAt: since.toISOString(),
});

/**
 * upsertDonor's INSERT … ON CONFLICT, without RETURNING, for a caller's own statement (a CTE).
 * Each value is a DonorRow value or a placeholder for one; with `onlyIf`, nothing is written
 * unless that condition holds.
 */
export function donorUpsertSql(v: { [K in keyof DonorRow]: unknown }, onlyIf?: SQL): SQL {
  const keep = (column: string) =>
    sql.raw(`${column} = CASE WHEN EXCLUDED.${column} <> '' THEN EXCLUDED.${column} ELSE donors.${column} END`);
  return sql`
    INSERT INTO donors (npo_id, email, first_name, last_name, address, address2, city, state, postal_code, country, created_at)
    SELECT ${v.npoId}::bigint, ${v.email}::text, ${v.firstName}::text, ${v.lastName}::text, ${v.address}::text,
      ${v.address2}::text, ${v.city}::text, ${v.state}::text, ${v.postalCode}::text, ${v.country}::text, ${v.createdAt}::timestamptz
    ${onlyIf ? sql`WHERE ${onlyIf}` : sql``}
    ON CONFLICT (npo_id, lower(email)) DO UPDATE SET
      ${sql.join(['first_name', 'last_name', ...ADDRESS_FIELDS].map(keep), sql`, `)},
      updated_at = now()`;
}
