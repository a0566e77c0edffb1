import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

// bigint ids and money columns come back as JS numbers: they stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export function createDb(url: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  return drizzle(pool, { schema, casing: 'snake_case' }) as Db;
}

/**
 * A pool whose every transaction is read-only (a read replica, or the primary for reports only):
 * a write through it fails instead of landing on a replica (decision 077).
 */
export function createReadDb(url: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 5,
    application_name: 'kindling-reports',
    options: '-c default_transaction_read_only=on',
  });
  return drizzle(pool, { schema, casing: 'snake_case' }) as Db;
}
