import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * A user's recent questions to the assistant in one organisation (docs/product/insights.md#assistant):
 * the newest 20 are kept, the panel shows 10.
 */
export const aiUserQueries = pgTable(
  'ai_user_queries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text().notNull(),
    queriedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_user_queries_owner_idx').on(t.npoId, t.userId, t.queriedAt)],
);
