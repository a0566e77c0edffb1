import type { TGivingInterval } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { campaignDesignations, campaigns } from '../campaigns/campaigns.tables.ts';
import { donors } from '../donors/donors.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { donations } from './donations.tables.ts';

// The rows of a recurring plan: owned here, beside the donations they link to both ways (a plan's
// first gift, a gift's plan), so the two tables never import each other across modules; the plans
// module schedules and charges them (docs/decisions/018-module-graph.md).

export type RecurringInterval = Exclude<TGivingInterval, 'once'>;

export const RECURRING_INTERVALS = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'] as const satisfies readonly [
  RecurringInterval,
  ...RecurringInterval[],
];

/**
 * active: charged when due. paused / cancelled: by staff or the donor (timestamps say when); a
 * plan cancelled because every retry failed is `cancelled` with failure_reason retries_exhausted.
 * past_due: the last charge failed and retries are scheduled (the scheduler's state).
 * failed: cannot be charged at all: `failure_reason` says why (no saved payment method).
 */
export const planStatuses = ['active', 'paused', 'past_due', 'cancelled', 'failed'] as const;
export type PlanStatus = (typeof planStatuses)[number];

/** Why a plan is failed; the scheduler may add its own (e.g. retries_exhausted). */
export const PLAN_FAILURE = {
  noPaymentMethod: 'no_saved_payment_method',
  /** Cancelled by the scheduler after the last retry of a period failed (churn "failed"). */
  retriesExhausted: 'retries_exhausted',
} as const;

/**
 * A recurring gift: what each charge takes and how, started by its first donation (exactly one
 * plan per first gift). Charges are ours to make (docs/product/recurring.md#scheduler): the scheduler picks plans
 * whose `next_charge_at` has passed, charges `payment_method_id` off-session with the idempotency
 * key `plan-<id>-<next_period>`, then moves `next_period` on and recomputes `next_charge_at` from
 * `anchor_at` (next-charge.ts), so a re-run can never charge one period twice.
 */
