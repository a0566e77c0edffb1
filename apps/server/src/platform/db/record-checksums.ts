// npm run db:checksums -w apps/server: records the sha256 of every migration that has none yet
// (drizzle/checksums.json, decision 019). It never changes a recorded one: a committed migration is
// not edited, a new one is added instead.
import fs from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from './migrate.ts';
import { checkMigrationTexts, readChecksums, readJournal, sha256, writeChecksums } from './migration-checksums.ts';

const { edited } = checkMigrationTexts(migrationsFolder);
if (edited.length > 0) {
  console.error(
    `Not recording: ${edited.map((t) => `migration ${t}`).join(', ')} ${edited.length === 1 ? 'was' : 'were'} edited after ${edited.length === 1 ? 'it was' : 'they were'} committed. Restore the committed text and add a new migration instead. (A migration of yours that no branch has merged yet: delete its line from drizzle/checksums.json and run this again.)`,
  );
  process.exit(1);
}
const checksums = readChecksums(migrationsFolder);
const added: string[] = [];
for (const { tag } of readJournal(migrationsFolder)) {
  if (checksums.migrations[tag]) continue;
  checksums.migrations[tag] = sha256(fs.readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8'));
  added.push(tag);
}
writeChecksums(migrationsFolder, checksums);
console.log(added.length > 0 ? `Recorded ${added.join(', ')}.` : 'Every migration already has its checksum.');
