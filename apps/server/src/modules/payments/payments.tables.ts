import { bigint, index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';

/**
 * What a sandbox_payments row stands for: a card PaymentIntent, a wallet order, a vault setup
 * token, an off-session charge, or a card saved without a charge (card_setup, the donor portal).
 */
export const sandboxPaymentKinds = ['intent', 'order', 'setup_token', 'charge', 'card_setup'] as const;

/**
 * The sandbox provider's intents, orders and setup tokens (no Stripe or PayPal keys configured).
 * They live in our database so the offline product behaves like a provider's test mode.
 * Amounts are our integer minor units; the browser never sets them after creation.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    /** pi_sandbox_…, order_sandbox_…, vst_sandbox_… or ch_sandbox_…: the provider reference. */
    id: text().primaryKey(),
    kind: text({ enum: sandboxPaymentKinds }).notNull(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    /** The organisation's account at the provider as the caller named it (may be null offline). */
    accountId: text(),
    amountMinor: bigint({ mode: 'number' }),
    currency: varchar({ length: 3 }),
    interval: text().notNull().default('once'),
    /** Our internal status enum (requires_payment_method … failed); orders and tokens also use approved. */
    status: text().notNull(),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** SHA-256 of the client secret handed to the browser. */
    clientSecretDigest: text(),
    cardLast4: varchar({ length: 4 }),
    /** The payment method saved by this payment (recurring gifts, vault setup tokens). */
    paymentMethodId: text(),
    failureCode: text(),
    failureMessage: text(),
    returnUrl: text(),
    cancelUrl: text(),
    /** A request key from the caller: the same key returns the same object, like Idempotency-Key. */
    idempotencyKey: text().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_payments_npo_idx').on(t.npoId, t.createdAt)],
);

/**
 * Payment methods the sandbox saved for off-session charges. Never a card number: only the last
 * four digits, which select the test behaviour (…0002 keeps declining, like Stripe's test cards).
 */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  /** pm_sandbox_… (card) or vt_sandbox_… (PayPal vault payment token). */
  id: text().primaryKey(),
  npoId: bigint({ mode: 'number' })
    .notNull()
    .references(() => npos.id),
  type: text({ enum: ['card', 'paypal'] }).notNull(),
  cardLast4: varchar({ length: 4 }),
  cardExpMonth: bigint({ mode: 'number' }),
  cardExpYear: bigint({ mode: 'number' }),
  payerEmail: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
