// Hot statements as named prepared statements: PostgreSQL parses and plans a named statement once
// per connection (then reuses a generic plan) instead of on every call, which for a large
// multi-CTE statement costs more than executing it.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

// Drizzle's own session and dialect (the ones db.execute uses), so rows come back converted the
// same way; only the statement name is added. These members are internal to Drizzle, hence the
// narrow structural type.
type Internals = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(): Promise<{ rows: Record<string, unknown>[] }> };
  };
};

/**
 * Runs `query` as a named prepared statement. The name is derived from the statement's text, so
 * each distinct shape is prepared once per pooled connection and parameters vary freely.
 */
export async function executePrepared<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const internals = db as unknown as Internals;
  const built = internals.dialect.sqlToQuery(query);
  const name = `k_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 20)}`;
  const result = await internals.session.prepareQuery(built, undefined, name, false).execute();
  return result.rows as T[];
}
