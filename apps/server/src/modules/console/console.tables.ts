import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

/**
 * The installation's own settings, edited on /console/settings (docs/decisions/046-platform-console.md):
 * one row, created by the migration.
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: smallint().primaryKey().default(1),
    name: text().notNull().default('Kindling'),
    /** The fee on gifts of organisations without their own, in basis points. */
    defaultPlatformFeeBps: integer().notNull().default(0),
    /** Whether anyone may create an organisation by signing up; off: only from the console. */
    selfServiceSignUp: boolean().notNull().default(true),
    /** Shown to every signed-in user while not empty. */
    maintenanceBanner: text().notNull().default(''),
    /** The currency the console's money figures are converted into. */
    reportingCurrency: varchar({ length: 3 }).notNull().default('USD'),
    updatedBy: bigint({ mode: 'number' }).references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last UTC day the console's roll-up closed (decision 054); null before its first run. */
    figuresThrough: date({ mode: 'string' }),
    // k24: the platform's logo and a new organisation's starting settings (decision 083).
    /** /uploads/platform/… shown beside the platform's name in every shell and in its e-mails; null: Kindling's. */
    logoUrl: text(),
    defaultBaseCurrency: varchar({ length: 3 }).notNull().default('USD'),
    defaultTimeZone: text().notNull().default('UTC'),
    defaultLocale: text().notNull().default('en-US'),
    defaultFiscalYearStartMonth: integer().notNull().default(1),
    defaultReceiptFooter: text().notNull().default(''),
  },
  (t) => [
    check('platform_settings_one_row', sql`${t.id} = 1`),
    check('platform_settings_default_month', sql`${t.defaultFiscalYearStartMonth} BETWEEN 1 AND 12`),
  ],
);
