import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/index.ts';

/**
 * An announcement the operator sent to every organisation's staff or a chosen set (docs/product/console.md#consolenotifications):
 * each organisation's staff got it as a notification (live) and by e-mail.
 */
export const consoleAnnouncements = pgTable(
  'console_announcements',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    message: text().notNull(),
    /** `all`: every organisation not closed; `chosen`: `npo_ids`. */
    audience: text({ enum: ['all', 'chosen'] }).notNull(),
    npoIds: bigint({ mode: 'number' }).array().notNull().default([]),
    organisations: integer().notNull().default(0),
    recipients: integer().notNull().default(0),
    emailsSent: integer().notNull().default(0),
    sentBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('console_announcements_created_idx').on(t.createdAt)],
);
