import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

export const emailTemplateKinds = [
  'receipt',
  'thank_you',
  'upcoming_charge',
  'failed_charge',
  'card_expiring',
  'plan_cancelled',
  // pay25: payment requests.
  'payment_request',
  'payment_request_reminder',
] as const;

/**
 * An organisation's edited e-mail template of one kind (campaign_id null), or a campaign's own
 * receipt template. A kind with no row uses the built-in default; resetting deletes the row.
 * `html` is stored sanitised, with its merge fields as written; `text` is the plain-text part
 * derived from it on save.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    campaignId: bigint({ mode: 'number' }).references(() => campaigns.id, { onDelete: 'cascade' }),
    kind: text({ enum: emailTemplateKinds }).notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    updatedByUserId: bigint({ mode: 'number' }).references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_templates_npo_kind_uq').on(t.npoId, t.kind).where(sql`${t.campaignId} IS NULL`),
    uniqueIndex('email_templates_campaign_kind_uq')
      .on(t.npoId, t.campaignId, t.kind)
      .where(sql`${t.campaignId} IS NOT NULL`),
    // Only the receipt has a per-campaign template.
    check('email_templates_campaign_receipt_only', sql`${t.campaignId} IS NULL OR ${t.kind} = 'receipt'`),
  ],
);
