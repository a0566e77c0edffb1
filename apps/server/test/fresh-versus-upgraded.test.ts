import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/platform/db/client.ts';
import { migrationsFolder, runMigrations } from '../src/platform/db/migrate.ts';
import { type JournalEntry, readJournal } from '../src/platform/db/migration-checksums.ts';
import { readRepeatableDefinitions } from '../src/platform/db/repeatable-definitions.ts';
import { schemaDifferences, schemaSnapshot } from './schema-snapshot.ts';
import { createTestDatabase } from './test-database.ts';

// The first release of the schema: migrations 0000–0044 as first committed. Five were edited after
// their commit; their first texts are kept in this fixture (from `git log --diff-filter=A`), the
// others never changed (drizzle/checksums.json holds both, decision 019).
const firstReleaseTexts = path.join(import.meta.dirname, 'fixtures', 'first-release-migrations');
const firstReleaseLast = 44;

function firstReleaseFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindling-first-release-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const entries = readJournal(migrationsFolder).filter((e) => e.idx <= firstReleaseLast);
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ entries }));
  for (const { tag } of entries) {
    const first = path.join(firstReleaseTexts, `${tag}.sql`);
    fs.copyFileSync(
      fs.existsSync(first) ? first : path.join(migrationsFolder, `${tag}.sql`),
      path.join(dir, `${tag}.sql`),
    );
  }
  return dir;
}

async function snapshotOf(db: Db) {
  const client = await db.$client.connect();
  try {
    return await schemaSnapshot(client);
  } finally {
    client.release();
  }
}

describe('fresh and upgraded databases', () => {
  // The fresh database: the template every test file copies is an empty database migrated by
  // runMigrations (test/global-setup.ts).
  let fresh: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    fresh = await createTestDatabase();
  });
  afterAll(async () => {
    await fresh.drop();
  });

  it('a database created at the first release and migrated ends with the schema of a fresh one', async () => {
    const upgraded = await createTestDatabase({ empty: true });
    const folder = firstReleaseFolder();
    try {
      await runMigrations(upgraded.db, { folder, definitions: false });
      const freshSchema = await snapshotOf(fresh.db);
      // The first release really differs (the returning donors' rows as dates, older function bodies).
      expect(schemaDifferences(freshSchema, await snapshotOf(upgraded.db)).join('\n')).toContain(
        'giving_day_returns.prev_gaps',
      );
      const run = await runMigrations(upgraded.db);
      expect(run.migrations[0]).toBe('0045_giving_day_returns_first_text');
      expect(schemaDifferences(freshSchema, await snapshotOf(upgraded.db))).toEqual([]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
      await upgraded.drop();
    }
  });

  it('every function and trigger the migrations leave has its one file in the module that owns it', async () => {
    const definitions = readRepeatableDefinitions();
    const schema = await snapshotOf(fresh.db);
    const functions = [...schema.keys()]
      .filter((k) => k.startsWith('function '))
      .map((k) => k.slice(9, k.indexOf('(')));
    const files = new Set(definitions.map((d) => d.name));
    expect(functions.filter((f) => !files.has(f)).map((f) => `${f} has no file modules/<module>/sql/${f}.sql`)).toEqual(
      [],
    );
    for (const [key, def] of schema) {
      if (!key.startsWith('trigger ')) continue;
      const [, name, fn] = def.match(/^CREATE TRIGGER (\w+) .* EXECUTE FUNCTION (\w+)\(/) ?? [];
      const file = definitions.find((d) => d.name === fn);
      expect(file?.sql, `${key} is created in ${fn}.sql`).toContain(`CREATE TRIGGER ${name} `);
    }
  });
});

describe('the migration runner', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('skips the definitions already applied and applies one whose file changed', async () => {
    expect(await runMigrations(database.db)).toEqual({ migrations: [], definitions: [] });
    await database.db.$client.query(
      "UPDATE drizzle.repeatable_definitions SET checksum = 'an older text' WHERE name = 'giving_year_start'",
    );
    expect(await runMigrations(database.db)).toEqual({ migrations: [], definitions: ['giving_year_start'] });
  });

  it('applies a migration merged with an earlier time than the last one applied', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindling-merged-'));
    try {
      fs.cpSync(migrationsFolder, dir, { recursive: true });
      const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8'));
      const before = journal.entries.at(-1);
      // Earlier than the last applied, but a time no other migration has (times identify them).
      const taken = new Set(journal.entries.map((e: { when: number }) => e.when));
      let when = before.when - 1;
      while (taken.has(when)) when -= 1;
      journal.entries.push({ ...before, idx: before.idx + 1, when, tag: '9999_merged_late' });
      fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
      fs.writeFileSync(path.join(dir, '9999_merged_late.sql'), 'CREATE TABLE merged_late (id integer);');
      const run = await runMigrations(database.db, { folder: dir });
      expect(run.migrations).toEqual(['9999_merged_late']);
      const { rows } = await database.db.$client.query("SELECT to_regclass('merged_late') AS t");
      expect(rows[0].t).toBe('merged_late');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not start on a database that ran another text of a migration, and says how to repair it', async () => {
    const { when, tag } = readJournal(migrationsFolder)[3] as JournalEntry;
    await database.db.$client.query('UPDATE drizzle.__drizzle_migrations SET hash = $1 WHERE created_at = $2', [
      'f'.repeat(64),
      when,
    ]);
    await expect(runMigrations(database.db)).rejects.toThrow(
      new RegExp(
        `${tag}: ran with sha256 f{64}, this version's is [0-9a-f]{64}\\n.*UPDATE drizzle.__drizzle_migrations`,
      ),
    );
  });
});
