import { bigint, index, numeric, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { donors } from '../donors/donors.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';

export const donationStatuses = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export const donationIntervals = ['once', 'weekly', 'monthly', 'quarterly', 'yearly'] as const;

/** One gift. Amounts are integer minor units; the base-currency amount makes totals comparable. */
export const donations = pgTable(
  'donations',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    campaignId: bigint({ mode: 'number' }).references(() => campaigns.id),
    donorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donors.id),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: varchar({ length: 3 }).notNull(),
    baseAmountMinor: bigint({ mode: 'number' }).notNull(),
    baseCurrency: varchar({ length: 3 }).notNull(),
    fxRate: numeric({ precision: 18, scale: 8 }).notNull().default('1'),
    interval: text({ enum: donationIntervals }).notNull().default('once'),
    status: text({ enum: donationStatuses }).notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('donations_npo_created_idx').on(t.npoId, t.createdAt),
    index('donations_campaign_idx').on(t.campaignId),
    index('donations_donor_idx').on(t.donorId),
  ],
);
