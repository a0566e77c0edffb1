import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { readChecksums, readJournal, sha256 } from './migration-checksums.ts';

type Log = (line: string) => void;

/**
 * Applies the journal's migrations this database has not run, in journal order, each with its
 * statements split on drizzle's breakpoints, and records them in drizzle.__drizzle_migrations as
 * drizzle's migrator does (same table, same hash), so databases it migrated carry on. Unlike it, a
 * migration is pending when no row has its journal time, not when its time is after the last row's:
 * a migration merged from a branch with an earlier time is applied, not silently skipped.
 * A migration the database ran with another text stops the start (decision 019).
 */
export async function applyVersionedMigrations(client: pg.ClientBase, folder: string, log: Log): Promise<string[]> {
  await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
  await client.query(
    'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  );
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    'SELECT hash, created_at FROM drizzle.__drizzle_migrations',
  );
  const ranAt = new Map(rows.map((r) => [Number(r.created_at), r.hash]));
  const ranHashes = new Set(rows.map((r) => r.hash));
  const { earlierTexts } = readChecksums(folder);
  const journal = readJournal(folder);
  const mismatches: string[] = [];
  const pending: { tag: string; when: number; text: string; hash: string }[] = [];
  for (const { tag, when } of journal) {
    const text = fs.readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
    const hash = sha256(text);
    const ran = ranAt.get(when);
    if (ran !== undefined) {
      if (ran !== hash && !earlierTexts[tag]?.includes(ran)) mismatches.push(mismatchLine(tag, when, ran, hash));
    } else if (!ranHashes.has(hash)) {
      // (A row with the same text under another time: the journal entry was re-timed at a merge.)
      pending.push({ tag, when, text, hash });
    }
  }
  if (mismatches.length > 0) {
    throw new Error(
      `This database ran ${mismatches.length === 1 ? 'a migration' : 'migrations'} with another text than this version has, so its schema may differ from a fresh one. Not starting.\n${mismatches.join('\n')}\nCompare the database with the migration's text; once it matches (or a new migration brings it level), record the current text with the UPDATE shown and start again (apps/server/drizzle/README.md).`,
    );
  }
  const known = new Set(journal.map((e) => e.when));
  const unknown = rows.filter((r) => !known.has(Number(r.created_at))).length;
  if (unknown > 0)
    log(`The database ran ${unknown} migration(s) this version does not have (a newer version ran here).`);
  const lastRan = Math.max(0, ...ranAt.keys());
  for (const m of pending) {
    if (m.when < lastRan) log(`Migration ${m.tag} is older than the database's last one: applying it now.`);
    for (const statement of m.text.split('--> statement-breakpoint')) await client.query(statement);
    await client.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [m.hash, m.when]);
  }
  return pending.map((m) => m.tag);
}

function mismatchLine(tag: string, when: number, ran: string, hash: string): string {
  return `  ${tag}: ran with sha256 ${ran}, this version's is ${hash}\n    UPDATE drizzle.__drizzle_migrations SET hash = '${hash}' WHERE created_at = ${when};`;
}
