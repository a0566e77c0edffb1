import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { donors } from '../donors/donors.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { segments } from '../segments/segments.tables.ts';
import { users } from '../users/users.tables.ts';

/** An organisation's marketing settings; no row: the defaults. */
export const marketingSettings = pgTable('marketing_settings', {
  npoId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => npos.id),
  trackOpens: boolean().notNull().default(true),
  trackClicks: boolean().notNull().default(true),
  /** E-mails a minute the organisation's sends may go out at, all its campaigns together. */
  throttlePerMinute: integer().notNull().default(600),
  /** Gifts within this many days of the e-mail count as its attributed revenue. */
  attributionDays: integer().notNull().default(30),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A campaign e-mail (docs/decisions/075-email-marketing-sends.md). While sending, one sender at a
 * time holds its lease (`sender_token` until `lease_until`); another takes over only once it lapsed.
 */
export const marketingEmails = pgTable(
  'marketing_emails',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    name: text().notNull(),
    subject: text().notNull(),
    preheader: text().notNull().default(''),
    fromName: text().notNull(),
    replyTo: text().notNull().default(''),
    html: text().notNull(),
    text: text().notNull(),
    segmentId: bigint({ mode: 'number' }).references(() => segments.id, { onDelete: 'set null' }),
    /** The segment's name when the send began, kept if it is renamed or deleted. */
    segmentName: text(),
    /** The body's link addresses in order: a click link names its index, never an address. */
    links: text().array().notNull().default(sql`'{}'`),
    status: text().notNull().default('draft'),
    scheduledAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    senderToken: uuid(),
    leaseUntil: timestamp({ withTimezone: true }),
    createdByUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('marketing_emails_npo_idx').on(t.npoId, sql`${t.createdAt} DESC`),
    index('marketing_emails_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    index('marketing_emails_sending_idx').on(t.leaseUntil).where(sql`${t.status} = 'sending'`),
    check('marketing_emails_status_check', sql`${t.status} IN ('draft', 'scheduled', 'sending', 'sent', 'cancelled')`),
  ],
);

/** One recipient of one e-mail: claimed, sent and marked once (decision 075). */
export const marketingRecipients = pgTable(
  'marketing_recipients',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    emailId: bigint({ mode: 'number' })
      .notNull()
      .references(() => marketingEmails.id, { onDelete: 'cascade' }),
    npoId: bigint({ mode: 'number' }).notNull(),
    donorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donors.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    /** The secret of this recipient's unsubscribe, open and click links. */
    token: uuid().notNull().default(sql`gen_random_uuid()`),
    status: text().notNull().default('queued'),
    claimedBy: uuid(),
    claimedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    bouncedAt: timestamp({ withTimezone: true }),
    openedAt: timestamp({ withTimezone: true }),
    clickedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    error: text(),
  },
  (t) => [
    uniqueIndex('marketing_recipients_email_donor_uq').on(t.emailId, t.donorId),
    uniqueIndex('marketing_recipients_token_uq').on(t.token),
    index('marketing_recipients_queued_idx').on(t.emailId, t.id).where(sql`${t.status} = 'queued'`),
    index('marketing_recipients_throttle_idx').on(t.npoId, t.sentAt).where(sql`${t.sentAt} IS NOT NULL`),
    index('marketing_recipients_donor_idx').on(t.donorId),
    check(
      'marketing_recipients_status_check',
      sql`${t.status} IN ('queued', 'sending', 'sent', 'bounced', 'failed', 'skipped', 'interrupted')`,
    ),
  ],
);

/** Addresses the organisation never e-mails again (a hard bounce), lower-cased. */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    email: text().notNull(),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.npoId, t.email] })],
);

/**
 * The unsubscribe link of an automated e-mail that is not a campaign's (a workflow step's, decision
 * 098): the same page and one-click POST as a campaign recipient's token, recording the same opt-out.
 */
export const emailUnsubscribeLinks = pgTable(
  'email_unsubscribe_links',
  {
    token: uuid().primaryKey().default(sql`gen_random_uuid()`),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    donorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donors.id, { onDelete: 'cascade' }),
    /** The e-mail's subject, named on the unsubscribe page. */
    subject: text().notNull(),
    /** What the opt-out records as its source, e.g. `Unsubscribe link in the workflow “Welcome series”`. */
    source: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('email_unsubscribe_links_donor_idx').on(t.donorId)],
);
