import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { sourcePath } from '../server-root.ts';
import { sha256 } from './migration-checksums.ts';

/** Where the modules keep their SQL functions and triggers: modules/<module>/sql/<function>.sql. */
export const modulesFolder = sourcePath('modules');

export type RepeatableDefinition = { name: string; file: string; sql: string; checksum: string };

/** Every module's sql/*.sql, ordered by name (the function's name). */
export function readRepeatableDefinitions(folder = modulesFolder): RepeatableDefinition[] {
  const definitions: RepeatableDefinition[] = [];
  for (const module of fs.readdirSync(folder).sort()) {
    const dir = path.join(folder, module, 'sql');
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      definitions.push({ name: file.slice(0, -4), file: path.join(module, 'sql', file), sql, checksum: sha256(sql) });
    }
  }
  definitions.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const names = definitions.map((d) => d.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Error(`Two modules define ${twice}.sql: a function has one file, in the module that owns it.`);
  return definitions;
}

/**
 * The repeatable step after the versioned migrations (decision 019), like Flyway's repeatable
 * migrations: a definition is applied when it is new or its checksum changed, and every one is
 * applied again after versioned migrations ran (one may have dropped or replaced what a file
 * defines). Bodies are checked when called, not when created (check_function_bodies off, as
 * pg_dump restores), so the files need no order among themselves.
 */
export async function applyRepeatableDefinitions(
  client: pg.ClientBase,
  definitions: RepeatableDefinition[],
  options: { all: boolean },
): Promise<string[]> {
  await client.query(
    'CREATE TABLE IF NOT EXISTS drizzle.repeatable_definitions (name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const { rows } = await client.query<{ name: string; checksum: string }>(
    'SELECT name, checksum FROM drizzle.repeatable_definitions',
  );
  const applied = new Map(rows.map((r) => [r.name, r.checksum]));
  const due = definitions.filter((d) => options.all || applied.get(d.name) !== d.checksum);
  if (due.length > 0) await client.query('SET LOCAL check_function_bodies = off');
  for (const d of due) {
    try {
      await client.query(d.sql);
    } catch (error) {
      throw new Error(`Applying ${d.file} failed: ${(error as Error).message}`, { cause: error });
    }
    await client.query(
      `INSERT INTO drizzle.repeatable_definitions (name, checksum) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
      [d.name, d.checksum],
    );
  }
  const removed = [...applied.keys()].filter((name) => !definitions.some((d) => d.name === name));
  if (removed.length > 0)
    await client.query('DELETE FROM drizzle.repeatable_definitions WHERE name = ANY ($1)', [removed]);
  return due.map((d) => d.name);
}
