// Workflows for staff (docs/product/crm-workflow-automation.md): list, edit, pause and resume, the
// run history, a dry run over the last 30 days, and recipes. Another organisation's id is 404.
import {
  ACCESS,
  type TWorkflow,
  type TWorkflowDryRun,
  type TWorkflowInput,
  type TWorkflowRecipe,
  type TWorkflowRun,
  WORKFLOW_MESSAGES,
  ZWorkflowInput,
} from '@kindling/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { sanitiseTemplateHtml } from '../email-templates/index.ts';
import { type ActiveWorkflow, matchEvent } from './workflow-engine.ts';
import { recipeWorkflow } from './workflow-recipes.ts';
import { conditionsHold, EVENT_TYPES_READ, SWEEP_KINDS, sweepMatches, tagsOf } from './workflow-triggers.ts';
import { workflows } from './workflows.tables.ts';

export type Actor = { userId: number; npoId: number; ip: string | null };
type Row = typeof workflows.$inferSelect;
type Input = ReturnType<typeof ZWorkflowInput.parse>;

const notFound = () => new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });
const audit = (db: Db, actor: Actor, action: string, id: number) =>
  recordAudit(db, {
    npoId: actor.npoId,
    actorUserId: actor.userId,
    ip: actor.ip,
    action: `workflow.${action}`,
    targetType: 'workflow',
    targetId: String(id),
  });

/** Segments, lists, campaigns and owners named by the input belong to the organisation; e-mail bodies are sanitised. */
async function checked(db: Db, npoId: number, input: Input): Promise<Input> {
  // The trigger watches a list or a rule-based segment (decision 098); a step adds only to a list.
  if (input.trigger.kind === 'segment_added') {
    const { rows } = await db.execute(
      sql`SELECT 1 FROM segments WHERE id = ${input.trigger.segment_id} AND npo_id = ${npoId}`,
    );
    if (rows.length === 0) throw invalid('trigger.segment_id', WORKFLOW_MESSAGES.segmentMissing);
  }
  const lists = input.steps.flatMap((s, i) =>
    s.action.kind === 'add_to_list' ? [[`steps.${i}.action.segment_id`, s.action.segment_id] as const] : [],
  );
  for (const [field, id] of lists) {
    const { rows } = await db.execute(
      sql`SELECT 1 FROM segments WHERE id = ${id} AND npo_id = ${npoId} AND kind = 'static'`,
    );
    if (rows.length === 0) throw invalid(field, WORKFLOW_MESSAGES.listMissing);
  }
  if (input.trigger.kind === 'form_submitted' && input.trigger.campaign_id != null) {
    const { rows } = await db.execute(
      sql`SELECT 1 FROM campaigns WHERE id = ${input.trigger.campaign_id} AND npo_id = ${npoId}`,
    );
    if (rows.length === 0) throw invalid('trigger.campaign_id', WORKFLOW_MESSAGES.campaignMissing);
  }
  for (const [i, s] of input.steps.entries()) {
    if (s.action.kind !== 'create_task' || s.action.assignee_user_id == null) continue;
    const { rows } = await db.execute(
      // Whoever may be given a task: an active member of a dashboard role, as the tasks page offers.
      sql`SELECT 1 FROM memberships WHERE npo_id = ${npoId} AND user_id = ${s.action.assignee_user_id}
        AND suspended_at IS NULL AND role_code = ANY(${`{${ACCESS.dashboard.join(',')}}`}::int[])`,
    );
    if (rows.length === 0) throw invalid(`steps.${i}.action.assignee_user_id`, WORKFLOW_MESSAGES.assigneeMissing);
  }
  return {
    ...input,
    steps: input.steps.map((s) =>
      s.action.kind === 'send_email' ? { ...s, action: { ...s.action, html: sanitiseTemplateHtml(s.action.html) } } : s,
    ),
  };
}

