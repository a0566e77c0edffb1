import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { donations } from '../donations/donations.tables.ts';
import { donors } from '../donors/donors.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

// Payment requests (docs/decisions/050-payment-requests.md): a known payer asked for a known amount
// at /pay/{public_id}. What was paid is kept on the request (paid_minor), raised under the request
// row's lock when a payment is linked, so two payments at once cannot both count against it.

export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    /** The unguessable address /pay/{publicId}: 18 random bytes, base64url. */
    publicId: text().notNull(),
    donorId: bigint({ mode: 'number' }).references(() => donors.id, { onDelete: 'set null' }),
    payerFirstName: text().notNull().default(''),
    payerLastName: text().notNull().default(''),
    payerEmail: text().notNull(),
    /** 'fixed': this amount is asked; 'minimum': the payer chooses, at least this. */
    amountKind: text().notNull().default('fixed'),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    purpose: text().notNull(),
    description: text().notNull().default(''),
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    designationId: bigint({ mode: 'number' }),
    dueOn: date({ mode: 'string' }),
    expiresAt: timestamp({ withTimezone: true }),
    /** Staff's own reference (an invoice number): never shown to the payer. */
    reference: text().notNull().default(''),
    allowFeeCover: boolean().notNull().default(false),
    /** pay25c: equal monthly instalments; the first payment starts the recurring plan that charges the rest. */
    instalments: integer().notNull().default(1),
    paidMinor: bigint({ mode: 'number' }).notNull().default(0),
    paidAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    lastSentAt: timestamp({ withTimezone: true }),
    createdBy: bigint({ mode: 'number' }).references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_requests_public_id_uq').on(t.publicId),
    index('payment_requests_npo_idx').on(t.npoId, t.createdAt),
    check('payment_requests_kind_ck', sql`${t.amountKind} IN ('fixed', 'minimum')`),
    check('payment_requests_amount_ck', sql`${t.amountMinor} > 0 AND ${t.paidMinor} >= 0`),
    check('payment_requests_instalments_ck', sql`${t.instalments} BETWEEN 1 AND 24`),
  ],
);

/** The donations counted against a request: one row per donation, so a payment counts once. */
export const paymentRequestPayments = pgTable(
  'payment_request_payments',
  {
    donationId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => donations.id, { onDelete: 'cascade' }),
    requestId: bigint({ mode: 'number' })
      .notNull()
      .references(() => paymentRequests.id, { onDelete: 'cascade' }),
    /** The part counted against the request: the gift without the fee the payer covered. */
    amountMinor: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_request_payments_request_idx').on(t.requestId)],
);
