// The demo's workflow automation (docs/product/crm-workflow-automation.md#demo): the three recipes,
// active in the first demo organisation since two months, with run history drawn from its gifts.
// Added once, by recipe.
import { type TWorkflowRecipe, workflowEmailStarter, ZWorkflowInput } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { recipeWorkflow, workflowRuns, workflows } from '../modules/workflows/index.ts';
import type { Db } from '../platform/db/client.ts';

type Occurrence = { donor_id: string; key: string; at: string };

async function insertWorkflow(
  db: Db,
  npoId: number,
  recipe: TWorkflowRecipe,
  currency: string,
  adminId: number | null,
) {
  const input = ZWorkflowInput.parse(recipeWorkflow(recipe, currency));
  const [row] = await db
    .insert(workflows)
    .values({
      npoId,
      recipe,
      createdByUserId: adminId,
      createdAt: new Date(Date.now() - 60 * 86_400_000),
      ...input,
    })
    .returning();
  return row ?? null;
}

/** Runs for each occurrence: steps whose time came are done with what they did, later ones wait. */
async function history(db: Db, w: typeof workflows.$inferSelect, found: Occurrence[], outcome: (i: number) => string) {
  for (const o of found) {
    let due = new Date(o.at).getTime();
    const rows = w.steps.map((step, stepIndex) => {
      due += (step.delay_days * 24 + step.delay_hours) * 3_600_000;
      const done = due <= Date.now();
      return {
        npoId: w.npoId,
        workflowId: w.id,
        donorId: Number(o.donor_id),
        triggerKey: o.key,
        stepIndex,
        action: step.action.kind,
        status: done ? 'done' : 'scheduled',
        dueAt: new Date(due),
        startedAt: done ? new Date(due) : null,
        finishedAt: done ? new Date(due + 2000) : null,
        outcome: done ? outcome(stepIndex) : '',
        emailed: done && step.action.kind === 'send_email',
      };
    });
    await db.insert(workflowRuns).values(rows).onConflictDoNothing();
  }
}

export async function seedWorkflows(db: Db, npoIds: Map<string, number>, adminId: number | null): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank') ?? [...npoIds.values()][0];
  if (!npoId) return;
  const exists = await db.execute(sql`SELECT 1 FROM workflows WHERE npo_id = ${npoId} AND recipe IS NOT NULL`);
  if (exists.rows.length > 0) return;
  const currency =
    (await db.execute<{ c: string }>(sql`SELECT base_currency AS c FROM npos WHERE id = ${npoId}`)).rows[0]?.c ?? 'USD';
  const welcome = await insertWorkflow(db, npoId, 'welcome_series', currency, adminId);
  const call = await insertWorkflow(db, npoId, 'thank_you_call', currency, adminId);
  const winBack = await insertWorkflow(db, npoId, 'lapsed_win_back', currency, adminId);
  if (welcome) {
    const { rows } = await db.execute<Occurrence>(sql`
      SELECT f.donor_id, 'demo-first-gift-' || f.id AS key, f.created_at AS at FROM (
        SELECT DISTINCT ON (donor_id) donor_id, id, created_at FROM donations
        WHERE npo_id = ${npoId} AND status = 'succeeded' ORDER BY donor_id, created_at) f
      WHERE f.created_at > now() - interval '60 days' ORDER BY f.created_at DESC LIMIT 6`);
    await history(db, welcome, rows, (i) => (i === 1 ? 'Tagged “New donor”' : 'E-mailed the welcome message'));
  }
  if (call) {
    const { rows } = await db.execute<Occurrence>(sql`
      SELECT donor_id, 'demo-large-gift-' || id AS key, created_at AS at FROM donations
      WHERE npo_id = ${npoId} AND status = 'succeeded' AND currency = ${currency} AND amount_minor >= 50000
        AND created_at > now() - interval '60 days' ORDER BY created_at DESC LIMIT 4`);
    await history(db, call, rows, (i) =>
      i === 0 ? 'Task “Call to say thank you” created for the owner' : 'Staff notified',
    );
  }
  if (winBack) {
    const { rows } = await db.execute<Occurrence>(sql`
      SELECT l.donor_id, 'lapsed-' || l.last_id AS key, l.last_at + interval '365 days' AS at FROM (
        SELECT donor_id, max(created_at) AS last_at, max(id) AS last_id FROM donations
        WHERE npo_id = ${npoId} AND status = 'succeeded' GROUP BY donor_id) l
      WHERE l.last_at + interval '365 days' BETWEEN now() - interval '30 days' AND now() LIMIT 4`);
    await history(db, winBack, rows, (i) => (i === 1 ? 'Tagged “Lapsed”' : 'E-mailed “We miss you”'));
  }
  await seedFormWorkflow(db, npoId, adminId);
  await seedSegmentWorkflow(db, npoId, adminId);
  // The demo's own events were written before: the workflows start from what happens next.
  await db.execute(
    sql`UPDATE workflow_cursor SET last_event_id = (SELECT coalesce(max(id), 0) FROM webhook_events) WHERE id = 1`,
  );
}

