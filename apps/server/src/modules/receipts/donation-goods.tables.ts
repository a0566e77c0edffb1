// What a donor received in return for a gift, for the receipt (see donation-goods.ts).
import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { donations } from '../donations/donations.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';

export const donationGoods = pgTable(
  'donation_goods',
  {
    donationId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => donations.id, { onDelete: 'cascade' }),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    description: text().notNull(),
    fairMarketValueMinor: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('donation_goods_fmv_ck', sql`${t.fairMarketValueMinor} >= 0`)],
);
