// Running one step of one run (docs/product/crm-workflow-automation.md#actions, decision 093). An
// action that only writes rows runs in the transaction that marks the run done, so a retried or
// doubled job does it once. An e-mail cannot be undone: the run is claimed (`emailed`, unique per
// workflow, step and contact) before the message goes out, and never sent again (at most once, as
// marketing e-mails, decision 075); opt-outs and suppressed addresses are checked at send time.
import type { TWorkflowAction, TWorkflowStep } from '@kindling/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { recordWebhookEvent } from '../../platform/outbox/webhook-outbox.ts';
import { optedOutOfEmailSql } from '../contacts/index.ts';
import { withUnsubscribeLink } from '../email-marketing/index.ts';
import { emailDocument, fillTemplate, plainTextOf } from '../email-templates/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import { tasks } from '../tasks/index.ts';
import { workflowRuns } from './workflows.tables.ts';

/** `origin`: the public address the e-mail's unsubscribe link points at. */
export type StepDeps = { db: Db; mailer: Mailer; fromAddress: string; origin: string };

type RunContext = {
  id: number;
  npo_id: string;
  workflow_id: string;
  workflow_name: string;
  workflow_status: string;
  steps: TWorkflowStep[];
  step_index: number;
  action: string;
  status: string;
  trigger_key: string;
  donor_id: string;
  email: string;
  first_name: string;
  last_name: string;
  organisation: string;
  owner_user_id: string | null;
  opted_out: boolean;
  suppressed: boolean;
};

async function loadRun(db: Db, runId: number): Promise<RunContext | null> {
  const { rows } = await db.execute<RunContext>(sql`
    SELECT r.id, r.npo_id, r.workflow_id, w.name AS workflow_name, w.status AS workflow_status, w.steps,
      r.step_index, r.action, r.status, r.trigger_key, r.donor_id, d.email, d.first_name, d.last_name,
      n.name AS organisation, cd.owner_user_id, ${optedOutOfEmailSql(sql`r.donor_id`)} AS opted_out,
      EXISTS (SELECT 1 FROM email_suppressions s WHERE s.npo_id = r.npo_id AND lower(s.email) = lower(d.email)) AS suppressed
    FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id JOIN donors d ON d.id = r.donor_id
    JOIN npos n ON n.id = r.npo_id LEFT JOIN contact_details cd ON cd.donor_id = r.donor_id
    WHERE r.id = ${runId}`);
  return rows[0] ?? null;
}

const finish = (db: Tx, runId: number, status: 'done' | 'skipped' | 'failed', outcome: string, from = 'scheduled') =>
  db.execute(sql`UPDATE workflow_runs SET status = ${status}, outcome = ${outcome}, finished_at = now(),
    started_at = coalesce(started_at, now()) WHERE id = ${runId} AND status = ${from}`);

const nameOf = (run: RunContext) =>
  [run.first_name, run.last_name].filter(Boolean).join(' ') || run.email || 'A contact';

