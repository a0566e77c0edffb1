import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { donors } from '../donors/donors.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { emailTemplateKinds } from './email-templates.tables.ts';

/**
 * One donor e-mail that is due at most once (the upcoming charge of a plan's period, the
 * card-expiring notice of one card expiry, the thank-you of one gift), claimed by inserting its
 * row: the unique (npo_id, kind, notice_key) makes two sweeps, two instances or a job run twice
 * claim it once. `sent_at` is stamped by the job that sent it; `skipped_reason` says why a claimed
 * notice was not sent after all (the plan was paused before the job ran…).
 */
export const emailNotices = pgTable(
  'email_notices',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    kind: text({ enum: emailTemplateKinds }).notNull(),
    /** What the notice is about, e.g. plan-12-period-3, plan-12-card-pm_…-2031-03, donation-40. */
    noticeKey: text().notNull(),
    donorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donors.id),
    sentAt: timestamp({ withTimezone: true }),
    skippedReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_notices_key_uq').on(t.npoId, t.kind, t.noticeKey),
    index('email_notices_donor_idx').on(t.npoId, t.donorId),
    index('email_notices_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} IS NULL AND ${t.skippedReason} IS NULL`),
  ],
);
