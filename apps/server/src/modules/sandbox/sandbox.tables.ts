import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Authorization codes issued by the sandbox stand-in for Stripe's OAuth page (no Stripe keys
 * configured). A code is single use and short-lived, like Stripe's own.
 */
export const sandboxOauthCodes = pgTable(
  'sandbox_oauth_codes',
  {
    /** SHA-256 of the code handed to the browser. */
    codeDigest: text().primaryKey(),
    accountId: text().notNull(),
    email: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_oauth_codes_expires_idx').on(t.expiresAt)],
);
