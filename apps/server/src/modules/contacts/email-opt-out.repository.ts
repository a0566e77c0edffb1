// mkt21: a contact's e-mail opt-out written from outside the record form (a marketing e-mail's
// unsubscribe), kept in contact_details.communication like the form's (docs/product/crm.md).
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';

/**
 * Opts the contact out of e-mail with this date and source, unless it already is (the first
 * opt-out's date and source stay). True when this call opted them out.
 */
export async function optOutOfEmail(db: Db | Tx, npoId: number, donorId: number, source: string, at: Date) {
  const entry = JSON.stringify({ email: { opted_out_at: at.toISOString(), source } });
  const { rows } = await db.execute<{ donor_id: number }>(sql`
    INSERT INTO contact_details (donor_id, npo_id, communication)
    SELECT d.id, d.npo_id, ${entry}::jsonb FROM donors d WHERE d.id = ${donorId} AND d.npo_id = ${npoId}
    ON CONFLICT (donor_id) DO UPDATE SET communication = contact_details.communication || EXCLUDED.communication,
      updated_at = now()
      WHERE NOT (contact_details.communication ? 'email')
    RETURNING donor_id`);
  return rows.length > 0;
}

/** SQL true when contact `donorIdSql` opted out of e-mail. */
export const optedOutOfEmailSql = (donorIdSql: ReturnType<typeof sql>) =>
  sql`EXISTS (SELECT 1 FROM contact_details cd WHERE cd.donor_id = ${donorIdSql} AND cd.communication ? 'email')`;
