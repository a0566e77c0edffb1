import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * An organisation's sign-in policy (docs/product/security.md): whether every member needs a second
 * factor, and how long a session lasts without use. No row: the defaults (no requirement, 30 days).
 */
export const signInPolicies = pgTable('sign_in_policies', {
  npoId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => npos.id),
  requireTwoFactor: boolean().notNull().default(false),
  sessionLifetimeHours: integer().notNull().default(720),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every password and second-factor attempt, kept 90 days (docs/decisions/030-security-centre.md).
 * `reason` names a failure; an attempt on an unknown e-mail has no user and no organisation sees it.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    succeeded: boolean().notNull(),
    reason: text(),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_attempts_user_idx').on(t.userId, t.createdAt),
    index('sign_in_attempts_at_idx').on(t.createdAt),
  ],
);
