import type pg from 'pg';

/**
 * A database's schema as comparable lines, one per object: tables (kind, storage options), columns
 * (type, default, nullability, order), constraints, indexes (with column statistics targets),
 * views, sequences, types, extensions, functions with their whole definition and triggers.
 * The migration bookkeeping (schema drizzle) is left out.
 */
export async function schemaSnapshot(client: pg.ClientBase): Promise<Map<string, string>> {
  const parts: [string, string][] = [];
  const add = async (query: string) => {
    const { rows } = await client.query<{ key: string; def: string }>(query);
    for (const r of rows) parts.push([r.key, r.def]);
  };
  const own = `c.relnamespace = 'public'::regnamespace
    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')`;
  await add(`SELECT 'relation ' || c.relname AS key,
      concat_ws(' ', c.relkind::text, c.relpersistence::text, array_to_string(c.reloptions, ',')) AS def
    FROM pg_class c WHERE ${own} AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')`);
  await add(`SELECT 'column ' || c.relname || '.' || a.attname AS key,
      concat_ws(' | ', format_type(a.atttypid, a.atttypmod), CASE WHEN a.attnotnull THEN 'not null' END,
        pg_get_expr(ad.adbin, ad.adrelid), nullif(a.attidentity, ''), nullif(a.attgenerated, ''),
        'collation ' || nullif(a.attcollation, 0)::regcollation::text,
        'position ' || rank() OVER (PARTITION BY c.oid ORDER BY a.attnum)) AS def
    FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    LEFT JOIN pg_attrdef ad ON ad.adrelid = c.oid AND ad.adnum = a.attnum
    WHERE ${own} AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`);
  await add(`SELECT 'constraint ' || c.relname || '.' || k.conname AS key, pg_get_constraintdef(k.oid) AS def
    FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid WHERE ${own}`);
  await add(`SELECT 'index ' || c.relname AS key, pg_get_indexdef(c.oid) || coalesce(' statistics ' || (
      SELECT string_agg(a.attnum || '=' || a.attstattarget, ',' ORDER BY a.attnum) FROM pg_attribute a
      WHERE a.attrelid = c.oid AND a.attstattarget IS NOT NULL AND a.attstattarget >= 0), '') AS def
    FROM pg_class c WHERE ${own} AND c.relkind IN ('i', 'I')`);
  await add(`SELECT 'view ' || c.relname AS key, pg_get_viewdef(c.oid) AS def
    FROM pg_class c WHERE ${own} AND c.relkind IN ('v', 'm')`);
  await add(`SELECT 'sequence ' || c.relname AS key, concat_ws(' ', format_type(s.seqtypid, NULL), s.seqstart,
      s.seqincrement, s.seqmax, s.seqmin, s.seqcache, s.seqcycle) AS def
    FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid WHERE ${own}`);
  await add(`SELECT 'type ' || t.typname AS key, t.typtype::text || coalesce(' ' || (
      SELECT string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid), '') AS def
    FROM pg_type t WHERE t.typnamespace = 'public'::regnamespace AND t.typtype IN ('e', 'd', 'c')
      AND NOT EXISTS (SELECT 1 FROM pg_class c WHERE c.oid = t.typrelid AND c.relkind <> 'c')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e')`);
  await add(`SELECT 'extension ' || extname AS key, extversion AS def FROM pg_extension`);
  await add(`SELECT 'function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS key,
      pg_get_functiondef(p.oid) AS def
    FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND p.prokind IN ('f', 'p')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`);
  await add(`SELECT 'trigger ' || c.relname || '.' || t.tgname AS key,
      pg_get_triggerdef(t.oid) || CASE t.tgenabled WHEN 'O' THEN '' ELSE ' enabled ' || t.tgenabled::text END AS def
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal AND ${own}`);
  return new Map(parts);
}

/** The objects that differ between two snapshots, one line each, empty when they are identical. */
export function schemaDifferences(expected: Map<string, string>, actual: Map<string, string>): string[] {
  const lines: string[] = [];
  for (const [key, def] of expected) {
    if (!actual.has(key)) lines.push(`missing ${key}: ${def}`);
    else if (actual.get(key) !== def) lines.push(`differs ${key}:\n  expected ${def}\n  actual   ${actual.get(key)}`);
  }
  for (const [key, def] of actual) if (!expected.has(key)) lines.push(`extra ${key}: ${def}`);
  return lines.sort();
}
