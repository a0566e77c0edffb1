import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';

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
 * The e-mail under which a gift given with `email` is recorded: the e-mail of the donor staff
 * merged the address's donor into (following later merges: a merge moves donor_merges.kept_donor_id
 * too), unless a donor has that address again (then it is theirs); otherwise `email` itself.
 * Correlated on the merge row, so the usual gift (an address never merged away) costs one probe of
 * the empty-ish donor_merges e-mail index and nothing more. Values may be placeholders.
 */
export function giftEmailSql(npoId: unknown, email: unknown): SQL {
  return sql`coalesce((
      SELECT kept.email FROM donor_merges m JOIN donors kept ON kept.id = m.kept_donor_id
      WHERE m.npo_id = ${npoId}::bigint AND lower(m.merged_email) = lower(${email}::text)
        AND NOT EXISTS (SELECT 1 FROM donors again WHERE again.npo_id = m.npo_id AND lower(again.email) = lower(m.merged_email))
      ORDER BY m.created_at DESC, m.id DESC LIMIT 1), ${email}::text)`;
}

/**
 * upsertDonor's INSERT … ON CONFLICT, without RETURNING, for a caller's own statement (a CTE).
 * Each value is a DonorRow value or a placeholder for one; with `onlyIf`, nothing is written
 * unless that condition holds. An address whose donor staff merged away is written as the kept
 * donor's (giftEmailSql), so the conflict target is the kept donor: their gift, their totals, no
 * new donor, in the same single statement.
 */
export function donorUpsertSql(v: { [K in keyof DonorRow]: unknown }, onlyIf?: SQL): SQL {
  const keep = (column: string) =>
    sql.raw(`${column} = CASE WHEN EXCLUDED.${column} <> '' THEN EXCLUDED.${column} ELSE donors.${column} END`);
  return sql`
    INSERT INTO donors (npo_id, email, first_name, last_name, address, address2, city, state, postal_code, country, created_at)
    SELECT ${v.npoId}::bigint, ${giftEmailSql(v.npoId, v.email)}, ${v.firstName}::text, ${v.lastName}::text, ${v.address}::text,
      ${v.address2}::text, ${v.city}::text, ${v.state}::text, ${v.postalCode}::text, ${v.country}::text, ${v.createdAt}::timestamptz
    ${onlyIf ? sql`WHERE ${onlyIf}` : sql``}
    ON CONFLICT (npo_id, lower(email)) WHERE email <> '' DO UPDATE SET
      ${sql.join(['first_name', 'last_name', ...ADDRESS_FIELDS].map(keep), sql`, `)},
      updated_at = now()`;
}