async function sendEmail(deps: StepDeps, run: RunContext, action: Extract<TWorkflowAction, { kind: 'send_email' }>) {
  if (!run.email) return finish(deps.db, run.id, 'skipped', 'Skipped: the contact has no e-mail address.');
  if (run.opted_out) return finish(deps.db, run.id, 'skipped', 'Skipped: the contact opted out of e-mail.');
  if (run.suppressed) return finish(deps.db, run.id, 'skipped', 'Skipped: the address is suppressed after a bounce.');
  let claimed: boolean;
  try {
    const { rows } = await deps.db.execute(sql`UPDATE workflow_runs SET status = 'running', emailed = true,
      started_at = now() WHERE id = ${run.id} AND status = 'scheduled' RETURNING id`);
    claimed = rows.length > 0;
  } catch (error) {
    // The driver's error may come wrapped by the query builder: the code is on its cause.
    const pg = (error as { cause?: { code?: string }; code?: string }).cause ?? (error as { code?: string });
    if (pg.code !== '23505') throw error;
    return finish(deps.db, run.id, 'skipped', 'Skipped: this step already e-mailed the contact once.');
  }
  if (!claimed) return;
  const values = { donor_first_name: run.first_name, donor_name: nameOf(run), organisation_name: run.organisation };
  const mail = fillTemplate({ subject: action.subject, html: action.html, text: plainTextOf(action.html) }, values);
  try {
    // Every marketing e-mail carries the unsubscribe link and one-click headers (decision 098).
    const body = await withUnsubscribeLink(deps.db, mail, {
      npoId: Number(run.npo_id),
      donorId: Number(run.donor_id),
      subject: mail.subject,
      source: `Unsubscribe link in the workflow “${run.workflow_name}”`,
      origin: deps.origin,
      organisationName: run.organisation,
    });
    await deps.mailer.send({
      to: run.email,
      subject: mail.subject,
      html: emailDocument(body.html),
      text: body.text,
      from: { name: run.organisation, address: deps.fromAddress },
      headers: body.headers,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return finish(deps.db, run.id, 'failed', `The e-mail could not be sent: ${message}`, 'running');
  }
  return finish(deps.db, run.id, 'done', `E-mailed ${run.email}: “${mail.subject}”`, 'running');
}

/** A row-only action inside the run's transaction; returns what the history shows. */
async function writeAction(tx: Tx, run: RunContext, action: TWorkflowAction): Promise<string> {
  const npoId = Number(run.npo_id);
  const donorId = Number(run.donor_id);
  switch (action.kind) {
    case 'create_task': {
      const due = new Date(Date.now() + action.due_in_days * 86_400_000).toISOString().slice(0, 10);
      const owner = action.assignee_user_id ?? (run.owner_user_id ? Number(run.owner_user_id) : null);
      const [task] = await tx
        .insert(tasks)
        .values({
          npoId,
          title: action.title,
          description: `Created by the workflow “${run.workflow_name}” for ${nameOf(run)}.`,
          dueOn: due,
          assigneeUserId: owner,
          contactId: donorId,
        })
        .returning({ id: tasks.id });
      return `Task #${task?.id} “${action.title}” due ${due}`;
    }
    case 'add_tag':
      await tx.execute(sql`INSERT INTO contact_details (donor_id, npo_id, tags) VALUES (${donorId}, ${npoId}, ARRAY[${action.tag}]::text[])
        ON CONFLICT (donor_id) DO UPDATE SET tags = array_append(contact_details.tags, ${action.tag}::text), updated_at = now()
        WHERE NOT (${action.tag}::text = ANY(contact_details.tags))`);
      return `Tagged “${action.tag}”`;
    case 'remove_tag':
      await tx.execute(sql`UPDATE contact_details SET tags = array_remove(tags, ${action.tag}::text), updated_at = now()
        WHERE donor_id = ${donorId} AND ${action.tag}::text = ANY(tags)`);
      return `Removed the tag “${action.tag}”`;
    case 'add_to_list': {
      const { rows } = await tx.execute<{ name: string }>(sql`
        WITH list AS (SELECT id, name FROM segments WHERE id = ${action.segment_id} AND npo_id = ${npoId} AND kind = 'static'),
        added AS (INSERT INTO segment_members (segment_id, donor_id) SELECT id, ${donorId} FROM list ON CONFLICT DO NOTHING)
        SELECT name FROM list`);
      if (!rows[0]) throw new Error('The list no longer exists.');
      return `Added to the list “${rows[0].name}”`;
    }
    case 'notify_staff': {
      const text = notificationTexts['workflow.notice']({
        workflowName: run.workflow_name,
        contactName: nameOf(run),
        message: action.message,
        contactId: donorId,
      });
      await notifyOrganisation(tx, {
        npoId,
        kind: 'workflow.notice',
        ...text,
        data: { workflow_id: Number(run.workflow_id) },
      });
      return 'Staff notified';
    }
    case 'call_webhook':
      // The integrations module delivers it, signed, to the endpoints that chose `workflow.step`.
      await recordWebhookEvent(tx, {
        npoId,
        type: 'workflow.step',
        data: {
          workflow_id: Number(run.workflow_id),
          workflow_name: run.workflow_name,
          step: run.step_index + 1,
          trigger: run.trigger_key,
          donor_id: donorId,
          email: run.email,
          first_name: run.first_name,
          last_name: run.last_name,
        },
      });
      return 'Webhook event recorded for delivery';
    default:
      throw new Error('Unknown action.');
  }
}

/** Runs one step; a repeated call for a finished run does nothing. */
export async function runStep(deps: StepDeps, runId: number): Promise<void> {
  const run = await loadRun(deps.db, runId);
  if (!run || run.status !== 'scheduled' || run.workflow_status !== 'active') return;
  const action = run.steps[run.step_index]?.action;
  if (!action || action.kind !== run.action) {
    await finish(deps.db, run.id, 'skipped', 'Skipped: the workflow’s steps changed since this run was planned.');
    return;
  }
  if (action.kind === 'send_email') {
    await sendEmail(deps, run, action);
    return;
  }
  try {
    await deps.db.transaction(async (tx) => {
      const [mine] = await tx
        .update(workflowRuns)
        .set({ status: 'done', startedAt: new Date(), finishedAt: new Date() })
        .where(sql`${workflowRuns.id} = ${run.id} AND ${workflowRuns.status} = 'scheduled'`)
        .returning({ id: workflowRuns.id });
      if (!mine) return;
      const outcome = await writeAction(tx, run, action);
      await tx.update(workflowRuns).set({ outcome }).where(eq(workflowRuns.id, run.id));
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finish(deps.db, run.id, 'failed', `Failed: ${message}`);
  }
}
