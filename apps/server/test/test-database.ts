import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '../src/platform/db/client.ts';
import { databaseUrlFor } from '../src/platform/db/embedded-postgres.ts';

/**
 * A fresh copy of the migrated template database, for one test file (or an empty database).
 * `seeded` copies the template with the demo already seeded (test/global-setup.ts): the demo's
 * relative dates then count from the start of the run, not of the file.
 */
export async function createTestDatabase(
  options: { empty?: boolean; seeded?: boolean; poolMax?: number } = {},
): Promise<{ db: Db; url: string; drop: () => Promise<void> }> {
  const serverUrl = inject('databaseServerUrl');
  const template = inject('templateDatabase');
  const source = options.seeded ? inject('seededTemplateDatabase') : template;
  const name = `kindling_t_${template.split('_').at(-1)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${options.empty ? '' : ` TEMPLATE ${source}`}`);
  const url = databaseUrlFor(serverUrl, name);
  const db = createDb(url, { max: options.poolMax ?? 5 });
  return {
    db,
    url,
    drop: async () => {
      await db.$client.end();
      // pool.end() resolves before the sockets close; a FORCE drop would then kill a closing
      // connection, whose error surfaces as an uncaught exception. Wait for them to go.
      for (let i = 0; i < 50; i++) {
        const { rows } = await admin.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (!rows[0]?.n) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
