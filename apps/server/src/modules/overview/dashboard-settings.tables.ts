import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/index.ts';
import { users } from '../users/index.ts';

/**
 * What one user's home dashboard shows in one organisation (docs/product/overview.md#dashboard-settings).
 * No row: the defaults (everything, twelve months).
 */
export const dashboardSettings = pgTable(
  'dashboard_settings',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    cards: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    charts: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    periodMonths: integer().notNull().default(12),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.npoId] }), index('dashboard_settings_npo_idx').on(t.npoId)],
);
