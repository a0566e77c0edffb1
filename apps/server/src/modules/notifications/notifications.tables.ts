import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

/** What the notification is about; `link` is an in-app path the dropdown points to. */
export type NotificationMetadata = { created_at: string; link?: string } & Record<string, unknown>;

/** One event worth telling an organisation's staff about (a donation, a failed charge, …). */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 64 }).notNull(),
    title: text().notNull(),
    message: text().notNull(),
    metadata: jsonb().$type<NotificationMetadata>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_npo_created_idx').on(t.npoId, t.createdAt)],
);

/** Who receives a notification, with that person's own read and dismissed state. */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    notificationId: bigint({ mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    /** users.id of the staff member (called npo_user_id on the wire). */
    npoUserId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Copied from the notification so a user's list per organisation needs no join to filter. */
    npoId: bigint({ mode: 'number' }).notNull(),
    readAt: timestamp({ withTimezone: true }),
    dismissedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_recipients_notification_user_uq').on(t.notificationId, t.npoUserId),
    // The bell's list and unread count: one user's visible rows in one organisation, newest first.
    index('notification_recipients_user_visible_idx')
      .on(t.npoUserId, t.npoId, t.createdAt)
      .where(sql`${t.dismissedAt} IS NULL`),
  ],
);
