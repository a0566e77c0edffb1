import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Counters of rate-limiter-flexible's RateLimiterPostgres, shared by every server instance.
 * The column set is the one that library creates itself; we create it by migration instead.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar({ length: 255 }).primaryKey(),
  points: integer().notNull().default(0),
  /** Epoch milliseconds. */
  expire: bigint({ mode: 'number' }),
});
