// SQL of an organisation's custom contact fields and saved list views.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';

export type FieldRow = { id: number; label: string; field_type: string; options: string[] };

export async function selectFields(db: Db | Tx, npoId: number): Promise<FieldRow[]> {
  const { rows } = await db.execute<FieldRow>(sql`
    SELECT id, label, field_type, options FROM contact_fields WHERE npo_id = ${npoId} ORDER BY id`);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Adds a field; null when the organisation already has one with this label. */
export async function insertField(
  tx: Tx,
  npoId: number,
  f: { label: string; field_type: string; options: string[] },
): Promise<number | null> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO contact_fields (npo_id, label, field_type, options)
    VALUES (${npoId}, ${f.label}, ${f.field_type}, ${sql.param(f.options)}::text[]) ON CONFLICT DO NOTHING RETURNING id`);
  return rows[0] ? Number(rows[0].id) : null;
}

/** Removes a field and every contact's value of it. */
export async function deleteField(tx: Tx, npoId: number, id: number): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`DELETE FROM contact_fields WHERE npo_id = ${npoId} AND id = ${id} RETURNING id`,
  );
  if (rows.length === 0) return false;
  await tx.execute(sql`
    UPDATE contact_details SET custom_fields = custom_fields - ${String(id)}::text
    WHERE npo_id = ${npoId} AND custom_fields ? ${String(id)}::text`);
  return true;
}

export type ViewRow = { id: number; name: string; owner_user_id: number | null; config: unknown };

/** The organisation's shared views and the user's own. */
export async function selectViews(db: Db | Tx, npoId: number, userId: number): Promise<ViewRow[]> {
  const { rows } = await db.execute<ViewRow>(sql`
    SELECT id, name, owner_user_id, config FROM contact_views
    WHERE npo_id = ${npoId} AND (owner_user_id IS NULL OR owner_user_id = ${userId})
    ORDER BY lower(name), id`);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    owner_user_id: r.owner_user_id == null ? null : Number(r.owner_user_id),
  }));
}

export async function selectView(db: Db | Tx, npoId: number, userId: number, id: number): Promise<ViewRow | null> {
  return (await selectViews(db, npoId, userId)).find((v) => v.id === id) ?? null;
}

export async function insertView(
  tx: Tx,
  v: { npoId: number; ownerUserId: number | null; name: string; config: unknown; createdBy: number },
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO contact_views (npo_id, owner_user_id, name, config, created_by_user_id)
    VALUES (${v.npoId}, ${v.ownerUserId}, ${v.name}, ${JSON.stringify(v.config)}::jsonb, ${v.createdBy}) RETURNING id`);
  return Number(rows[0]?.id);
}

export async function updateView(
  tx: Tx,
  id: number,
  v: { ownerUserId: number | null; name: string; config: unknown },
): Promise<void> {
  await tx.execute(sql`
    UPDATE contact_views SET owner_user_id = ${v.ownerUserId}, name = ${v.name}, config = ${JSON.stringify(v.config)}::jsonb
    WHERE id = ${id}`);
}

export async function deleteView(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`DELETE FROM contact_views WHERE id = ${id}`);
}
