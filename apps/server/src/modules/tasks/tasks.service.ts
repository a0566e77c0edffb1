import { TASK_MESSAGES, type TTask, type TTaskList, type ZTaskInput, type ZTaskListQuery } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { dayIn } from '../../platform/format/calendar.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { checkStaff, dealTitle } from '../deals/index.ts';
import {
  deleteTask,
  insertTask,
  selectReferences,
  selectTask,
  selectTasks,
  type TaskRow,
  type TaskValues,
  updateTask,
} from './tasks.repository.ts';

export type Actor = { userId: number; npoId: number; ip: string | null };
type TaskInput = z.output<typeof ZTaskInput>;

export const taskNotFound = () => new AppError('NOT_FOUND', TASK_MESSAGES.notFound);
const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

/** The organisation's calendar day now (its time zone). */
export async function organisationToday(db: Db | Tx, npoId: number, now = new Date()): Promise<string> {
  const { rows } = await db.execute<{ zone: string }>(sql`SELECT time_zone AS zone FROM npos WHERE id = ${npoId}`);
  return dayIn(now, rows[0]?.zone ?? 'UTC');
}

function taskOf(r: TaskRow, today: string): TTask {
  const named = (id: number | null, name: string | null) => (id == null ? null : { id: Number(id), name: name ?? '' });
  return {
    id: Number(r.id),
    title: r.title,
    description: r.description,
    due_on: r.due_on,
    overdue: r.status !== 'done' && r.due_on !== null && r.due_on < today,
    assignee: named(r.assignee_user_id, r.assignee_name),
    contact: named(r.contact_id, r.contact_name),
    deal: named(r.deal_id, r.deal_title),
    donation_id: r.donation_id == null ? null : Number(r.donation_id),
    priority: r.priority as TTask['priority'],
    status: r.status as TTask['status'],
    completed_at: iso(r.completed_at),
    created_at: new Date(r.created_at).toISOString(),
  };
}

export async function listTasks(db: Db, actor: Actor, q: z.output<typeof ZTaskListQuery>): Promise<TTaskList> {
  const today = await organisationToday(db, actor.npoId);
  const rows = await selectTasks(db, {
    npoId: actor.npoId,
    today,
    assignee: q.view === 'my' ? actor.userId : undefined,
    overdue: q.view === 'overdue',
    contactId: q.contact_id,
    dealId: q.deal_id,
    status: q.view === 'all' ? q.status : 'not_done',
  });
  return { tasks: rows.map((r) => taskOf(r, today)), today };
}

export async function getTask(db: Db | Tx, npoId: number, id: number): Promise<TTask> {
  const [row, today] = await Promise.all([selectTask(db, npoId, id), organisationToday(db, npoId)]);
  if (!row) throw taskNotFound();
  return taskOf(row, today);
}

/**
 * Assignee, contact, deal and gift checked against the organisation's. A task from a gift is
 * about the gift's donor unless it names a contact.
 */
async function valuesOf(tx: Tx, actor: Actor, input: TaskInput): Promise<TaskValues> {
  const assignee = input.assignee_user_id ?? actor.userId;
  await checkStaff(tx, actor.npoId, assignee, 'assignee_user_id', TASK_MESSAGES.assignee);
  const refs = await selectReferences(tx, actor.npoId, { contactId: input.contact_id, donationId: input.donation_id });
  const fail = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });
  if (input.contact_id !== null && refs.contact === null) throw fail('contact_id', TASK_MESSAGES.contactNotFound);
  if (input.donation_id !== null && refs.donation === null) throw fail('donation_id', TASK_MESSAGES.donationNotFound);
  if (input.deal_id !== null && (await dealTitle(tx, actor.npoId, input.deal_id)) === null)
    throw fail('deal_id', TASK_MESSAGES.dealNotFound);
  return {
    title: input.title,
    description: input.description,
    dueOn: input.due_on,
    assigneeUserId: assignee,
    contactId: input.contact_id ?? refs.donationDonor,
    dealId: input.deal_id,
    donationId: input.donation_id,
    priority: input.priority,
    status: input.status,
  };
}

const audit = (tx: Tx, actor: Actor, action: string, id: number, data: Record<string, unknown>) =>
  recordAudit(tx, {
    npoId: actor.npoId,
    actorUserId: actor.userId,
    action,
    targetType: 'task',
    targetId: id,
    data,
    ip: actor.ip,
  });

export async function createTask(db: Db, actor: Actor, input: TaskInput): Promise<number> {
  return db.transaction(async (tx) => {
    const values = await valuesOf(tx, actor, input);
    const id = await insertTask(tx, actor.npoId, actor.userId, values);
    await audit(tx, actor, 'task.created', id, { assignee_user_id: values.assigneeUserId, due_on: values.dueOn });
    return id;
  });
}

export async function changeTask(db: Db, actor: Actor, id: number, input: TaskInput): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await selectTask(tx, actor.npoId, id);
    if (!before) throw taskNotFound();
    const values = await valuesOf(tx, actor, input);
    if (!(await updateTask(tx, actor.npoId, id, values))) throw taskNotFound();
    await audit(tx, actor, 'task.updated', id, { before: { status: before.status, due_on: before.due_on } });
  });
}

export async function removeTask(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await selectTask(tx, actor.npoId, id);
    if (!before || !(await deleteTask(tx, actor.npoId, id))) throw taskNotFound();
    await audit(tx, actor, 'task.deleted', id, { title: before.title });
  });
}
