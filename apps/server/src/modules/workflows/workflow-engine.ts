// The workflow engine (decision 093): a periodic pg-boss job reads new outbox events and the
// sweep triggers into run rows (one per step, unique per workflow, contact, occurrence and step),
// then hands each due run to a keyed pg-boss job. Any instance may do any part; the unique keys and
// the claims in workflow-actions.ts make repeats no-ops.
import type { TWorkflowCondition, TWorkflowStep, TWorkflowTrigger } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { defineQueue, type Jobs, type Queue } from '../../platform/jobs/jobs.ts';
import { periodicClock } from '../../platform/jobs/periodic.ts';
import type { OutboxReader } from '../../platform/outbox/outbox-prune.ts';
import { runStep, type StepDeps } from './workflow-actions.ts';
import { refreshWatchedSegments } from './workflow-segment-watch.ts';
import {
  conditionsHold,
  EVENT_TYPES_READ,
  factsOf,
  type OutboxEvent,
  SWEEP_KINDS,
  sweepMatches,
  tagsOf,
  triggerMatches,
} from './workflow-triggers.ts';
import { workflowRuns } from './workflows.tables.ts';

const BATCH = 200;
/** An event older than this is taken as committed: the cursor moves past it. */
const SETTLE = '5 minutes';
/** A run handed to a job that has not started it by then is handed out again. */
const REDISPATCH = '10 minutes';

export type ActiveWorkflow = {
  id: number;
  npoId: number;
  trigger: TWorkflowTrigger;
  conditions: TWorkflowCondition[];
  steps: TWorkflowStep[];
  createdAt: Date;
};

async function activeWorkflows(db: Tx, npoIds?: number[]): Promise<ActiveWorkflow[]> {
  const { rows } = await db.execute<{
    id: string;
    npo_id: string;
    trigger: TWorkflowTrigger;
    conditions: TWorkflowCondition[];
    steps: TWorkflowStep[];
    created_at: string;
  }>(sql`SELECT id, npo_id, trigger, conditions, steps, created_at FROM workflows WHERE status = 'active'
    ${npoIds ? sql`AND npo_id = ANY(${`{${npoIds.join(',')}}`}::bigint[])` : sql``}`);
  return rows.map((r) => ({
    id: Number(r.id),
    npoId: Number(r.npo_id),
    trigger: r.trigger,
    conditions: r.conditions,
    steps: r.steps,
    createdAt: new Date(r.created_at),
  }));
}

/** One run row per step, due after the steps' delays added up from `at`; an existing occurrence stays as it is. */
export async function planRuns(
  db: Tx,
  workflow: ActiveWorkflow,
  donorId: number,
  key: string,
  at: Date,
): Promise<void> {
  let due = at.getTime();
  const rows = workflow.steps.map((step, stepIndex) => {
    due += (step.delay_days * 24 + step.delay_hours) * 3_600_000;
    return {
      npoId: workflow.npoId,
      workflowId: workflow.id,
      donorId,
      triggerKey: key,
      stepIndex,
      action: step.action.kind,
      dueAt: new Date(due),
    };
  });
  await db.insert(workflowRuns).values(rows).onConflictDoNothing();
}

/** The workflows an event starts for its contact, conditions included. */
export async function matchEvent(db: Tx, event: OutboxEvent, candidates: ActiveWorkflow[]) {
  const facts = await factsOf(db as Db, event);
  if (!facts) return { facts: null, matched: [] as ActiveWorkflow[] };
  const tags = (await tagsOf(db as Db, [facts.donorId])).get(facts.donorId) ?? [];
  const matched = candidates.filter(
    (w) => triggerMatches(w.trigger, facts) && conditionsHold(w.conditions, tags, facts.amountMinor),
  );
  return { facts, matched };
}

/** Claims up to BATCH unseen events and plans their runs, in one transaction; returns how many it read. */
async function relayBatch(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      id: string;
      public_id: string;
      npo_id: string;
      type: string;
      data: Record<string, unknown>;
      created_at: string;
    }>(sql`
      WITH batch AS (
        SELECT e.id FROM webhook_events e
        WHERE e.id > (SELECT last_event_id FROM workflow_cursor WHERE id = 1)
          AND e.type = ANY(${`{${EVENT_TYPES_READ.join(',')}}`}::text[])
          AND e.npo_id IN (SELECT npo_id FROM workflows WHERE status = 'active')
          AND NOT EXISTS (SELECT 1 FROM workflow_seen_events s WHERE s.event_id = e.id)
        ORDER BY e.id LIMIT ${BATCH}
      ), seen AS (
        INSERT INTO workflow_seen_events (event_id) SELECT id FROM batch ON CONFLICT DO NOTHING RETURNING event_id
      )
      SELECT e.id, e.public_id, e.npo_id, e.type, e.data, e.created_at
      FROM webhook_events e JOIN seen ON seen.event_id = e.id ORDER BY e.id`);
    if (rows.length === 0) return 0;
    const workflows = await activeWorkflows(tx, [...new Set(rows.map((r) => Number(r.npo_id)))]);
    for (const r of rows) {
      const event: OutboxEvent = {
        id: Number(r.id),
        publicId: r.public_id,
        npoId: Number(r.npo_id),
        type: r.type,
        data: r.data,
        createdAt: new Date(r.created_at),
      };
      // A workflow starts from events after it was made: never from the past.
      const candidates = workflows.filter((w) => w.npoId === event.npoId && w.createdAt <= event.createdAt);
      const { facts, matched } = await matchEvent(tx, event, candidates);
      for (const w of matched) if (facts) await planRuns(tx, w, facts.donorId, event.publicId, event.createdAt);
    }
    return rows.length;
  });
}

