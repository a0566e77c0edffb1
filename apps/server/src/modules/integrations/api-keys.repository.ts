import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { users } from '../users/index.ts';
import { apiKeys } from './api-keys.tables.ts';

export type ApiKeyRow = {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  createdBy: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const listColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdBy: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

export const listKeys = (db: Tx, npoId: number): Promise<ApiKeyRow[]> =>
  db
    .select(listColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(eq(apiKeys.npoId, npoId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

export async function findKey(db: Tx, npoId: number, id: number): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(and(eq(apiKeys.npoId, npoId), eq(apiKeys.id, id)));
  return row ?? null;
}

export async function insertKey(
  db: Tx,
  values: { npoId: number; name: string; prefix: string; keyHash: string; scopes: string[]; createdByUserId: number },
): Promise<number> {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  if (!row) throw new Error('api key insert returned nothing');
  return row.id;
}

/** Revokes a live key of the organisation; false when there is none. */
export async function revokeKey(db: Tx, npoId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.npoId, npoId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** The live key with this hash and the user it acts as. */
export async function findLiveKeyByHash(db: Tx, keyHash: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      npoId: apiKeys.npoId,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row ?? null;
}

/** Stamps the last use, at most once a minute per key (as sessions are touched). */
export async function touchKey(db: Tx, id: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), sql`${apiKeys.lastUsedAt} < now() - interval '1 minute'`)),
    );
}