export const recurringPlans = pgTable(
  'recurring_plans',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    donorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donors.id),
    campaignId: bigint({ mode: 'number' }).references(() => campaigns.id),
    peerCampaignId: bigint({ mode: 'number' }).references(() => campaigns.id),
    /** What each charge takes, in minor units, the fee cover included. */
    amountMinor: bigint({ mode: 'number' }).notNull(),
    feeCoveredMinor: bigint({ mode: 'number' }).notNull().default(0),
    currency: varchar({ length: 3 }).notNull(),
    interval: text({ enum: RECURRING_INTERVALS }).notNull(),
    /** sandbox, stripe or paypal: the provider that holds the saved method. */
    provider: text().notNull(),
    /** The saved card (pm_…) or the PayPal vault payment token; null when nothing was saved. */
    paymentMethodId: text(),
    /** The provider's customer the method belongs to (Stripe cus_…, PayPal customer id). */
    customerId: text(),
    /**
     * The saved card as the provider described it when the method was saved or replaced (brand,
     * last four digits, expiry month 1-12 and four-digit year): what the card-expiring e-mail is
     * decided on. Null for a PayPal vault token (no expiry) or when the provider told us nothing.
     */
    cardBrand: text(),
    cardLast4: varchar({ length: 4 }),
    cardExpMonth: integer(),
    cardExpYear: integer(),
    /**
     * The saved method the card backfill (card-backfill.ts) last asked its provider about, whatever
     * it answered: a plan saved before cards were described is asked once per method, and a new
     * method (the donor's portal change) makes it a candidate again.
     */
    cardCheckedMethodId: text(),
    designationId: bigint({ mode: 'number' }).references(() => campaignDesignations.id, { onDelete: 'set null' }),
    status: text({ enum: planStatuses }).notNull().default('active'),
    failureReason: text(),
    /** The calendar anchor of every due date: the first gift's time unless the date was changed. */
    anchorAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * The period the anchor stands for (0 for the first gift). Changing the next date re-anchors
     * at the new date with anchor_period = next_period, so periods keep counting up and an
     * idempotency key plan-<id>-<period> is never reused.
     */
    anchorPeriod: integer().notNull().default(0),
    /** The period `next_charge_at` stands for (1 = the first charge after the first gift). */
    nextPeriod: integer().notNull().default(1),
    /** Null while the plan cannot be charged (failed, cancelled). */
    nextChargeAt: timestamp({ withTimezone: true }),
    /** Failed attempts for the current period (dunning). */
    failedAttempts: integer().notNull().default(0),
    /** The first failed attempt of the current period: retries are counted from it (dunning.ts). */
    pastDueSince: timestamp({ withTimezone: true }),
    lastChargedAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    pausedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** Null for a plan imported from another platform (recurring imports, decision 101). */
    firstDonationId: bigint({ mode: 'number' }).references((): AnyPgColumn => donations.id),
    /**
     * An imported plan's row key (provider, donor, method, amount, interval…): the same file
     * imported twice finds its plans and creates none (docs/product/imports.md#recurring-imports).
     */
    importKey: text(),
    /**
     * Base-currency minor units per charged minor unit, from the first gift (its base amount over
     * its amount): the rate the analysis counts the plan's monthly revenue at without reading the
     * gift. Set by a database trigger from first_donation_id (sql/recurring_plans_set_base_rate.sql).
     */
    baseRate: numeric({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recurring_plans_first_donation_uq').on(t.firstDonationId),
    uniqueIndex('recurring_plans_import_key_uq').on(t.npoId, t.importKey).where(sql`import_key IS NOT NULL`),
    index('recurring_plans_npo_status_idx').on(t.npoId, t.status, t.createdAt),
    index('recurring_plans_donor_idx').on(t.npoId, t.donorId),
    // The scheduler's query: due plans that can be charged.
    index('recurring_plans_due_idx').on(t.nextChargeAt).where(sql`status IN ('active', 'past_due')`),
    // The reminder sweep's expiring cards (plan-reminders.ts): cards ending before a month.
    index('recurring_plans_card_expiry_idx')
      .on(t.cardExpYear, t.cardExpMonth)
      .where(sql`status IN ('active', 'past_due') AND card_exp_year IS NOT NULL`),
  ],
);

export const vaultSetupStatuses = ['created', 'vaulted', 'completed', 'declined'] as const;

/**
 * A PayPal vault setup in progress (docs/product/payments.md#calls): create_setup_token keeps the donor's whole
 * choice here, keyed by the provider's setup token, because after the approval redirect only the
 * token comes back. create_payment_token adds the reusable payment token; save_paypal_payment_method
 * charges the first gift and records the donation (and so the plan). Short-lived: `expires_at`.
 */
export const vaultSetups = pgTable(
  'vault_setups',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    peerCampaignId: bigint({ mode: 'number' }).references(() => campaigns.id),
    provider: text().notNull(),
    /** The organisation's merchant id at the provider when the setup began. */
    accountId: text(),
    setupTokenId: text().notNull(),
    paymentTokenId: text(),
    customerId: text(),
    payerEmail: text(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    feeCoveredMinor: bigint({ mode: 'number' }).notNull().default(0),
    currency: varchar({ length: 3 }).notNull(),
    interval: text({ enum: RECURRING_INTERVALS }).notNull(),
    /** The donor's details and choices as the form sent them (checkout's DonorChoice). */
    choice: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text({ enum: vaultSetupStatuses }).notNull().default('created'),
    chargeId: text(),
    donationId: bigint({ mode: 'number' }).references((): AnyPgColumn => donations.id),
    failureMessage: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vault_setups_setup_token_uq').on(t.provider, t.setupTokenId),
    uniqueIndex('vault_setups_payment_token_uq').on(t.provider, t.paymentTokenId),
    index('vault_setups_npo_idx').on(t.npoId, t.createdAt),
  ],
);
