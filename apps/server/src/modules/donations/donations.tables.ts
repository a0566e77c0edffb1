import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { campaignDesignations, campaigns, givingIntervals } from '../campaigns/campaigns.tables.ts';
import { donors } from '../donors/donors.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';
import { recurringPlans } from './plans.tables.ts';

export const donationStatuses = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export const donationIntervals = givingIntervals;
export const ledgerKinds = ['gift', 'fee_covered', 'platform_fee', 'refund', 'dispute', 'payout'] as const;

/** A donor's answer to one custom question, with the question as it read when they answered. */
export type DonationAnswer = { question_id: number | null; question: string; answer: string };

/** In honour or in memory of someone, with an optional e-card (empty recipient e-mail: none). */
export type DonationTribute = {
  type: 'honour' | 'memory';
  honoree_name: string;
  recipient_name: string;
  recipient_email: string;
  message: string;
};

/**
 * One gift. Amounts are integer minor units; `amount_minor` is what the donor was charged (fees
 * covered included); the base-currency amount and rate make totals comparable. Never deleted:
 * refunds and disputes are states plus ledger rows.
 */
export const donations = pgTable(
  'donations',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    campaignId: bigint({ mode: 'number' }).references(() => campaigns.id),
    /** The fundraiser's page the gift came through, when it came through one. */
    peerCampaignId: bigint({ mode: 'number' }).references(() => campaigns.id),
    donorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donors.id),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    feeCoveredMinor: bigint({ mode: 'number' }).notNull().default(0),
    currency: varchar({ length: 3 }).notNull(),
    baseAmountMinor: bigint({ mode: 'number' }).notNull(),
    baseCurrency: varchar({ length: 3 }).notNull(),
    /** Major units of the base currency per major unit of `currency`. */
    fxRate: numeric({ precision: 18, scale: 8 }).notNull().default('1'),
    interval: text({ enum: donationIntervals }).notNull().default('once'),
    status: text({ enum: donationStatuses }).notNull().default('pending'),
    designationId: bigint({ mode: 'number' }).references(() => campaignDesignations.id, { onDelete: 'set null' }),
    designationName: text(),
    answers: jsonb().$type<DonationAnswer[]>().notNull().default(sql`'[]'::jsonb`),
    comment: text().notNull().default(''),
    giftAid: boolean().notNull().default(false),
    giftAidName: text(),
    giftAidAddress: text(),
    giftAidPostcode: text(),
    giftAidDeclaredOn: date({ mode: 'string' }),
    addToDonorWall: boolean().notNull().default(false),
    firstNameOnlyToDonorWall: boolean().notNull().default(false),
    showAmountOnDonorWall: boolean().notNull().default(false),
    showCommentOnDonorWall: boolean().notNull().default(false),
    createDonorAccount: boolean().notNull().default(false),
    /** card, paypal, bank account…, as the provider reported it. */
    paymentMethod: text(),
    provider: text(),
    /** The provider's intent or order id: unique per provider, which is what records a payment once. */
    providerReference: text(),
    /** What a refund names when it is not the reference: PayPal refunds a capture, not an order. */
    providerCaptureId: text(),
    receiptNumber: text(),
    /** When the receipt e-mail went out (set in the same transaction that sends it: one receipt per gift). */
    receiptSentAt: timestamp({ withTimezone: true }),
    /** When the donor account invitation (create_donor_account) went out: one per gift. */
    donorInvitedAt: timestamp({ withTimezone: true }),
    /** The recurring plan this gift started (set when the plan is created; later charges name it too). */
    recurringPlanId: bigint({ mode: 'number' }).references((): AnyPgColumn => recurringPlans.id),
    /** Who entered it by hand (dashboard donation-new); null for gifts through the form. */
    createdByUserId: bigint({ mode: 'number' }).references(() => users.id),
    refundedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // conv15: a tribute gift (docs/product/donation-form.md#conversion) and when its e-card went out (once).
    tribute: jsonb().$type<DonationTribute>(),
    tributeEcardSentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // An organisation's gifts by date: donations_npo_period_idx (npo_id, created_at, covering; migration
    // 0229 dropped donations_npo_created_idx, its twin without the covered columns; decision 109).
    index('donations_campaign_idx').on(t.campaignId, t.createdAt),
    // Only gifts with a fundraiser page or a plan: every reader names one (decision 109).
    index('donations_peer_campaign_idx').on(t.peerCampaignId).where(sql`${t.peerCampaignId} IS NOT NULL`),
    // Donor lookups use donations_donor_created_idx (donor_id, created_at; migration 0012).
    index('donations_recurring_plan_idx')
      .on(t.recurringPlanId, t.createdAt)
      .where(sql`${t.recurringPlanId} IS NOT NULL`),
    uniqueIndex('donations_provider_reference_uq').on(t.provider, t.providerReference),
    // PayPal's refund and dispute events name the capture, not the order (provider refunds, decision 016).
    index('donations_provider_capture_idx')
      .on(t.provider, t.providerCaptureId)
      .where(sql`${t.providerCaptureId} IS NOT NULL`),
    uniqueIndex('donations_npo_receipt_uq').on(t.npoId, t.receiptNumber),
  ],
);

/**
 * Append-only money movements (docs/product/payments.md#money). A donation writes a `gift` row (what the
 * organisation was given) and a `fee_covered` row (what the donor added for fees); a refund is a
 * new negative row, never an edit. Reports and receipts add these up.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    donationId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donations.id),
    kind: text({ enum: ledgerKinds }).notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: varchar({ length: 3 }).notNull(),
    baseAmountMinor: bigint({ mode: 'number' }).notNull(),
    baseCurrency: varchar({ length: 3 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_npo_idx').on(t.npoId, t.createdAt),
    index('ledger_entries_donation_idx').on(t.donationId),
  ],
);

/**
 * Exchange rates: one major unit of `from_currency` is worth `rate` major units of `to_currency`
 * from `as_of`. Rows without an organisation are the platform defaults (seeded by migration);
 * an organisation's own row wins over them.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' }).references(() => npos.id),
    fromCurrency: varchar({ length: 3 }).notNull(),
    toCurrency: varchar({ length: 3 }).notNull(),
    rate: numeric({ precision: 18, scale: 8 }).notNull(),
    asOf: date({ mode: 'string' }).notNull(),
    /** manual: an organisation's rate for a period; ecb: fetched daily; default: the platform's seed. */
    source: text({ enum: ['manual', 'ecb', 'default'] })
      .notNull()
      .default('manual'),
    /** The last day a manual rate applies; null: until a newer rate. */
    validTo: date({ mode: 'string' }),
    createdBy: bigint({ mode: 'number' }).references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exchange_rates_pair_idx').on(t.fromCurrency, t.toCurrency, t.asOf),
    index('exchange_rates_npo_idx').on(t.npoId, t.fromCurrency, t.asOf),
  ],
);