async function present(db: Db, rows: Row[]): Promise<TWorkflow[]> {
  if (rows.length === 0) return [];
  const { rows: counts } = await db.execute<{ workflow_id: string; status: string; n: string; contacts: string }>(sql`
    SELECT workflow_id, status, count(*) AS n, count(DISTINCT donor_id) AS contacts FROM workflow_runs
    WHERE workflow_id = ANY(${`{${rows.map((r) => r.id).join(',')}}`}::bigint[]) GROUP BY workflow_id, status`);
  const { rows: people } = await db.execute<{ workflow_id: string; contacts: string }>(sql`
    SELECT workflow_id, count(DISTINCT donor_id) AS contacts FROM workflow_runs
    WHERE workflow_id = ANY(${`{${rows.map((r) => r.id).join(',')}}`}::bigint[]) GROUP BY workflow_id`);
  return rows.map((r) => {
    const mine = counts.filter((c) => Number(c.workflow_id) === r.id);
    const n = (...statuses: string[]) =>
      mine.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + Number(c.n), 0);
    return {
      id: r.id,
      name: r.name,
      status: r.status as TWorkflow['status'],
      recipe: (r.recipe as TWorkflowRecipe | null) ?? null,
      trigger: r.trigger,
      conditions: r.conditions,
      steps: r.steps,
      contacts: Number(people.find((p) => Number(p.workflow_id) === r.id)?.contacts ?? 0),
      runs: {
        scheduled: n('scheduled', 'running'),
        done: n('done'),
        skipped: n('skipped'),
        failed: n('failed', 'interrupted'),
      },
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    };
  });
}

async function own(db: Db, npoId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, id), eq(workflows.npoId, npoId)));
  if (!row) throw notFound();
  return row;
}

export async function listWorkflows(db: Db, npoId: number): Promise<TWorkflow[]> {
  const rows = await db.select().from(workflows).where(eq(workflows.npoId, npoId)).orderBy(workflows.id);
  return present(db, rows);
}

export async function getWorkflow(db: Db, npoId: number, id: number): Promise<TWorkflow> {
  const [one] = await present(db, [await own(db, npoId, id)]);
  if (!one) throw notFound();
  return one;
}

export async function createWorkflow(db: Db, actor: Actor, raw: Input, recipe: TWorkflowRecipe | null = null) {
  const input = await checked(db, actor.npoId, raw);
  const [row] = await db
    .insert(workflows)
    .values({ npoId: actor.npoId, createdByUserId: actor.userId, recipe, ...input })
    .returning();
  if (!row) throw notFound();
  await audit(db, actor, 'created', row.id);
  return getWorkflow(db, actor.npoId, row.id);
}

export async function createFromRecipe(db: Db, actor: Actor, recipe: TWorkflowRecipe) {
  const { rows } = await db.execute<{ base_currency: string }>(
    sql`SELECT base_currency FROM npos WHERE id = ${actor.npoId}`,
  );
  const input = ZWorkflowInput.parse(recipeWorkflow(recipe, rows[0]?.base_currency ?? 'USD') satisfies TWorkflowInput);
  return createWorkflow(db, actor, input, recipe);
}

export async function changeWorkflow(db: Db, actor: Actor, id: number, raw: Input) {
  await own(db, actor.npoId, id);
  const input = await checked(db, actor.npoId, raw);
  await db
    .update(workflows)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(workflows.id, id));
  await audit(db, actor, 'changed', id);
  return getWorkflow(db, actor.npoId, id);
}

/** Paused: no new runs start and planned steps wait; resumed, they go on where they stopped. */
export async function setStatus(db: Db, actor: Actor, id: number, status: 'active' | 'paused') {
  await own(db, actor.npoId, id);
  await db.update(workflows).set({ status, updatedAt: new Date() }).where(eq(workflows.id, id));
  await audit(db, actor, status === 'paused' ? 'paused' : 'resumed', id);
  return getWorkflow(db, actor.npoId, id);
}

