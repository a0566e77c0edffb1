import type { TWorkflowCondition, TWorkflowStep, TWorkflowTrigger } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { donors } from '../donors/donors.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { segments } from '../segments/segments.tables.ts';
import { users } from '../users/users.tables.ts';

/** A workflow: trigger → conditions → steps (docs/product/crm-workflow-automation.md). */
export const workflows = pgTable(
  'workflows',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    status: text().notNull().default('active'),
    recipe: text(),
    trigger: jsonb().$type<TWorkflowTrigger>().notNull(),
    conditions: jsonb().$type<TWorkflowCondition[]>().notNull().default(sql`'[]'::jsonb`),
    steps: jsonb().$type<TWorkflowStep[]>().notNull(),
    createdByUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workflows_npo_idx').on(t.npoId, t.status),
    check('workflows_status_check', sql`${t.status} IN ('active', 'paused')`),
  ],
);

/**
 * One step of one workflow for one contact and one trigger occurrence (decision 093): unique on the
 * four, so a trigger seen twice, a retried job or a second instance never adds a second run.
 * `emailed` marks an e-mail step claimed for sending: at most one per contact per step, ever.
 */
export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' }).notNull(),
    workflowId: bigint({ mode: 'number' })
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    donorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donors.id, { onDelete: 'cascade' }),
    triggerKey: text().notNull(),
    stepIndex: integer().notNull(),
    action: text().notNull(),
    status: text().notNull().default('scheduled'),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    dispatchedAt: timestamp({ withTimezone: true }),
    dispatches: integer().notNull().default(0),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    outcome: text().notNull().default(''),
    emailed: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workflow_runs_occurrence_uq').on(t.workflowId, t.donorId, t.triggerKey, t.stepIndex),
    uniqueIndex('workflow_runs_one_email_uq').on(t.workflowId, t.stepIndex, t.donorId).where(sql`${t.emailed}`),
    index('workflow_runs_due_idx').on(t.dueAt).where(sql`${t.status} = 'scheduled'`),
    index('workflow_runs_workflow_idx').on(t.workflowId, t.createdAt),
    check(
      'workflow_runs_status_check',
      sql`${t.status} IN ('scheduled', 'running', 'done', 'skipped', 'failed', 'interrupted')`,
    ),
  ],
);

/** Where the workflow relay stands in the platform's event outbox (one row, id 1). */
export const workflowCursor = pgTable('workflow_cursor', {
  id: smallint().primaryKey(),
  lastEventId: bigint({ mode: 'number' }).notNull().default(0),
  sweptAt: timestamp({ withTimezone: true }),
});

/** Outbox events past the cursor already handled: a late-committing event is still read once. */
export const workflowSeenEvents = pgTable('workflow_seen_events', {
  eventId: bigint({ mode: 'number' }).primaryKey(),
});

/**
 * The rule-based segments a workflow's "added to a segment" trigger watches (decision 098): the
 * first sweep of a segment takes its members as a baseline, so only later newcomers start a run.
 */
export const workflowSegmentWatches = pgTable('workflow_segment_watches', {
  segmentId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => segments.id, { onDelete: 'cascade' }),
  npoId: bigint({ mode: 'number' }).notNull(),
  baselineAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A watched rule-based segment's members as the last sweep found them. `added_at` is when the sweep
 * first saw the contact in it (null: already there at the baseline); one who leaves is deleted, so
 * coming back is a new addition with a new time, as with a list's members.
 */
export const workflowSegmentMembers = pgTable(
  'workflow_segment_members',
  {
    segmentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    donorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => donors.id, { onDelete: 'cascade' }),
    addedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.segmentId, t.donorId] })],
);
