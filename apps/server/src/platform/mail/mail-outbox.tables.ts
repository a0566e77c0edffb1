import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../db/bytea.ts';

/**
 * Without SMTP_URL, every message the server sends is kept here, whichever instance sent it
 * (docs/decisions/024-restart-and-shared-storage.md): the offline outbox that tests and staff read.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** The To header as sent. */
    recipients: text().notNull(),
    subject: text().notNull(),
    /** The whole message as an .eml file holds it (RFC 5322, attachments included). */
    message: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
