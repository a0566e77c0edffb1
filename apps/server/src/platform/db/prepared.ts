// Hot statements as named prepared statements: PostgreSQL parses and plans a named statement once
// per connection (then reuses a generic plan) instead of on every call, which for a large
// multi-CTE statement costs more than executing it. A statement built with `sql.placeholder` for
// every per-call value is also turned into text once, not on every call.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Tx } from './tx.ts';

type BuiltQuery = { sql: string; params: unknown[] };

// Drizzle's own session and dialect (the ones db.execute uses), so rows come back converted the
// same way; only the statement name is added. These members are internal to Drizzle, hence the
// narrow structural type.
type Internals = {
  dialect: { sqlToQuery(query: SQL): BuiltQuery };
  session: {
    prepareQuery(
      query: BuiltQuery,
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(placeholders?: Record<string, unknown>): Promise<{ rows: Record<string, unknown>[] }> };
  };
};

const nameOf = (text: string) => `k_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;

async function run<T>(db: Tx, built: BuiltQuery & { name: string }, values?: Record<string, unknown>) {
  const { session } = db as unknown as Internals;
  const result = await session.prepareQuery(built, undefined, built.name, false).execute(values);
  return result.rows as T[];
}

/**
 * A statement whose per-call values are all `sql.placeholder(name)`s: `build` runs once (on first
 * use), and each call only fills the placeholders. A value written into the statement directly
 * would be frozen into it, so `build` must take nothing that varies between calls.
 */
export function preparedStatement<T extends Record<string, unknown>>(build: () => SQL) {
  let built: (BuiltQuery & { name: string }) | null = null;
  return (db: Tx, values: Record<string, unknown>): Promise<T[]> => {
    if (!built) {
      const query = (db as unknown as Internals).dialect.sqlToQuery(build());
      built = { ...query, name: nameOf(query.sql) };
    }
    return run<T>(db, built, values);
  };
}
