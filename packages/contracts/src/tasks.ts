import { z } from 'zod';
import { profileText as text } from './donors.ts';

/**
 * CRM tasks (docs/product/crm.md#tasks): things a member of staff must do, with a due day, an
 * assignee and optionally the contact, deal or gift they are about.
 */

export const TASK_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TTaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_STATUSES = ['open', 'in_progress', 'done'] as const;
export type TTaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PRIORITY_LABELS: Record<TTaskPriority, string> = { low: 'Low', normal: 'Normal', high: 'High' };
export const TASK_STATUS_LABELS: Record<TTaskStatus, string> = {
  open: 'To do',
  in_progress: 'In progress',
  done: 'Done',
};
/** my: assigned to me and not done; overdue: not done and due before today (the organisation's day). */
export const TASK_VIEWS = ['my', 'overdue', 'all'] as const;

export const TASK_MESSAGES = {
  notFound: 'Task not found.',
  title: 'Give the task a title.',
  assignee: 'Choose a member of your team.',
  contactNotFound: 'Choose a contact of your organisation.',
  dealNotFound: 'Choose a deal of your organisation.',
  donationNotFound: 'Choose a gift of your organisation.',
  date: 'Use a date as YYYY-MM-DD.',
} as const;

const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, TASK_MESSAGES.date)
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      message: TASK_MESSAGES.date,
    },
  );
const ZRef = z.number().int().positive().nullable().default(null);

export const ZTaskInput = z.object({
  title: text(200).min(1, TASK_MESSAGES.title),
  description: text(4000).default(''),
  due_on: ZDay.nullable().default(null),
  /** The creator when left out. */
  assignee_user_id: z.number().int().positive().optional(),
  contact_id: ZRef,
  deal_id: ZRef,
  donation_id: ZRef,
  priority: z.enum(TASK_PRIORITIES, { error: 'Choose low, normal or high.' }).default('normal'),
  status: z.enum(TASK_STATUSES, { error: 'Choose a status.' }).default('open'),
});
export type TTaskInput = z.input<typeof ZTaskInput>;

const ZNamed = z.object({ id: z.number().int(), name: z.string() });

export const ZTask = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  due_on: z.string().nullable(),
  overdue: z.boolean(),
  assignee: ZNamed.nullable(),
  contact: ZNamed.nullable(),
  deal: ZNamed.nullable(),
  donation_id: z.number().int().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  completed_at: z.string().nullable(),
  created_at: z.string(),
});
export type TTask = z.infer<typeof ZTask>;

export const ZTaskListQuery = z.object({
  view: z.enum(TASK_VIEWS).default('all'),
  contact_id: z.coerce.number().int().positive().optional(),
  deal_id: z.coerce.number().int().positive().optional(),
  status: z.enum([...TASK_STATUSES, 'not_done', 'any']).default('not_done'),
});
export const ZTaskList = z.object({ tasks: z.array(ZTask), today: z.string() });
export type TTaskList = z.infer<typeof ZTaskList>;
