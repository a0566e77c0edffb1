import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { donorNameSql } from '../donors/index.ts';

export type TaskRow = {
  id: number;
  title: string;
  description: string;
  due_on: string | null;
  assignee_user_id: number | null;
  assignee_name: string | null;
  contact_id: number | null;
  contact_name: string | null;
  deal_id: number | null;
  deal_title: string | null;
  donation_id: number | null;
  priority: string;
  status: string;
  completed_at: Date | string | null;
  created_at: Date | string;
};

export type TaskValues = {
  title: string;
  description: string;
  dueOn: string | null;
  assigneeUserId: number;
  contactId: number | null;
  dealId: number | null;
  donationId: number | null;
  priority: string;
  status: string;
};

/** A linked contact's name; none when the task has no contact. */
const personName = (alias: string) =>
  sql`CASE WHEN ${sql.raw(alias)}.id IS NULL THEN NULL ELSE ${donorNameSql(alias)} END`;

function taskSelect(where: SQL, tail: SQL = sql``) {
  return sql`
    SELECT t.id, t.title, t.description, t.due_on::text AS due_on, t.assignee_user_id, ${personName('u')} AS assignee_name,
      t.contact_id, ${personName('c')} AS contact_name, t.deal_id, d.title AS deal_title, t.donation_id,
      t.priority, t.status, t.completed_at, t.created_at
    FROM tasks t
    LEFT JOIN users u ON u.id = t.assignee_user_id
    LEFT JOIN donors c ON c.id = t.contact_id
    LEFT JOIN deals d ON d.id = t.deal_id
    WHERE ${where} ${tail}`;
}

export type TaskFilter = {
  npoId: number;
  /** The organisation's today: before it is overdue. */
  today: string;
  assignee?: number;
  overdue?: boolean;
  contactId?: number;
  dealId?: number;
  status: string;
};

export async function selectTasks(db: Db, f: TaskFilter) {
  const where = [sql`t.npo_id = ${f.npoId}`];
  if (f.assignee) where.push(sql`t.assignee_user_id = ${f.assignee}`);
  if (f.overdue) where.push(sql`t.due_on < ${f.today}::date AND t.status <> 'done'`);
  if (f.contactId) where.push(sql`t.contact_id = ${f.contactId}`);
  if (f.dealId) where.push(sql`t.deal_id = ${f.dealId}`);
  if (f.status === 'not_done') where.push(sql`t.status <> 'done'`);
  else if (f.status !== 'any') where.push(sql`t.status = ${f.status}`);
  const { rows } = await db.execute<TaskRow>(
    taskSelect(
      sql.join(where, sql` AND `),
      sql`ORDER BY t.due_on NULLS LAST, CASE t.priority WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END, t.id LIMIT 500`,
    ),
  );
  return rows;
}

export async function selectTask(db: Db | Tx, npoId: number, id: number) {
  const { rows } = await db.execute<TaskRow>(taskSelect(sql`t.npo_id = ${npoId} AND t.id = ${id}`));
  return rows[0] ?? null;
}

export async function insertTask(tx: Tx, npoId: number, createdBy: number, v: TaskValues): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO tasks (npo_id, title, description, due_on, assignee_user_id, contact_id, deal_id, donation_id,
      priority, status, completed_at, created_by_user_id)
    VALUES (${npoId}, ${v.title}, ${v.description}, ${v.dueOn}, ${v.assigneeUserId}, ${v.contactId}, ${v.dealId},
      ${v.donationId}, ${v.priority}, ${v.status}, ${v.status === 'done' ? sql`now()` : sql`NULL`}, ${createdBy})
    RETURNING id`);
  return Number(rows[0]?.id);
}

/** A new due day or assignee means a new reminder; done keeps the first completion time. */
export async function updateTask(tx: Tx, npoId: number, id: number, v: TaskValues): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    UPDATE tasks SET title = ${v.title}, description = ${v.description}, due_on = ${v.dueOn},
      assignee_user_id = ${v.assigneeUserId}, contact_id = ${v.contactId}, deal_id = ${v.dealId},
      donation_id = ${v.donationId}, priority = ${v.priority}, status = ${v.status},
      completed_at = CASE WHEN ${v.status} = 'done' THEN coalesce(completed_at, now()) ELSE NULL END,
      reminded_at = CASE WHEN due_on IS DISTINCT FROM ${v.dueOn}::date OR assignee_user_id IS DISTINCT FROM ${v.assigneeUserId}::bigint
        THEN NULL ELSE reminded_at END,
      updated_at = now()
    WHERE id = ${id} AND npo_id = ${npoId} RETURNING id`);
  return rows.length > 0;
}

export async function deleteTask(tx: Tx, npoId: number, id: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`DELETE FROM tasks WHERE id = ${id} AND npo_id = ${npoId} RETURNING id`);
  return rows.length > 0;
}

/** The references a task may carry, each null unless it is the organisation's. */
export async function selectReferences(
  tx: Tx,
  npoId: number,
  refs: { contactId: number | null; donationId: number | null },
) {
  const { rows } = await tx.execute<{
    contact: number | null;
    donation: number | null;
    donation_donor: number | null;
  }>(sql`
    SELECT (SELECT id FROM donors WHERE id = ${refs.contactId}::bigint AND npo_id = ${npoId}) AS contact,
      (SELECT id FROM donations WHERE id = ${refs.donationId}::bigint AND npo_id = ${npoId}) AS donation,
      (SELECT donor_id FROM donations WHERE id = ${refs.donationId}::bigint AND npo_id = ${npoId}) AS donation_donor`);
  const r = rows[0];
  return {
    contact: r?.contact == null ? null : Number(r.contact),
    donation: r?.donation == null ? null : Number(r.donation),
    donationDonor: r?.donation_donor == null ? null : Number(r.donation_donor),
  };
}
