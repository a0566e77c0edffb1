import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/platform/db/client.ts';
import { databaseUrlFor, startEmbeddedPostgres } from '../src/platform/db/embedded-postgres.ts';
import { runMigrations } from '../src/platform/db/migrate.ts';
import { seedDemo } from '../src/seed/demo-seed.ts';
import { testTotpKey } from './test-totp-key.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
    seededTemplateDatabase: string;
  }
}

/**
 * One PostgreSQL server per test run (embedded, or TEST_DATABASE_URL), a template database
 * migrated once, and a copy of it with the demo seeded once; each test file copies one of them
 * (see test/test-database.ts). Seeding once instead of per file saves seconds per file.
 */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  let tmpDir: string | null = null;
  if (!serverUrl) {
    tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kindling-test-pg-'));
    await fs.chmod(tmpDir, 0o755);
    const embedded = await startEmbeddedPostgres(path.join(tmpDir, 'pgdata'), { durable: false });
    serverUrl = embedded.url;
    stop = embedded.stop;
  }
  const template = `kindling_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const db = createDb(databaseUrlFor(serverUrl, template), { max: 1 });
  await runMigrations(db);
  await db.$client.end();
  const seeded = `${template}_seeded`;
  await admin.query(`DROP DATABASE IF EXISTS ${seeded}`);
  await admin.query(`CREATE DATABASE ${seeded} TEMPLATE ${template}`);
  const seededDb = createDb(databaseUrlFor(serverUrl, seeded), { max: 1 });
  await seedDemo(seededDb, testTotpKey());
  await seededDb.$client.end();

  project.provide('databaseServerUrl', serverUrl);
  project.provide('templateDatabase', template);
  project.provide('seededTemplateDatabase', seeded);

  return async () => {
    if (process.env.TEST_DATABASE_URL) {
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'kindling_t_${process.pid}_%'`,
      );
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${seeded} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    }
    await admin.end();
    await stop();
    if (tmpDir) await fs.rm(tmpDir, { recursive: true, force: true });
  };
}
