import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { recurringPlans } from '../donations/plans.tables.ts';
import { donors } from '../donors/donors.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';

export const paymentAttemptStatuses = ['failed', 'requires_action', 'canceled'] as const;
export type PaymentAttemptStatus = (typeof paymentAttemptStatuses)[number];

/**
 * A payment that did not succeed (declined, abandoned at 3-D Secure, cancelled), with the
 * provider's reason. Succeeded payments are the donations themselves, so only these are stored.
 * The browser's confirmation and the provider's webhook can both report the same failure (the
 * webhook without the decline code): the unique index (provider, reference, status, message)
 * keeps one row per distinct outcome.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    provider: text().notNull(),
    providerReference: text(),
    campaignId: bigint({ mode: 'number' }).references(() => campaigns.id),
    donorId: bigint({ mode: 'number' }).references(() => donors.id),
    recurringPlanId: bigint({ mode: 'number' }).references(() => recurringPlans.id),
    email: text(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: varchar({ length: 3 }).notNull(),
    status: text({ enum: paymentAttemptStatuses }).notNull(),
    failureCode: text(),
    failureMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_attempts_npo_created_idx').on(t.npoId, t.createdAt),
    index('payment_attempts_plan_idx').on(t.recurringPlanId),
    uniqueIndex('payment_attempts_outcome_uq').on(
      t.provider,
      t.providerReference,
      t.status,
      sql`coalesce(${t.failureMessage}, '')`,
    ),
  ],
);
