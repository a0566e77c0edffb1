// Writing one imported contact row (docs/decisions/053-contacts-import-soft-credits.md). The row is
// matched to the organisation's contact with the same e-mail (case-insensitive, the donors' unique
// key), so a file imported twice creates nobody the second time: every row finds the contact the
// first run created.
import type { TContactImportOnMatch, TContactImportRow } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';

export type ImportedContactOutcome = 'created' | 'updated' | 'skipped';

async function contactIdByEmail(tx: Db | Tx, npoId: number, email: string, lock: boolean): Promise<number | null> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    SELECT id FROM donors WHERE npo_id = ${npoId} AND email <> '' AND lower(email) = lower(${email})
    ${lock ? sql`FOR UPDATE` : sql``}`);
  return rows[0] ? Number(rows[0].id) : null;
}

/** The e-mails (lower case) among `emails` that are already the organisation's contacts, for the preview. */
export async function existingContactEmails(db: Db, npoId: number, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const { rows } = await db.execute<{ email: string }>(sql`
    SELECT lower(email) AS email FROM donors
    WHERE npo_id = ${npoId} AND email <> '' AND lower(email) = ANY(${sql.param(emails)}::text[])`);
  return new Set(rows.map((r) => r.email));
}

const phonesOf = (row: TContactImportRow) => (row.phone ? [{ number: row.phone, label: '', primary: true }] : []);

async function createContact(tx: Tx, npoId: number, row: TContactImportRow): Promise<number | null> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO donors (npo_id, email, first_name, last_name, address, city, state, postal_code, country)
    VALUES (${npoId}, ${row.email}, ${row.first_name}, ${row.last_name}, ${row.address}, ${row.city}, ${row.state},
      ${row.postal_code}, ${row.country})
    ON CONFLICT (npo_id, lower(email)) WHERE email <> '' DO NOTHING RETURNING id`);
  const id = rows[0] ? Number(rows[0].id) : null;
  if (id === null) return null;
  await tx.execute(sql`
    INSERT INTO contact_details (donor_id, npo_id, contact_type, employer, source, tags, phones)
    VALUES (${id}, ${npoId}, ${row.contact_type || 'prospect'}, ${row.employer}, ${row.source},
      ${sql.param(row.tags)}::text[], ${JSON.stringify(phonesOf(row))}::jsonb)`);
  return id;
}

const CD = 'contact_details';

/** Fills in what the row has; an empty cell keeps the contact's value, tags and a new phone are added. */
async function updateContact(tx: Tx, npoId: number, id: number, row: TContactImportRow): Promise<void> {
  const keep = (column: string, value: string, table = 'donors') =>
    sql`${sql.identifier(column)} = coalesce(nullif(${value}, ''), ${sql.identifier(table)}.${sql.identifier(column)})`;
  await tx.execute(sql`
    UPDATE donors SET ${keep('first_name', row.first_name)}, ${keep('last_name', row.last_name)},
      ${keep('address', row.address)}, ${keep('city', row.city)}, ${keep('state', row.state)},
      ${keep('postal_code', row.postal_code)}, ${keep('country', row.country)}, updated_at = now()
    WHERE npo_id = ${npoId} AND id = ${id}`);
  await tx.execute(sql`
    INSERT INTO contact_details (donor_id, npo_id, contact_type, employer, source, tags, phones)
    VALUES (${id}, ${npoId}, ${row.contact_type || 'individual'}, ${row.employer}, ${row.source},
      ${sql.param(row.tags)}::text[], ${JSON.stringify(phonesOf(row))}::jsonb)
    ON CONFLICT (donor_id) DO UPDATE SET
      ${keep('contact_type', row.contact_type, CD)}, ${keep('employer', row.employer, CD)},
      ${keep('source', row.source, CD)},
      tags = ARRAY(SELECT DISTINCT t FROM unnest(contact_details.tags || EXCLUDED.tags) AS t ORDER BY t),
      phones = CASE WHEN ${row.phone} = '' OR contact_details.phones @> jsonb_build_array(jsonb_build_object('number', ${row.phone}::text))
        THEN contact_details.phones
        ELSE contact_details.phones || jsonb_build_array(jsonb_build_object('number', ${row.phone}::text, 'label', '',
          'primary', jsonb_array_length(contact_details.phones) = 0)) END,
      updated_at = now()`);
}

/** Creates the row's contact, or updates or skips the contact that has its e-mail (`onMatch`). */
export async function importContactRow(
  db: Db,
  npoId: number,
  row: TContactImportRow,
  onMatch: TContactImportOnMatch,
): Promise<ImportedContactOutcome> {
  return db.transaction(async (tx) => {
    let id = await contactIdByEmail(tx, npoId, row.email, true);
    if (id === null) {
      const created = await createContact(tx, npoId, row);
      if (created !== null) return 'created';
      // Another writer created it between the look-up and the insert: it is now a match.
      id = await contactIdByEmail(tx, npoId, row.email, true);
      if (id === null) throw new Error('contact vanished during import');
    }
    if (onMatch === 'skip') return 'skipped';
    await updateContact(tx, npoId, id, row);
    return 'updated';
  });
}
