// SQL of merging two donors of one organisation: every row that points at the duplicate moves to
// the kept donor. The referencing columns are read from the catalogue, so a table another module
// adds later (with a foreign key to donors) moves too instead of blocking the delete or being lost.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';

type Reference = { table: string; column: string };

/** Readable names of the records a merge moves; other tables show under their own name. */
const LABELS: Record<string, string> = {
  donations: 'Donations (with their Gift Aid declarations, receipts and refunds)',
  recurring_plans: 'Recurring plans',
  payment_attempts: 'Failed payment attempts',
  notes: 'Notes',
  donor_merges: 'Donors merged into this one before',
};

/** Columns with a foreign key to donors.id, except donor_giving (recomputed, not moved). */
async function donorReferences(tx: Tx): Promise<Reference[]> {
  const { rows } = await tx.execute<{ table: string; column: string }>(sql`
    SELECT cl.relname AS table, a.attname AS column
    FROM pg_constraint c
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_namespace ns ON ns.oid = cl.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'f' AND c.confrelid = 'donors'::regclass AND array_length(c.conkey, 1) = 1
      AND ns.nspname = current_schema() AND cl.relname <> 'donor_giving'
    ORDER BY cl.relname, a.attname`);
  return rows;
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** How many rows of each kind point at the duplicate (for the confirmation before a merge). */
export async function countDonorRecords(
  tx: Tx,
  npoId: number,
  donorId: number,
): Promise<Array<{ label: string; count: number }>> {
  const counts: Array<{ label: string; count: number }> = [];
  for (const ref of await donorReferences(tx)) {
    const { rows } = await tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${ident(ref.table)} WHERE ${ident(ref.column)} = ${donorId}`,
    );
    counts.push({ label: LABELS[ref.table] ?? ref.table.replace(/_/g, ' '), count: Number(rows[0]?.n ?? 0) });
  }
  const notes = await tx.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM notes WHERE npo_id = ${npoId} AND subject_type = 'donor' AND subject_id = ${donorId}`);
  counts.push({ label: LABELS.notes ?? 'Notes', count: Number(notes.rows[0]?.n ?? 0) });
  return counts;
}

/**
 * Points every reference to `duplicateId` at `keepId` (both already checked to be the
 * organisation's and locked) and returns the ids moved per table, for the audit entry.
 */
export async function moveDonorRecords(
  tx: Tx,
  npoId: number,
  keepId: number,
  duplicateId: number,
): Promise<Record<string, number[]>> {
  const moved: Record<string, number[]> = {};
  for (const ref of await donorReferences(tx)) {
    const { rows } = await tx.execute<{ id: unknown }>(sql`
      UPDATE ${ident(ref.table)} SET ${ident(ref.column)} = ${keepId}
      WHERE ${ident(ref.column)} = ${duplicateId} RETURNING *`);
    moved[`${ref.table}.${ref.column}`] = rows.map((r) => Number(r.id));
  }
  // Notes name their subject without a foreign key (one table for three kinds of subject).
  const notes = await tx.execute<{ id: number }>(sql`
    UPDATE notes SET subject_id = ${keepId}
    WHERE npo_id = ${npoId} AND subject_type = 'donor' AND subject_id = ${duplicateId} RETURNING id`);
  moved.notes = notes.rows.map((r) => Number(r.id));
  return moved;
}

/** Fills the kept donor's empty profile fields from the duplicate; filled ones stay. */
export async function fillEmptyProfileFields(tx: Tx, keepId: number, duplicateId: number): Promise<void> {
  const fields = ['first_name', 'last_name', 'address', 'address2', 'city', 'state', 'postal_code', 'country'];
  const set = fields.map((f) => sql.raw(`${f} = CASE WHEN k.${f} = '' THEN d.${f} ELSE k.${f} END`));
  await tx.execute(sql`
    UPDATE donors k SET ${sql.join(set, sql`, `)}, updated_at = now()
    FROM donors d WHERE k.id = ${keepId} AND d.id = ${duplicateId}`);
}

export async function deleteDonor(tx: Tx, npoId: number, donorId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM donors WHERE id = ${donorId} AND npo_id = ${npoId}`);
}

/** Records where the removed donor went (for links and accounts that still name them). */
export async function recordMerge(
  tx: Tx,
  m: { npoId: number; mergedDonorId: number; mergedEmail: string; keptDonorId: number; userId: number },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO donor_merges (npo_id, merged_donor_id, merged_email, kept_donor_id, merged_by_user_id)
    VALUES (${m.npoId}, ${m.mergedDonorId}, ${m.mergedEmail}, ${m.keptDonorId}, ${m.userId})`);
}

/**
 * The donor a removed (merged) donor's records now belong to, by the removed donor's id or e-mail;
 * null when no merge removed such a donor in the organisation.
 */
export async function findMergedInto(
  db: Tx,
  npoId: number,
  by: { donorId: number } | { email: string },
): Promise<number | null> {
  const match = 'donorId' in by ? sql`merged_donor_id = ${by.donorId}` : sql`lower(merged_email) = lower(${by.email})`;
  const { rows } = await db.execute<{ kept: number }>(sql`
    SELECT kept_donor_id AS kept FROM donor_merges WHERE npo_id = ${npoId} AND ${match}
    ORDER BY created_at DESC, id DESC LIMIT 1`);
  return rows[0] ? Number(rows[0].kept) : null;
}
