import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './migrate.ts';
import { checkMigrationTexts, type JournalEntry, readChecksums, readJournal, sha256 } from './migration-checksums.ts';

const record = 'Record a new one with `npm run db:checksums -w apps/server`.';

describe('committed migrations', () => {
  it('are unchanged since their checksum was recorded, and every one has a checksum', () => {
    const { edited, unrecorded } = checkMigrationTexts(migrationsFolder);
    expect(
      edited.map((tag) => `migration ${tag} was edited after it was committed: add a new migration instead.`),
    ).toEqual([]);
    expect(unrecorded.map((tag) => `migration ${tag} has no recorded checksum. ${record}`)).toEqual([]);
  });

  it('each have their own time in the journal: the database knows an applied migration by it', () => {
    const byWhen = new Map<number, string[]>();
    for (const e of readJournal(migrationsFolder)) byWhen.set(e.when, [...(byWhen.get(e.when) ?? []), e.tag]);
    const shared = [...byWhen.values()].filter((tags) => tags.length > 1);
    expect(shared.map((tags) => `migrations ${tags.join(', ')} share one "when" in meta/_journal.json`)).toEqual([]);
  });

  it('change no function or trigger after the first release: those change in their modules/<module>/sql file', () => {
    const defining = readJournal(migrationsFolder)
      .filter((e) => e.idx > 44)
      .filter((e) =>
        /CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)\s+(?!pg_temp\.)/i.test(
          fs.readFileSync(path.join(migrationsFolder, `${e.tag}.sql`), 'utf8'),
        ),
      );
    expect(
      defining.map((e) => `migration ${e.tag} defines a function or trigger: edit its file in modules/<module>/sql`),
    ).toEqual([]);
  });

  it('tell an edited migration and an unrecorded one apart', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindling-checksums-'));
    try {
      fs.cpSync(migrationsFolder, dir, { recursive: true });
      const [first, second] = readJournal(dir) as [JournalEntry, JournalEntry];
      fs.appendFileSync(path.join(dir, `${first.tag}.sql`), '\n-- one more line\n');
      const checksums = JSON.parse(fs.readFileSync(path.join(dir, 'checksums.json'), 'utf8'));
      delete checksums.migrations[second.tag];
      fs.writeFileSync(path.join(dir, 'checksums.json'), JSON.stringify(checksums));
      expect(checkMigrationTexts(dir)).toEqual({ edited: [first.tag], unrecorded: [second.tag] });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keep the first texts of the migrations edited before they were immutable, as recorded', () => {
    const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures/first-release-migrations');
    const { earlierTexts } = readChecksums(migrationsFolder);
    const kept = Object.fromEntries(
      fs.readdirSync(fixtures).map((f) => [f.slice(0, -4), [sha256(fs.readFileSync(path.join(fixtures, f), 'utf8'))]]),
    );
    expect(kept).toEqual(earlierTexts);
  });
});
