import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { donations } from '../donations/donations.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';

// All-or-nothing pledges (docs/decisions/065-all-or-nothing-settlement.md). A pledge is 'saving' until the
// provider reports the backer's card saved, then 'pledged'; at the deadline the settlement claims it
// ('charging', with the time it did so) before asking the provider, and ends it 'charged' (with its donation),
// 'failed' (the backer is asked for another card) or 'released' (goal missed, nobody charged). notified_at is
// written in the same transaction as the backer's e-mail, so each backer is told once.
export const crowdfundingPledges = pgTable(
  'crowdfunding_pledges',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    /** The backer's unguessable handle on their pledge. */
    reference: text().notNull(),
    provider: text().notNull(),
    accountId: text(),
    setupId: text().notNull(),
    paymentMethodId: text(),
    customerId: text(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    email: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    status: text().notNull().default('saving'),
    chargingSince: timestamp({ withTimezone: true }),
    donationId: bigint({ mode: 'number' }).references(() => donations.id, { onDelete: 'set null' }),
    failureMessage: text(),
    notifiedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crowdfunding_pledges_reference_uq').on(t.reference),
    uniqueIndex('crowdfunding_pledges_setup_uq').on(t.provider, t.setupId),
    index('crowdfunding_pledges_campaign_idx').on(t.campaignId, t.status),
    check('crowdfunding_pledges_amount_ck', sql`${t.amountMinor} > 0`),
    check(
      'crowdfunding_pledges_status_ck',
      sql`${t.status} IN ('saving', 'pledged', 'charging', 'charged', 'failed', 'released')`,
    ),
  ],
);
