import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * An organisation's API keys (docs/decisions/069-api-keys-and-webhooks.md). Only the SHA-256 of the
 * key is kept: the key itself is shown once, when created. A key acts as the admin who created it,
 * narrowed to its scopes.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    name: text().notNull(),
    /** The first characters of the key, shown in lists so people can tell their keys apart. */
    prefix: text().notNull(),
    keyHash: text().notNull(),
    scopes: text().array().notNull(),
    createdByUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_uq').on(t.keyHash),
    index('api_keys_npo_idx').on(t.npoId, sql`${t.createdAt} DESC`),
  ],
);
