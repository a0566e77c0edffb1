import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';
import { donors } from './donors.tables.ts';

/**
 * Each donor's giving, summed: what the donors list sorts and filters by (200,000 donors with a
 * million gifts must list in well under 100 ms, which summing the gifts per request cannot do).
 * Never written by application code: database triggers (this module's sql/ folder)
 * recompute a donor's row from the donations and ledger whenever a gift is recorded, changes
 * status or donor (merges), or a refund or dispute row is added, so it cannot drift from them.
 * Every donor has a row (a trigger adds it when the donor is inserted). A gift is a donation with status 'succeeded'; the lifetime total is succeeded and refunded
 * donations' base amounts plus their (negative) refund and dispute ledger rows.
 */
export const donorGiving = pgTable(
  'donor_giving',
  {
    donorId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => donors.id, { onDelete: 'cascade' }),
    // No foreign key to npos (migration 0228, decision 108): a rollup of the donations, written in bulk.
    npoId: bigint({ mode: 'number' }).notNull(),
    giftCount: integer().notNull().default(0),
    /** Gifts with an interval other than 'once': account_details counts donors with one. */
    recurringGiftCount: integer().notNull().default(0),
    lifetimeBaseMinor: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * Net giving in the giving year (the organisation's calendar or fiscal year) of the last gift:
     * for a LYBUNT donor, last year's giving (migration 'last_year_giving').
     */
    lastGiftYearMinor: bigint({ mode: 'number' }).notNull().default(0),
    firstGiftAt: timestamp({ withTimezone: true }),
    lastGiftAt: timestamp({ withTimezone: true }),
  },
  // One index per sort of the donors list, in its order (read backwards for the other direction);
  // the last-gift one also answers the LYBUNT and SYBUNT filters, which are ranges of last_gift_at.
  (t) => [
    index('donor_giving_npo_last_idx').on(t.npoId, t.lastGiftAt.desc().nullsLast(), t.donorId.desc()),
    index('donor_giving_npo_first_idx').on(t.npoId, t.firstGiftAt.desc().nullsLast(), t.donorId.desc()),
    index('donor_giving_npo_total_idx').on(t.npoId, t.lifetimeBaseMinor.desc(), t.donorId.desc()),
    index('donor_giving_npo_count_idx').on(t.npoId, t.giftCount.desc(), t.donorId.desc()),
    index('donor_giving_npo_recurring_idx').on(t.npoId).where(sql`${t.recurringGiftCount} > 0`),
  ],
);

/**
 * Where a merged donor went: the removed donor's id and e-mail, and the donor that kept their
 * records. Signed portal links and donor accounts name the removed donor (by id or e-mail); this is
 * how they still reach the kept one (`findMergedInto` in index.ts). The audit entry of the merge
 * holds the removed donor's whole profile and the moved row ids.
 */
export const donorMerges = pgTable(
  'donor_merges',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    mergedDonorId: bigint({ mode: 'number' }).notNull(),
    mergedEmail: text().notNull(),
    keptDonorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donors.id, { onDelete: 'cascade' }),
    mergedByUserId: bigint({ mode: 'number' }).references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('donor_merges_merged_uq').on(t.mergedDonorId),
    index('donor_merges_email_idx').on(t.npoId, sql`lower(${t.mergedEmail})`),
    index('donor_merges_kept_idx').on(t.keptDonorId),
  ],
);
