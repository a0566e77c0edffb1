import { bigint, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';

export const campaignStatuses = ['draft', 'active', 'ended'] as const;

/** The core of a campaign; the donation-flow issue adds the form configuration. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    name: text().notNull(),
    campaignUrl: varchar({ length: 120 }).notNull().unique(),
    status: text({ enum: campaignStatuses }).notNull().default('draft'),
    goalMinor: bigint({ mode: 'number' }),
    currency: varchar({ length: 3 }).notNull().default('USD'),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaigns_npo_idx').on(t.npoId, t.status)],
);
