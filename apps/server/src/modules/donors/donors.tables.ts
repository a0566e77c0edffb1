import { sql } from 'drizzle-orm';
import { bigint, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';

/**
 * A person who gave to an organisation, or any contact staff added (docs/decisions/039-contacts-are-donors.md);
 * one row per e-mail (case-insensitive) per organisation. A contact without an e-mail has ''.
 */
export const donors = pgTable(
  'donors',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    email: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    address: text().notNull().default(''),
    address2: text().notNull().default(''),
    city: text().notNull().default(''),
    state: text().notNull().default(''),
    postalCode: text().notNull().default(''),
    country: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('donors_npo_email_uq').on(t.npoId, sql`lower(${t.email})`).where(sql`${t.email} <> ''`)],
);
