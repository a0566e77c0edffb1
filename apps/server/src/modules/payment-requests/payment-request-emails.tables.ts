import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';
import { paymentRequests } from './payment-requests.tables.ts';

// The e-mails of payment requests (docs/decisions/055-payment-request-e-mails.md): the request e-mail
// (sent on create and by "Resend", as often as staff ask) and the reminders before and after the due
// day, each at most once per request: the partial unique index decides when two sweeps race.

export const paymentRequestEmails = pgTable(
  'payment_request_emails',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: bigint({ mode: 'number' })
      .notNull()
      .references(() => paymentRequests.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['request', 'reminder_before', 'reminder_after'] }).notNull(),
    recipient: text().notNull(),
    /** Who pressed send; null for reminders the sweep sent. */
    sentBy: bigint({ mode: 'number' }).references(() => users.id),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_request_emails_request_idx').on(t.requestId, t.sentAt),
    uniqueIndex('payment_request_emails_reminder_uq').on(t.requestId, t.kind).where(sql`${t.kind} <> 'request'`),
    check('payment_request_emails_kind_ck', sql`${t.kind} IN ('request', 'reminder_before', 'reminder_after')`),
  ],
);

/** An organisation's reminder settings; no row means the defaults (on, 3 days before, 7 after). */
export const paymentRequestSettings = pgTable(
  'payment_request_settings',
  {
    npoId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => npos.id),
    remindersEnabled: boolean().notNull().default(true),
    daysBefore: integer().notNull().default(3),
    daysAfter: integer().notNull().default(7),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'payment_request_settings_days_ck',
      sql`${t.daysBefore} BETWEEN 0 AND 90 AND ${t.daysAfter} BETWEEN 0 AND 90`,
    ),
  ],
);
