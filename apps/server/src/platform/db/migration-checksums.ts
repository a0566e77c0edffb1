import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The recorded checksums of the committed migrations (drizzle/checksums.json, decision 019): a
 * committed migration never changes, so its sha256 (the hash drizzle's migrator also records in
 * drizzle.__drizzle_migrations) is written down once, by `npm run db:checksums -w apps/server`.
 */
export type MigrationChecksums = {
  /** tag (file name without .sql) → sha256 of its committed text. */
  migrations: Record<string, string>;
  /**
   * tag → sha256 of texts a migration had before it was edited, back when edits happened. A
   * database that ran such a text is accepted; the migrations after it bring it level.
   */
  earlierTexts: Record<string, string[]>;
};

export type JournalEntry = { idx: number; when: number; tag: string };

export const checksumsFileName = 'checksums.json';

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function readJournal(folder: string): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

export function readChecksums(folder: string): MigrationChecksums {
  const file = path.join(folder, checksumsFileName);
  if (!fs.existsSync(file)) return { migrations: {}, earlierTexts: {} };
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<MigrationChecksums>;
  return { migrations: parsed.migrations ?? {}, earlierTexts: parsed.earlierTexts ?? {} };
}

export function writeChecksums(folder: string, checksums: MigrationChecksums): void {
  const body = {
    $comment:
      'sha256 of each committed migration, recorded once by `npm run db:checksums -w apps/server`. Never edit a committed migration: add a new one (README.md in this folder).',
    migrations: checksums.migrations,
    earlierTexts: checksums.earlierTexts,
  };
  // Short arrays on one line, as the formatter (biome) writes them.
  const text = JSON.stringify(body, null, 2).replace(/^( *)(.*)\[\n([^[\]]*?)\n *\]/gm, (all, indent, key, items) => {
    const line = `${indent}${key}[${items.trim().split(/,\n */).join(', ')}]`;
    return line.length <= 120 ? line : all;
  });
  fs.writeFileSync(path.join(folder, checksumsFileName), `${text}\n`);
}

/** Migrations whose text differs from the recorded checksum, and those with none recorded. */
export function checkMigrationTexts(folder: string): { edited: string[]; unrecorded: string[] } {
  const recorded = readChecksums(folder).migrations;
  const edited: string[] = [];
  const unrecorded: string[] = [];
  for (const { tag } of readJournal(folder)) {
    const hash = sha256(fs.readFileSync(path.join(folder, `${tag}.sql`), 'utf8'));
    if (!recorded[tag]) unrecorded.push(tag);
    else if (recorded[tag] !== hash) edited.push(tag);
  }
  return { edited, unrecorded };
}
