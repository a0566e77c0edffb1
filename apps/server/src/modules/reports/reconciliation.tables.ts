import {
  bigint,
  bigserial,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';

// The reconciliation report's copy of what providers report (docs/product/reports.md#reconciliation,
// decision 104), written only by its fetch job and the demo seed; read by the report.

/** A payout to the organisation's bank account, once per provider id. Money in the payout's currency. */
export const providerPayouts = pgTable(
  'provider_payouts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    payoutId: text().notNull(),
    arrivalDate: date({ mode: 'string' }).notNull(),
    status: text().notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: varchar({ length: 3 }).notNull(),
    fetchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_payouts_key_uq').on(t.npoId, t.provider, t.payoutId),
    index('provider_payouts_arrival_idx').on(t.npoId, t.arrivalDate),
  ],
);

/**
 * A balance transaction a payout paid out: `kind` is charge, refund, dispute, adjustment, fee or
 * other; `payment_reference` is the payment it belongs to (a Stripe PaymentIntent id), which a
 * gift's `provider_reference` matches. Gross, fee and net as the provider reports them (a refund's
 * gross is negative); the nets of a payout's lines add up to its amount.
 */
export const providerPayoutLines = pgTable(
  'provider_payout_lines',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    payoutRowId: bigint({ mode: 'number' })
      .notNull()
      .references(() => providerPayouts.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    transactionId: text().notNull(),
    kind: text().notNull(),
    providerType: text().notNull(),
    sourceId: text(),
    paymentReference: text(),
    description: text(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    grossMinor: bigint({ mode: 'number' }).notNull(),
    feeMinor: bigint({ mode: 'number' }).notNull(),
    netMinor: bigint({ mode: 'number' }).notNull(),
    currency: varchar({ length: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('provider_payout_lines_key_uq').on(t.npoId, t.provider, t.transactionId),
    index('provider_payout_lines_payout_idx').on(t.payoutRowId),
  ],
);

/** When each provider's payouts were last asked for, and whether a fetch waits or failed. */
export const reconciliationFetches = pgTable(
  'reconciliation_fetches',
  {
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    fetchedAt: timestamp({ withTimezone: true }),
    error: text(),
  },
  (t) => [primaryKey({ columns: [t.npoId, t.provider] })],
);
