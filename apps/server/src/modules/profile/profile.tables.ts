import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

/**
 * A requested change of a person's e-mail address (docs/product/profile.md#e-mail-address): the
 * change happens only when the link sent to the new address is opened, once, before it expires.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    /** SHA-256 of the link's token: the database never holds the value the link carries. */
    id: text().primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /** A later request of the same person replaced this one; its link no longer works. */
    replacedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);
