import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { donors } from '../donors/donors.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * A call, meeting, letter or other contact that staff logged by hand. E-mails the product sends are
 * not copied here: the list reads them from what their senders already stamp (docs/decisions/047-communications-read-model.md).
 */
export const loggedCommunications = pgTable(
  'logged_communications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    // A contact deleted (one who never gave) takes their logged contacts along.
    donorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donors.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    direction: text().notNull().default('outbound'),
    subject: text().notNull(),
    body: text().notNull().default(''),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('logged_communications_npo_idx').on(t.npoId, t.occurredAt),
    index('logged_communications_donor_idx').on(t.donorId, t.occurredAt),
    check('logged_communications_kind_check', sql`${t.kind} IN ('call', 'meeting', 'letter', 'email', 'sms', 'other')`),
    check('logged_communications_direction_check', sql`${t.direction} IN ('outbound', 'inbound')`),
  ],
);

/** The organisation's communications guide for staff: ordered rich-text pages (sanitised on save). */
export const communicationGuidePages = pgTable(
  'communication_guide_pages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    slug: text().notNull(),
    title: text().notNull(),
    bodyHtml: text().notNull(),
    position: integer().notNull(),
    updatedBy: bigint({ mode: 'number' }).references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('communication_guide_pages_slug_uq').on(t.npoId, t.slug)],
);
