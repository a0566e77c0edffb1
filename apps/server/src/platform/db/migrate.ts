import path from 'node:path';
import { serverRoot } from '../server-root.ts';
import type { Db } from './client.ts';
import { applyRepeatableDefinitions, readRepeatableDefinitions } from './repeatable-definitions.ts';
import { applyVersionedMigrations } from './versioned-migrations.ts';

export const migrationsFolder = path.join(serverRoot, 'drizzle');

export type MigrationRun = { migrations: string[]; definitions: string[] };

/**
 * Brings the database up to this version in one transaction (decision 019): the versioned
 * migrations of drizzle/, then the repeatable definitions of the functions and triggers
 * (modules/<module>/sql/). An advisory lock lets one of several starting instances migrate while
 * the others wait, then find nothing to do.
 */
export async function runMigrations(
  db: Db,
  options: { folder?: string; definitions?: boolean; log?: (line: string) => void } = {},
): Promise<MigrationRun> {
  const log = options.log ?? (() => {});
  const client = await db.$client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(7000, 0)');
    const migrations = await applyVersionedMigrations(client, options.folder ?? migrationsFolder, log);
    const definitions =
      options.definitions === false
        ? []
        : await applyRepeatableDefinitions(client, readRepeatableDefinitions(), { all: migrations.length > 0 });
    await client.query('COMMIT');
    if (migrations.length > 0) log(`Applied ${migrations.length} migration(s), the last ${migrations.at(-1)}.`);
    if (definitions.length > 0) log(`Applied ${definitions.length} function and trigger definition(s).`);
    return { migrations, definitions };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
