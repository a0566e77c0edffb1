import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { donations } from '../donations/donations.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

// Gift Aid claims (docs/product/reports.md#gift-aid-claims, decision 092).

/** One claim sent to HMRC: a period inside one accounting period, its reference and totals. */
export const giftAidClaims = pgTable(
  'gift_aid_claims',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    reference: text().notNull(),
    periodFrom: date({ mode: 'string' }).notNull(),
    periodTo: date({ mode: 'string' }).notNull(),
    giftCount: integer().notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    claimMinor: bigint({ mode: 'number' }).notNull(),
    createdBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when HMRC rejected the claim and staff undid it: its gifts can be claimed again. */
    undoneAt: timestamp({ withTimezone: true }),
    undoneBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    undoReason: text(),
  },
  (t) => [
    uniqueIndex('gift_aid_claims_reference_uq').on(t.npoId, t.reference),
    index('gift_aid_claims_npo_idx').on(t.npoId, t.createdAt),
  ],
);

/**
 * The gifts of a claim, with what the schedule said. A gift is in at most one claim not undone
 * (the partial unique index): two claims racing for one gift, one wins and the other is refused.
 */
export const giftAidClaimGifts = pgTable(
  'gift_aid_claim_gifts',
  {
    claimId: bigint({ mode: 'number' })
      .notNull()
      .references(() => giftAidClaims.id, { onDelete: 'cascade' }),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    donationId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donations.id),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    claimMinor: bigint({ mode: 'number' }).notNull(),
    undoneAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gift_aid_claim_gifts_claim_donation_uq').on(t.claimId, t.donationId),
    uniqueIndex('gift_aid_claim_gifts_active_uq').on(t.donationId).where(sql`${t.undoneAt} IS NULL`),
  ],
);
