import { bigint, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Every refusal of a failure limiter (the platform's rate-limit hits), kept 90 days for the
 * console's security screen: which limiter, and a digest of its key (the same digest the counter
 * uses, never the address or e-mail itself), so repeats from one source group together.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    limiter: text().notNull(),
    keyDigest: varchar({ length: 64 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_created_idx').on(t.createdAt)],
);