/** Reads every new outbox event, then moves the cursor past events old enough to have committed. */
export async function relayEvents(db: Db): Promise<void> {
  for (;;) {
    const read = await relayBatch(db);
    if (read < BATCH) break;
  }
  await db.execute(sql`UPDATE workflow_cursor SET last_event_id = coalesce((SELECT max(id) FROM webhook_events
    WHERE id > workflow_cursor.last_event_id AND created_at < now() - ${SETTLE}::interval), last_event_id) WHERE id = 1`);
  await db.execute(
    sql`DELETE FROM workflow_seen_events WHERE event_id <= (SELECT last_event_id FROM workflow_cursor WHERE id = 1)`,
  );
}

/** Date and list triggers: the contacts each active workflow reaches today (keys make repeats no-ops). */
export async function sweepTriggers(db: Db): Promise<void> {
  const workflows = (await activeWorkflows(db)).filter((w) => SWEEP_KINDS.includes(w.trigger.kind));
  await refreshWatchedSegments(db, workflows);
  for (const w of workflows) {
    const matches = await sweepMatches(db, w.npoId, w.trigger, 1, w.createdAt);
    const tags = await tagsOf(
      db,
      matches.map((m) => m.donorId),
    );
    for (const m of matches) {
      if (!conditionsHold(w.conditions, tags.get(m.donorId) ?? [], null)) continue;
      await planRuns(db, w, m.donorId, m.key, m.at);
    }
  }
  await db.execute(sql`UPDATE workflow_cursor SET swept_at = now() WHERE id = 1`);
}

/** Hands due runs (their earlier steps finished, their workflow active) to keyed jobs. */
export async function dispatchDue(db: Db, jobs: Jobs, queue: Queue<{ runId: number }>): Promise<number> {
  // An e-mail claimed and never finished (its process died) may have gone out: shown, never resent.
  await db.execute(sql`UPDATE workflow_runs SET status = 'interrupted', finished_at = now(),
      outcome = 'Interrupted while sending: the e-mail may or may not have gone out, and is not sent again.'
    WHERE status = 'running' AND started_at < now() - ${REDISPATCH}::interval`);
  const { rows } = await db.execute<{ id: string; dispatches: number }>(sql`
    WITH due AS (
      SELECT r.id FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id AND w.status = 'active'
      WHERE r.status = 'scheduled' AND r.due_at <= now()
        AND (r.dispatched_at IS NULL OR r.dispatched_at < now() - ${REDISPATCH}::interval)
        AND NOT EXISTS (SELECT 1 FROM workflow_runs p WHERE p.workflow_id = r.workflow_id AND p.donor_id = r.donor_id
          AND p.trigger_key = r.trigger_key AND p.step_index < r.step_index AND p.status IN ('scheduled', 'running'))
      ORDER BY r.due_at LIMIT ${BATCH} FOR UPDATE OF r SKIP LOCKED
    )
    UPDATE workflow_runs r SET dispatched_at = now(), dispatches = r.dispatches + 1 FROM due WHERE r.id = due.id
    RETURNING r.id, r.dispatches`);
  for (const r of rows)
    await jobs.send(queue, { runId: Number(r.id) }, { key: `workflow-run-${r.id}-${r.dispatches}` });
  return rows.length;
}

/** One tick: events to runs, the hourly sweep when due, due runs to jobs. */
export async function workflowTick(db: Db, jobs: Jobs, queue: Queue<{ runId: number }>): Promise<void> {
  await relayEvents(db);
  const { rows } = await db.execute<{ due: boolean }>(
    sql`SELECT swept_at IS NULL OR swept_at < now() - interval '1 hour' AS due FROM workflow_cursor WHERE id = 1`,
  );
  if (rows[0]?.due) await sweepTriggers(db);
  await dispatchDue(db, jobs, queue);
}

export type WorkflowEngine = {
  start: () => void;
  stop: () => void;
  /** Runs a tick now (tests, and a dry run's neighbours); the clock does it every `seconds`. */
  tick: () => Promise<void>;
};

export const workflowStepQueue = defineQueue<{ runId: number }>('workflow-step', {
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
  workers: 2,
});

/** Registers the tick and the step queues; the tick's clock runs every `seconds` (0: never). */
export function registerWorkflows(
  jobs: Jobs,
  deps: StepDeps & { seconds: number; log: (error: unknown) => void },
): WorkflowEngine {
  const tickQueue = defineQueue<{ slot: string }>('workflow-tick', { retryLimit: 2, retryDelaySeconds: 5 });
  jobs.register(workflowStepQueue, (data) => runStep(deps, data.runId));
  jobs.register(tickQueue, () => workflowTick(deps.db, jobs, workflowStepQueue));
  const clock = periodicClock(jobs, tickQueue, (slot) => ({ slot }), { seconds: deps.seconds, log: deps.log });
  return { start: clock.start, stop: clock.stop, tick: () => workflowTick(deps.db, jobs, workflowStepQueue) };
}

/**
 * The workflows' position in the outbox for pruning (decision 098): every event up to the cursor was
 * read; one past it may not have been (a late commit, decision 093), so it and all after it stay.
 */
export const workflowOutboxReader: OutboxReader = {
  name: 'workflows',
  firstNeeded: async (db) => {
    const { rows } = await db.execute<{ last: string }>(
      sql`SELECT coalesce((SELECT last_event_id FROM workflow_cursor WHERE id = 1), 0) AS last`,
    );
    return Number(rows[0]?.last ?? 0) + 1;
  },
};
