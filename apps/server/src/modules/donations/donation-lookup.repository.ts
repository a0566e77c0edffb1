import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

export type DonationLookupRow = {
  id: number;
  receipt_number: string | null;
  provider_reference: string | null;
  amount_minor: number;
  currency: string;
  status: string;
  donor_name: string | null;
  created_at: string;
};

/**
 * The organisation's donations whose receipt number or provider reference is exactly `term` (what
 * staff paste from a receipt or a provider's dashboard). Both are unique-index lookups; the
 * reference index leads with the provider, hence every provider named.
 */
export async function findDonationsByReference(db: Db, npoId: number, term: string, limit: number) {
  const { rows } = await db.execute<DonationLookupRow>(sql`
    SELECT d.id, d.receipt_number, d.provider_reference, d.amount_minor::int AS amount_minor, d.currency, d.status,
      nullif(trim(coalesce(dn.first_name, '') || ' ' || coalesce(dn.last_name, '')), '') AS donor_name,
      to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
    FROM donations d LEFT JOIN donors dn ON dn.id = d.donor_id AND dn.npo_id = d.npo_id
    WHERE d.npo_id = ${npoId}
      AND (d.receipt_number = ${term} OR (d.provider IN ('sandbox', 'stripe', 'paypal') AND d.provider_reference = ${term}))
    ORDER BY d.created_at DESC LIMIT ${limit}`);
  return rows;
}