/**
 * A workflow started by the Spring Appeal's donation form (decision 098): the gift's donor is tagged,
 * with runs for the latest gifts made through that form.
 */
async function seedFormWorkflow(db: Db, npoId: number, adminId: number | null) {
  const { rows: campaigns } = await db.execute<{ id: string }>(
    sql`SELECT id FROM campaigns WHERE npo_id = ${npoId} AND campaign_url = 'spring-appeal'`,
  );
  const campaignId = Number(campaigns[0]?.id ?? 0);
  if (!campaignId) return;
  const input = ZWorkflowInput.parse({
    name: 'Spring Appeal form: tag the donor',
    trigger: { kind: 'form_submitted', campaign_id: campaignId },
    steps: [{ action: { kind: 'add_tag', tag: 'Spring Appeal donor' } }],
  });
  const [w] = await db
    .insert(workflows)
    .values({ npoId, createdByUserId: adminId, createdAt: new Date(Date.now() - 30 * 86_400_000), ...input })
    .returning();
  if (!w) return;
  const { rows } = await db.execute<Occurrence>(sql`
    SELECT donor_id, 'demo-form-' || id AS key, created_at AS at FROM donations
    WHERE npo_id = ${npoId} AND campaign_id = ${campaignId} AND status = 'succeeded' AND created_by_user_id IS NULL
      AND created_at > now() - interval '30 days' ORDER BY created_at DESC LIMIT 5`);
  await history(db, w, rows, () => 'Tagged “Spring Appeal donor”');
}

/**
 * A workflow started by the rule-based segment “Monthly donors” (decision 098): a thank-you e-mail
 * from the ready-made text and a call task for the admin, with runs for the latest plans started.
 * The first sweep after start-up takes the segment's current members as its baseline.
 */
async function seedSegmentWorkflow(db: Db, npoId: number, adminId: number | null) {
  const { rows: segments } = await db.execute<{ id: string }>(
    sql`SELECT id FROM segments WHERE npo_id = ${npoId} AND lower(name) = 'monthly donors' AND kind = 'dynamic'`,
  );
  const segmentId = Number(segments[0]?.id ?? 0);
  if (!segmentId) return;
  const { subject, html } = workflowEmailStarter('thank_you');
  const input = ZWorkflowInput.parse({
    name: 'New monthly donor: thank you and a call',
    trigger: { kind: 'segment_added', segment_id: segmentId },
    steps: [
      { action: { kind: 'send_email', subject, html } },
      {
        delay_days: 2,
        action: { kind: 'create_task', title: 'Call a new monthly donor', assignee_user_id: adminId, due_in_days: 3 },
      },
    ],
  });
  const [w] = await db
    .insert(workflows)
    .values({ npoId, createdByUserId: adminId, createdAt: new Date(Date.now() - 45 * 86_400_000), ...input })
    .returning();
  if (!w) return;
  const { rows } = await db.execute<Occurrence>(sql`
    SELECT DISTINCT ON (donor_id) donor_id, 'list-' || ${segmentId}::bigint || '-' || extract(epoch FROM created_at)::bigint AS key,
      created_at AS at FROM recurring_plans
    WHERE npo_id = ${npoId} AND status = 'active' AND created_at > now() - interval '45 days'
    ORDER BY donor_id, created_at DESC LIMIT 5`);
  await history(db, w, rows, (i) => (i === 0 ? 'E-mailed “Thank you”' : 'Task “Call a new monthly donor” created'));
}
