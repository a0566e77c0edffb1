import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';

/**
 * The `state` of a Connect with Stripe round trip, bound to the session and the organisation that
 * started it: the callback accepts a state only from the same session, once, within minutes.
 */
export const stripeConnectStates = pgTable(
  'stripe_connect_states',
  {
    /** SHA-256 of the state handed to Stripe. */
    stateDigest: text().primaryKey(),
    /** The session row id (SHA-256 of the session cookie). */
    sessionId: text().notNull(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    userId: bigint({ mode: 'number' }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stripe_connect_states_expires_idx').on(t.expiresAt)],
);
