import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { donations } from '../donations/donations.tables.ts';
import { recurringPlans } from '../donations/plans.tables.ts';
import { donors } from '../donors/donors.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

// Memberships (docs/decisions/049-memberships.md). A tier's places are counted on
// membership_tiers.taken, raised by a conditional UPDATE only while room is left (as event seats):
// the row lock orders parallel joins, so the last place is given once. The table is named
// supporter_memberships because `memberships` holds staff members of organisations.

export const membershipTiers = pgTable(
  'membership_tiers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    benefits: jsonb().$type<string[]>().notNull().default([]),
    billing: text().notNull(),
    priceMinor: bigint({ mode: 'number' }).notNull(),
    termMonths: integer(),
    fairMarketValueMinor: bigint({ mode: 'number' }).notNull().default(0),
    capacity: integer(),
    /** Memberships holding a place: active, in grace, or awaiting payment. */
    taken: integer().notNull().default(0),
    householdSize: integer().notNull().default(1),
    position: integer().notNull().default(0),
    /** A tier with members is retired from the editor rather than deleted. */
    archived: boolean().notNull().default(false),
  },
  (t) => [
    index('membership_tiers_campaign_idx').on(t.campaignId, t.position),
    check('membership_tiers_billing_ck', sql`${t.billing} IN ('monthly', 'yearly', 'fixed_term')`),
    check('membership_tiers_taken_ck', sql`${t.taken} >= 0 AND (${t.capacity} IS NULL OR ${t.taken} <= ${t.capacity})`),
  ],
);

export const supporterMemberships = pgTable(
  'supporter_memberships',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    tierId: bigint({ mode: 'number' })
      .notNull()
      .references(() => membershipTiers.id),
    /** Unguessable: travels in the payment's metadata and names the confirmation. */
    reference: text().notNull(),
    status: text().notNull().default('pending'),
    renewal: text().notNull().default('manual'),
    donorId: bigint({ mode: 'number' }).references(() => donors.id, { onDelete: 'set null' }),
    planId: bigint({ mode: 'number' }).references(() => recurringPlans.id, { onDelete: 'set null' }),
    currency: text().notNull(),
    priceMinor: bigint({ mode: 'number' }).notNull(),
    fairMarketValueMinor: bigint({ mode: 'number' }).notNull().default(0),
    joinedAt: timestamp({ withTimezone: true }),
    periodStart: timestamp({ withTimezone: true }),
    periodEnd: timestamp({ withTimezone: true }),
    /** A pending join's place is given back after this. */
    holdUntil: timestamp({ withTimezone: true }),
    /** A tier change the organisation set to take effect at the next renewal. */
    nextTierId: bigint({ mode: 'number' }).references((): AnyPgColumn => membershipTiers.id),
    /** The names members search by, kept beside the rows for one index. */
    searchText: text().notNull().default(''),
    /** The member card's QR code, read by the events' check-in (docs/decisions/064-member-cards.md). */
    cardCode: text().notNull().default(sql`('member:' || replace(gen_random_uuid()::text, '-', ''))`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('supporter_memberships_reference_uq').on(t.reference),
    uniqueIndex('supporter_memberships_card_code_uq').on(t.cardCode),
    index('supporter_memberships_npo_status_idx').on(t.npoId, t.status, t.periodEnd),
    index('supporter_memberships_tier_idx').on(t.tierId),
    index('supporter_memberships_donor_idx').on(t.donorId),
    // mem19c: the members list's order and the sweep's batches (migration 0142; its name search's
    // trigram index is in the migration only).
    // m19: migration 0182 replaced it with the same order INCLUDE (status), declared there only.
    index('supporter_memberships_npo_tier_status_idx').on(t.npoId, t.tierId, t.status, t.periodEnd, t.id),
    index('supporter_memberships_sweep_idx').on(t.status, t.periodEnd).where(sql`${t.renewal} = 'manual'`),
    check(
      'supporter_memberships_status_ck',
      sql`${t.status} IN ('pending', 'active', 'in_grace', 'lapsed', 'cancelled')`,
    ),
    check('supporter_memberships_renewal_ck', sql`${t.renewal} IN ('automatic', 'manual')`),
  ],
);

export const membershipMembers = pgTable(
  'membership_members',
  {
    membershipId: bigint({ mode: 'number' })
      .notNull()
      .references(() => supporterMemberships.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
    email: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.position] })],
);

export const membershipPayments = pgTable(
  'membership_payments',
  {
    membershipId: bigint({ mode: 'number' })
      .notNull()
      .references(() => supporterMemberships.id, { onDelete: 'cascade' }),
    donationId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.membershipId, t.donationId] }),
    uniqueIndex('membership_payments_donation_uq').on(t.donationId),
  ],
);

export const membershipHistory = pgTable(
  'membership_history',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    membershipId: bigint({ mode: 'number' })
      .notNull()
      .references(() => supporterMemberships.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    kind: text().notNull(),
    detail: text().notNull().default(''),
    actorUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('membership_history_membership_idx').on(t.membershipId, t.at)],
);

export const membershipSettings = pgTable('membership_settings', {
  npoId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => npos.id, { onDelete: 'cascade' }),
  graceDays: integer().notNull().default(30),
});

/**
 * The renewal reminders sent (docs/decisions/049-memberships.md): one row per membership, expiry and
 * lead (30, 7 or 0 days). Inserting the row claims the e-mail, so two sweeps or two instances send
 * it once; a renewed membership has a new expiry and so gets its own reminders.
 */
export const membershipReminders = pgTable(
  'membership_reminders',
  {
    membershipId: bigint({ mode: 'number' })
      .notNull()
      .references(() => supporterMemberships.id, { onDelete: 'cascade' }),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    leadDays: integer().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.periodEnd, t.leadDays] })],
);
