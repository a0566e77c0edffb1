import { sql } from 'drizzle-orm';
import { bigint, check, date, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { donations } from '../donations/donations.tables.ts';
import { donors } from '../donors/donors.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Several contacts sharing an address and a name to write to ("The Smith Family"). Members point at
 * it (contact_details.household_id); its giving is its members' giving (docs/decisions/039-contacts-are-donors.md).
 */
export const households = pgTable(
  'households',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    name: text().notNull(),
    salutation: text().notNull().default(''),
    address: text().notNull().default(''),
    address2: text().notNull().default(''),
    city: text().notNull().default(''),
    state: text().notNull().default(''),
    postalCode: text().notNull().default(''),
    country: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('households_npo_idx').on(t.npoId, t.id)],
);

/**
 * What the CRM knows of a contact beyond its donors row (same id: one record, decision 039). A donor
 * without a row is an individual with nothing more recorded. Extra e-mails, phones and addresses are
 * small lists read and written with the record, so they are JSON here rather than tables of their own;
 * the primary e-mail and address stay on donors, where gifts and receipts read them.
 */
export const contactDetails = pgTable(
  'contact_details',
  {
    donorId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => donors.id, { onDelete: 'cascade' }),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    contactType: text().notNull().default('individual'),
    dateOfBirth: date({ mode: 'string' }),
    employer: text().notNull().default(''),
    source: text().notNull().default(''),
    ownerUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    householdId: bigint({ mode: 'number' }).references(() => households.id, { onDelete: 'set null' }),
    tags: text().array().notNull().default(sql`'{}'`),
    /** [{ email, label }]: addresses besides donors.email, the primary one. */
    emails: jsonb().notNull().default(sql`'[]'::jsonb`),
    /** [{ number, label, primary }]. */
    phones: jsonb().notNull().default(sql`'[]'::jsonb`),
    /** [{ label, address, address2, city, state, postal_code, country }] besides the primary one on donors. */
    addresses: jsonb().notNull().default(sql`'[]'::jsonb`),
    /** { email|post|phone|sms: { opted_out_at, source } } for each channel the contact opted out of. */
    communication: jsonb().notNull().default(sql`'{}'::jsonb`),
    /** { "<contact_fields.id>": value } checked against the field's type when written. */
    customFields: jsonb().notNull().default(sql`'{}'::jsonb`),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_details_npo_type_idx').on(t.npoId, t.contactType),
    index('contact_details_npo_owner_idx').on(t.npoId, t.ownerUserId),
    index('contact_details_household_idx').on(t.householdId),
    index('contact_details_tags_idx').using('gin', t.tags),
    index('contact_details_custom_idx').using('gin', sql`${t.customFields} jsonb_path_ops`),
    check(
      'contact_details_type_check',
      sql`${t.contactType} IN ('individual', 'prospect', 'volunteer', 'board_member', 'company', 'foundation')`,
    ),
  ],
);

/** One row per relationship, read from both sides: `kind` names it from `from`'s side (RELATIONSHIP_KINDS). */
export const contactRelationships = pgTable(
  'contact_relationships',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    fromDonorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donors.id, { onDelete: 'cascade' }),
    toDonorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donors.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_relationships_pair_uq').on(t.fromDonorId, t.toDonorId, t.kind),
    index('contact_relationships_to_idx').on(t.toDonorId),
    check('contact_relationships_not_self', sql`${t.fromDonorId} <> ${t.toDonorId}`),
  ],
);

/** A field the organisation adds to its contacts. */
export const contactFields = pgTable(
  'contact_fields',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    label: text().notNull(),
    fieldType: text().notNull(),
    options: text().array().notNull().default(sql`'{}'`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_fields_label_uq').on(t.npoId, sql`lower(${t.label})`),
    check('contact_fields_type_check', sql`${t.fieldType} IN ('text', 'number', 'date', 'choice', 'yes_no')`),
  ],
);

/** A saved list view: columns, filters and sort. Shared with the organisation when owner_user_id is null. */
export const contactViews = pgTable(
  'contact_views',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    ownerUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    config: jsonb().notNull(),
    createdByUserId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_views_npo_idx').on(t.npoId, t.ownerUserId)],
);

/**
 * crm20: soft credits (docs/product/crm.md#soft-credits-and-tributes). A gift credited to a contact
 * besides its donor: a spouse, a company's match. Kept apart from donor_giving, so no total counts a
 * gift twice; a household adds a soft-credited gift only when no member gave it.
 */
export const donationSoftCredits = pgTable(
  'donation_soft_credits',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    donationId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    donorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donors.id, { onDelete: 'cascade' }),
    kind: text().notNull().default('soft_credit'),
    createdByUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('donation_soft_credits_gift_contact_uq').on(t.donationId, t.donorId),
    index('donation_soft_credits_donor_idx').on(t.donorId),
    check('donation_soft_credits_kind_ck', sql`${t.kind} IN ('soft_credit', 'matching_gift')`),
  ],
);
