import { bigint, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { donations } from '../donations/donations.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

/** failed: recorded, then the provider reported that it failed; its ledger row is reversed (decision 016). */
export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;

/**
 * One refund a staff member asked for. The row is claimed as `pending` (with the amount counted
 * against what is left) before the provider is called, so two refunds at once cannot together
 * exceed the gift; the staff member's idempotency key makes a retried request refund once. The
 * money itself moves in the ledger (a negative `refund` row) when the provider confirms; a
 * provider failure removes the claim and changes nothing else. A refund the provider reports as
 * failed afterwards is marked `failed` (when and why) and its ledger row reversed (decision 016).
 */
export const donationRefunds = pgTable(
  'donation_refunds',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    donationId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donations.id),
    idempotencyKey: text().notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: varchar({ length: 3 }).notNull(),
    status: text({ enum: refundStatuses }).notNull().default('pending'),
    providerRefundId: text(),
    reason: text(),
    createdByUserId: bigint({ mode: 'number' }).references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    /** When the provider reported that the recorded refund failed, and why (Stripe's failure_reason). */
    failedAt: timestamp({ withTimezone: true }),
    failureReason: text(),
  },
  (t) => [
    uniqueIndex('donation_refunds_key_uq').on(t.donationId, t.idempotencyKey),
    // One row per provider refund, whoever records it first (the staff refund or the provider's
    // webhook): the other finds it taken and records nothing (decision 016).
    uniqueIndex('donation_refunds_provider_refund_uq').on(t.donationId, t.providerRefundId),
    index('donation_refunds_npo_idx').on(t.npoId, t.createdAt),
  ],
);

export const disputeStatuses = ['open', 'won', 'lost'] as const;

/**
 * A dispute (chargeback) the provider reported for a gift. Opening one writes a negative
 * `dispute` ledger row (the provider withdraws the money then); winning it writes the matching
 * positive row, losing it writes nothing more (decision 016). One row per provider dispute id, so a
 * redelivered or concurrent event records once.
 */
export const donationDisputes = pgTable(
  'donation_disputes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    donationId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donations.id),
    provider: text().notNull(),
    providerDisputeId: text().notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: varchar({ length: 3 }).notNull(),
    reason: text(),
    status: text({ enum: disputeStatuses }).notNull().default('open'),
    openedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('donation_disputes_provider_uq').on(t.donationId, t.providerDisputeId),
    index('donation_disputes_npo_idx').on(t.npoId, t.openedAt),
  ],
);
