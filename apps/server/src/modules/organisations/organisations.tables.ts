import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

export const npos = pgTable('npos', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** The display name: the shell, the donation form and e-mails. */
  name: text().notNull(),
  slug: varchar({ length: 80 }).notNull().unique(),
  logoUrl: text(),
  baseCurrency: varchar({ length: 3 }).notNull().default('USD'),
  monthlyGoalMinor: bigint({ mode: 'number' }).notNull().default(0),
  fiscalYearStartMonth: integer().notNull().default(1),
  /**
   * IANA time zone the organisation's days, months and giving years are cut in (decision 027): a
   * day is `(created_at AT TIME ZONE time_zone)::date` in every figure.
   */
  timeZone: text().notNull().default('UTC'),
  /** BCP 47 locale its dates, amounts and numbers are written in (receipts, e-mails, exports, screens). */
  locale: text().notNull().default('en-US'),
  // The organisation profile (docs/product/organisation-profile.md): what receipts, statements and
  // the donation form print about the organisation.
  /** The registered name receipts carry; the display name stands in while it is empty. */
  legalName: text().notNull().default(''),
  addressLine1: text().notNull().default(''),
  addressLine2: text().notNull().default(''),
  city: text().notNull().default(''),
  region: text().notNull().default(''),
  postcode: text().notNull().default(''),
  /** ISO 3166-1 alpha-2, upper case; empty while not given. */
  country: varchar({ length: 2 }).notNull().default(''),
  /** US Employer Identification Number, written NN-NNNNNNN. */
  ein: text().notNull().default(''),
  /** Charity Commission (England and Wales) or OSCR (Scotland, SC…) or Northern Ireland (NIC…) number. */
  ukCharityNumber: text().notNull().default(''),
  /** HMRC charity reference used for Gift Aid claims. */
  hmrcReference: text().notNull().default(''),
  /** Any other registration or tax identifier, as the organisation writes it. */
  otherTaxIds: text().notNull().default(''),
  website: text().notNull().default(''),
  contactEmail: text().notNull().default(''),
  receiptSignatoryName: text().notNull().default(''),
  receiptSignatoryTitle: text().notNull().default(''),
  /** /uploads/… of the signature image printed on receipts. */
  receiptSignatureUrl: text(),
  receiptFooter: text().notNull().default(''),
  /** The Stripe account (acct_…) connected when the organisation was created through Stripe sign-in. */
  stripeAccountId: text(),
  /** When the Stripe account was connected from /admin/processors; null for one set at sign-up. */
  stripeConnectedAt: timestamp({ withTimezone: true }),
  /** Whether Stripe answered the connection in live mode (real money); null when unknown. */
  stripeLivemode: boolean(),
  /** The organisation's PayPal seller: merchant (payer) id and business e-mail, from /admin/processors. */
  paypalMerchantId: text(),
  paypalEmail: text(),
  paypalConnectedAt: timestamp({ withTimezone: true }),
  /** Methods donors may use (docs/product/payments.md#payment-methods); null: every method. */
  donationMethods: text().array(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  // console24: the platform console's hold on an organisation (docs/decisions/046-platform-console.md).
  /** active, suspended (no gifts taken, staff told why) or closed (no gifts, data kept). */
  status: text({ enum: ['active', 'suspended', 'closed'] })
    .notNull()
    .default('active'),
  /** The operator's reason for the current status, shown to the organisation's staff. */
  statusReason: text().notNull().default(''),
  /** When the platform operator checked the organisation (the console's verified badge). */
  verifiedAt: timestamp({ withTimezone: true }),
  /** The platform's fee on this organisation's gifts in basis points; null: the platform default. */
  platformFeeBps: integer(),
});

/** A user's role in one organisation: the role code decides what the user may reach there. */
export const memberships = pgTable(
  'memberships',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    roleCode: integer().notNull(),
    roleName: text().notNull(),
    /** Permissions granted beyond the role's defaults (docs/decisions/028-team-and-permissions.md). */
    permissions: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Permissions of the role's defaults this member does not have. */
    revokedPermissions: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** A suspended member keeps the row (and can be reinstated) but cannot sign in to the organisation. */
    suspendedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('memberships_npo_user_uq').on(t.npoId, t.userId), index('memberships_user_idx').on(t.userId)],
);
