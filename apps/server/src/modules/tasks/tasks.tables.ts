import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { deals } from '../deals/deals.tables.ts';
import { donations } from '../donations/donations.tables.ts';
import { donors } from '../donors/donors.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

/** A CRM task (docs/decisions/043-deals-and-tasks.md): a due day, an assignee, what it is about. */
export const tasks = pgTable(
  'tasks',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    title: text().notNull(),
    description: text().notNull().default(''),
    /** A day of the organisation's calendar (its time zone). */
    dueOn: date({ mode: 'string' }),
    assigneeUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    contactId: bigint({ mode: 'number' }).references(() => donors.id, { onDelete: 'cascade' }),
    dealId: bigint({ mode: 'number' }).references(() => deals.id, { onDelete: 'set null' }),
    donationId: bigint({ mode: 'number' }).references(() => donations.id, { onDelete: 'set null' }),
    priority: text().notNull().default('normal'),
    status: text().notNull().default('open'),
    completedAt: timestamp({ withTimezone: true }),
    /** When the assignee was told it fell due (once per due day: a new due day clears it). */
    remindedAt: timestamp({ withTimezone: true }),
    createdByUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tasks_npo_assignee_due_idx').on(t.npoId, t.assigneeUserId, t.dueOn).where(sql`${t.status} <> 'done'`),
    index('tasks_npo_due_idx').on(t.npoId, t.dueOn).where(sql`${t.status} <> 'done'`),
    index('tasks_contact_idx').on(t.contactId),
    index('tasks_deal_idx').on(t.dealId),
    check('tasks_priority_check', sql`${t.priority} IN ('low', 'normal', 'high')`),
    check('tasks_status_check', sql`${t.status} IN ('open', 'in_progress', 'done')`),
  ],
);

/** One morning digest per member per organisation day: the row is what makes a second run send nothing. */
export const taskDigests = pgTable(
  'task_digests',
  {
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.npoId, t.userId, t.day] })],
);