export async function removeWorkflow(db: Db, actor: Actor, id: number) {
  await own(db, actor.npoId, id);
  await db.delete(workflows).where(eq(workflows.id, id));
  await audit(db, actor, 'deleted', id);
}

export async function listRuns(db: Db, npoId: number, id: number): Promise<TWorkflowRun[]> {
  await own(db, npoId, id);
  const { rows } = await db.execute<{
    id: string;
    donor_id: string;
    name: string;
    trigger_key: string;
    step_index: number;
    action: TWorkflowRun['action'];
    status: TWorkflowRun['status'];
    due_at: string;
    finished_at: string | null;
    outcome: string;
  }>(sql`
    SELECT r.id, r.donor_id, coalesce(nullif(trim(d.first_name || ' ' || d.last_name), ''), d.email) AS name,
      r.trigger_key, r.step_index, r.action, r.status, r.due_at, r.finished_at, r.outcome
    FROM workflow_runs r JOIN donors d ON d.id = r.donor_id
    WHERE r.workflow_id = ${id} ORDER BY r.created_at DESC, r.donor_id, r.step_index LIMIT 500`);
  return rows.map((r) => ({
    id: Number(r.id),
    contact_id: Number(r.donor_id),
    contact_name: r.name,
    trigger_key: r.trigger_key,
    step_index: r.step_index,
    action: r.action,
    status: r.status,
    due_at: new Date(r.due_at).toISOString(),
    finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    outcome: r.outcome,
  }));
}

/**
 * Who the trigger and conditions would have matched in the last 30 days: the same matching the
 * live relay does, over the organisation's outbox events (or the sweep's query over 30 days).
 */
export async function dryRun(db: Db, npoId: number, raw: Input): Promise<TWorkflowDryRun> {
  const input = await checked(db, npoId, raw);
  const workflow: ActiveWorkflow = { id: 0, npoId, ...input, createdAt: new Date(0) };
  const matched = new Map<number, Date>();
  if (SWEEP_KINDS.includes(input.trigger.kind)) {
    const found = await sweepMatches(db, npoId, input.trigger, 30, null);
    const tags = await tagsOf(
      db,
      found.map((m) => m.donorId),
    );
    for (const m of found)
      if (conditionsHold(input.conditions, tags.get(m.donorId) ?? [], null)) matched.set(m.donorId, m.at);
  } else {
    const { rows } = await db.execute<{
      id: string;
      public_id: string;
      type: string;
      data: Record<string, unknown>;
      created_at: string;
    }>(sql`
      SELECT id, public_id, type, data, created_at FROM webhook_events
      WHERE npo_id = ${npoId} AND type = ANY(${`{${EVENT_TYPES_READ.join(',')}}`}::text[])
        AND created_at > now() - interval '30 days' ORDER BY id DESC LIMIT 2000`);
    for (const r of rows) {
      const event = {
        id: Number(r.id),
        publicId: r.public_id,
        npoId,
        type: r.type,
        data: r.data,
        createdAt: new Date(r.created_at),
      };
      const { facts, matched: hit } = await matchEvent(db, event, [workflow]);
      if (facts && hit.length > 0 && !matched.has(facts.donorId)) matched.set(facts.donorId, event.createdAt);
    }
  }
  const ids = [...matched.keys()];
  if (ids.length === 0) return { total: 0, contacts: [] };
  const { rows: people } = await db.execute<{ id: string; name: string; email: string }>(sql`
    SELECT id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) AS name, email FROM donors
    WHERE npo_id = ${npoId} AND id = ANY(${`{${ids.join(',')}}`}::bigint[])`);
  const contacts = people
    .map((p) => ({
      id: Number(p.id),
      name: p.name,
      email: p.email,
      matched_at: (matched.get(Number(p.id)) ?? new Date()).toISOString(),
    }))
    .sort((a, b) => b.matched_at.localeCompare(a.matched_at));
  return { total: contacts.length, contacts: contacts.slice(0, 100) };
}
