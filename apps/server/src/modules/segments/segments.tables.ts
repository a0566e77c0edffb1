import type { TSegmentGroup } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { donors } from '../donors/donors.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * A saved group of contacts (docs/decisions/042-segments-compile-to-one-query.md). A dynamic segment
 * keeps its rules and is evaluated each time it is read, so it never holds a stale member; a static
 * list keeps its members in segment_members.
 */
export const segments = pgTable(
  'segments',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    name: text().notNull(),
    description: text().notNull().default(''),
    kind: text().notNull().default('dynamic'),
    /** ZSegmentGroup, as validated when saved; null for a static list. */
    rules: jsonb().$type<TSegmentGroup>(),
    createdByUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('segments_npo_name_uq').on(t.npoId, sql`lower(${t.name})`),
    check('segments_kind_check', sql`${t.kind} IN ('dynamic', 'static')`),
  ],
);

/** The hand-picked members of a static list. */
export const segmentMembers = pgTable(
  'segment_members',
  {
    segmentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    donorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donors.id, { onDelete: 'cascade' }),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.segmentId, t.donorId] }), index('segment_members_donor_idx').on(t.donorId)],
);
