// Workflow automation through the real event stream (docs/product/crm-workflow-automation.md):
// gifts paid through the checkout, and the outbox events other modules write, start runs once.
import { type TWorkflowInput, ZWorkflow, ZWorkflowDryRun, ZWorkflowRunList } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payForGift, springAppeal } from '../../../test/gift.ts';
import { readOutboxTable } from '../../../test/mail.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { recordWebhookEvent } from '../../platform/outbox/webhook-outbox.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';
import { runStep } from './workflow-actions.ts';
import { relayEvents, sweepTriggers } from './workflow-engine.ts';

const API = '/api/v1/npo_admin/workflows';
const poll = { timeout: 60_000, interval: 300 };

describe('workflow automation', () => {
  const ctx = useTestApp({ env: { WORKFLOW_TICK_SECONDS: '1', JOB_POLL_INTERVAL_SECONDS: '0.5' } });
  let staff: TestClient;
  let npoId = 0;
  const stepDeps = () => ({
    db: ctx.db,
    mailer: ctx.mailer,
    fromAddress: 'news@kindling.test',
    origin: 'http://localhost',
  });

  const create = async (input: TWorkflowInput) => {
    const res = await staff.post(API, input);
    expect(res.statusCode, res.body).toBe(201);
    return ZWorkflow.parse(res.json());
  };
  const runsOf = async (id: number) => ZWorkflowRunList.parse((await staff.get(`${API}/${id}/runs`)).json()).runs;
  const mailsWith = async (subject: string) =>
    (await readOutboxTable(ctx.db)).filter((m) => m.headers.includes(subject));
  const donorOf = async (email: string) =>
    Number(
      (
        await ctx.db.execute<{ id: string }>(
          sql`SELECT id FROM donors WHERE npo_id = ${npoId} AND lower(email) = ${email}`,
        )
      ).rows[0]?.id,
    );
  const gift = async (email: string, amount = 2500) =>
    (await payForGift(ctx, { amount, currency: 'USD', email })).confirm();

  beforeAll(async () => {
    staff = await signedIn(ctx, 'staff@kindling.test');
    npoId = Number((await springAppeal(new TestClient(ctx.app))).npo_id);
  });

  it('welcomes a first-time donor: the e-mail, the tag and the webhook event, each once', {
    timeout: 120_000,
  }, async () => {
    const wf = await create({
      name: 'Welcome test',
      trigger: { kind: 'first_gift' },
      steps: [
        {
          action: {
            kind: 'send_email',
            subject: 'Welcome test for {{donor_first_name}}',
            html: '<p>Hello {{donor_first_name}}</p><script>x()</script>',
          },
        },
        { action: { kind: 'add_tag', tag: 'Welcomed' } },
        { action: { kind: 'call_webhook' } },
      ],
    });
    expect(wf.steps[0]?.action).not.toHaveProperty('html', expect.stringContaining('<script'));
    await gift('wf-first@example.org');
    await expect.poll(async () => (await runsOf(wf.id)).filter((r) => r.status === 'done').length, poll).toBe(3);
    const mails = await mailsWith('Welcome test for Ada');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.headers).toContain('To: wf-first@example.org');
    const donorId = await donorOf('wf-first@example.org');
    const tags = await ctx.db.execute<{ tags: string[] }>(
      sql`SELECT tags FROM contact_details WHERE donor_id = ${donorId}`,
    );
    expect(tags.rows[0]?.tags).toContain('Welcomed');
    const events = await ctx.db.execute(
      sql`SELECT 1 FROM webhook_events WHERE type = 'workflow.step' AND (data->>'donor_id')::bigint = ${donorId}`,
    );
    expect(events.rows).toHaveLength(1);
    // A second gift is not a first gift: no new run.
    await gift('wf-first@example.org');
    await relayEvents(ctx.db);
    expect(await runsOf(wf.id)).toHaveLength(3);
  });

  it('plans one run per step when the same event is read twice, and runs a step once however often it is called', {
    timeout: 120_000,
  }, async () => {
    const wf = await create({
      name: 'Any gift task',
      trigger: { kind: 'any_gift' },
      steps: [{ delay_days: 1, action: { kind: 'create_task', title: 'Idempotent task', due_in_days: 1 } }],
    });
    await gift('wf-twice@example.org');
    await relayEvents(ctx.db);
    await expect.poll(async () => (await runsOf(wf.id)).length, poll).toBe(1);
    // The event delivered again: forget that it was seen and rewind the cursor.
    await ctx.db.execute(sql`DELETE FROM workflow_seen_events`);
    await ctx.db.execute(sql`UPDATE workflow_cursor SET last_event_id = (SELECT max(id) - 1 FROM webhook_events
      WHERE type = 'donation.succeeded' AND data->>'donor_id' = (SELECT id::text FROM donors WHERE email = 'wf-twice@example.org'))`);
    await relayEvents(ctx.db);
    const runs = await runsOf(wf.id);
    expect(runs).toHaveLength(1);
    // Due now; three instances pick it at once (a restarted job, a second server).
    await ctx.db.execute(sql`UPDATE workflow_runs SET due_at = now() WHERE workflow_id = ${wf.id}`);
    const id = runs[0]?.id ?? 0;
    await Promise.all([runStep(stepDeps(), id), runStep(stepDeps(), id), runStep(stepDeps(), id)]);
    const tasks = await ctx.db.execute(sql`SELECT 1 FROM tasks WHERE title = 'Idempotent task'`);
    expect(tasks.rows).toHaveLength(1);
    expect((await runsOf(wf.id))[0]?.status).toBe('done');
  });

  it('completes a run whose job died with its process, without doubling the e-mail', { timeout: 120_000 }, async () => {
    const wf = await create({
      name: 'Restart test',
      trigger: { kind: 'any_gift' },
      conditions: [{ kind: 'gift_at_least', amount_minor: 7000 }],
      steps: [
        { action: { kind: 'add_tag', tag: 'Restarted' } },
        { delay_days: 1, action: { kind: 'send_email', subject: 'Restart test mail', html: '<p>Once</p>' } },
      ],
    });
    await gift('wf-restart@example.org', 7000);
    await expect.poll(async () => (await runsOf(wf.id)).find((r) => r.step_index === 0)?.status, poll).toBe('done');
    // Step 2 fell due and was handed to a job that died with its process (never started).
    await ctx.db.execute(sql`UPDATE workflow_runs SET due_at = now(), dispatched_at = now() - interval '11 minutes',
      dispatches = dispatches + 1 WHERE workflow_id = ${wf.id} AND step_index = 1`);
    await expect.poll(async () => (await runsOf(wf.id)).find((r) => r.step_index === 1)?.status, poll).toBe('done');
    expect(await mailsWith('Restart test mail')).toHaveLength(1);
    // A second contact's e-mail at the same step stays one, even for a new trigger occurrence.
    const [run] = (await runsOf(wf.id)).filter((r) => r.step_index === 1);
    await ctx.db.execute(sql`INSERT INTO workflow_runs (npo_id, workflow_id, donor_id, trigger_key, step_index, action, due_at)
      VALUES (${npoId}, ${wf.id}, ${run?.contact_id}, 'another-occurrence', 1, 'send_email', now())`);
    await expect
      .poll(async () => (await runsOf(wf.id)).find((r) => r.trigger_key === 'another-occurrence')?.status, poll)
      .toBe('skipped');
    expect(await mailsWith('Restart test mail')).toHaveLength(1);
  });

  it('starts no run while paused, and skips opted-out contacts at send time', { timeout: 120_000 }, async () => {
    const wf = await create({
      name: 'Pause test',
      trigger: { kind: 'gift_above', amount_minor: 9000, currency: 'USD' },
      steps: [{ action: { kind: 'send_email', subject: 'Pause test mail', html: '<p>Hi</p>' } }],
    });
    const paused = await staff.put(`${API}/${wf.id}/status`, { status: 'paused' });
    expect(ZWorkflow.parse(paused.json()).status).toBe('paused');
    await gift('wf-paused@example.org', 9500);
    await relayEvents(ctx.db);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await runsOf(wf.id)).toHaveLength(0);
    await staff.put(`${API}/${wf.id}/status`, { status: 'active' });
    // Below the amount: no run. Above, by an opted-out contact: a run, skipped when sending.
    await gift('wf-small@example.org', 100);
    await gift('wf-optout@example.org', 9500);
    const donorId = await donorOf('wf-optout@example.org');
    await ctx.db.execute(sql`INSERT INTO contact_details (donor_id, npo_id, communication)
      VALUES (${donorId}, ${npoId}, '{"email": {"opted_out_at": "2026-01-01T00:00:00Z", "source": "test"}}')
      ON CONFLICT (donor_id) DO UPDATE SET communication = EXCLUDED.communication`);
    await expect.poll(async () => (await runsOf(wf.id))[0]?.status, poll).toBe('skipped');
    expect(await runsOf(wf.id)).toHaveLength(1);
    expect((await runsOf(wf.id))[0]?.outcome).toContain('opted out');
    expect(await mailsWith('Pause test mail')).toHaveLength(0);
  });

  it('starts from each kind of event and sweep trigger', { timeout: 120_000 }, async () => {
    await gift('wf-kinds@example.org', 1200);
    const donorId = await donorOf('wf-kinds@example.org');
    const kinds = [
      'plan_started',
      'plan_failed',
      'plan_cancelled',
      'membership_lapsing',
      'ticket_bought',
      'birthday',
      'first_gift_anniversary',
    ] as const;
    const list = await staff.post('/api/v1/npo_admin/segments', { name: 'Workflow list', kind: 'static' });
    const listId = Number(list.json().id);
    const made = new Map<string, number>();
    for (const kind of kinds) {
      made.set(
        kind,
        (await create({ name: `Kind ${kind}`, trigger: { kind }, steps: [{ action: { kind: 'add_tag', tag: kind } }] }))
          .id,
      );
    }
    made.set(
      'segment_added',
      (
        await create({
          name: 'Kind list',
          trigger: { kind: 'segment_added', segment_id: listId },
          steps: [{ action: { kind: 'remove_tag', tag: 'x' } }],
        })
      ).id,
    );
    made.set(
      'no_gift_for_days',
      (
        await create({
          name: 'Kind lapsed',
          trigger: { kind: 'no_gift_for_days', days: 1 },
          steps: [{ action: { kind: 'notify_staff', message: 'lapsed' } }],
        })
      ).id,
    );
    const plan = { donor_id: donorId, plan_id: 1, amount_minor: 1000, currency: 'USD', status: 'active' };
    await ctx.db.transaction(async (tx) => {
      await recordWebhookEvent(tx, { npoId, type: 'plan.created', data: { ...plan, change: 'created' } });
      await recordWebhookEvent(tx, { npoId, type: 'plan.updated', data: { ...plan, change: 'charge_failed' } });
      await recordWebhookEvent(tx, { npoId, type: 'plan.updated', data: { ...plan, change: 'amount_changed' } });
      await recordWebhookEvent(tx, { npoId, type: 'plan.cancelled', data: { ...plan, change: 'cancelled' } });
      await recordWebhookEvent(tx, {
        npoId,
        type: 'membership.changed',
        data: { membership_id: 0, donor_id: donorId, status: 'in_grace' },
      });
    });
    const order = await ctx.db.execute<{ reference: string; npo_id: string }>(
      sql`SELECT reference, npo_id FROM event_orders WHERE status = 'paid' LIMIT 1`,
    );
    const buyer = order.rows[0];
    if (buyer) {
      await ctx.db.execute(
        sql`UPDATE event_orders SET buyer_email = 'wf-kinds@example.org' WHERE reference = ${buyer.reference}`,
      );
      await ctx.db.transaction((tx) =>
        recordWebhookEvent(tx, {
          npoId: Number(buyer.npo_id),
          type: 'ticket.bought',
          data: { order_reference: buyer.reference, total_minor: 2000, currency: 'USD' },
        }),
      );
    }
    const add = await staff.post(`/api/v1/npo_admin/segments/${listId}/members`, { contact_ids: [donorId] });
    expect(add.statusCode, add.body).toBeLessThan(300);
    await ctx.db.execute(sql`INSERT INTO contact_details (donor_id, npo_id, date_of_birth) VALUES (${donorId}, ${npoId}, (now() - interval '30 years')::date)
      ON CONFLICT (donor_id) DO UPDATE SET date_of_birth = EXCLUDED.date_of_birth`);
    // Their only gift was made a year ago today, and another's a day ago, a lapse of one day.
    const anniversary = await gift('wf-anniversary@example.org', 1500);
    await ctx.db.execute(sql`UPDATE donations SET created_at = now() - interval '1 year' WHERE id = ${anniversary.id}`);
    const lapsed = await gift('wf-lapsed@example.org', 1500);
    await ctx.db.execute(
      sql`UPDATE donations SET created_at = now() - interval '1 day' - interval '1 second' WHERE id = ${lapsed.id}`,
    );
    // The lapse happened a second ago: the workflow must be older than that to see it (a sweep reaches
    // only what happened since the workflow was made), whatever the speed of the steps above.
    await ctx.db.execute(
      sql`UPDATE workflows SET created_at = now() - interval '1 hour' WHERE id = ${made.get('no_gift_for_days') ?? 0}`,
    );
    await relayEvents(ctx.db);
    await sweepTriggers(ctx.db);
    for (const [kind, id] of made) {
      if (kind === 'ticket_bought' && !buyer) continue;
      await expect.poll(async () => (await runsOf(id)).length, { ...poll, message: kind }).toBeGreaterThan(0);
    }
    // The amount change is no failure: one plan_failed run only.
    expect(await runsOf(made.get('plan_failed') ?? 0)).toHaveLength(1);
    const who = async (id: number) => new Set((await runsOf(id)).map((r) => r.contact_name));
    expect([...(await who(made.get('first_gift_anniversary') ?? 0))].some((n) => n.includes('Ada'))).toBe(true);
  });

  it('dry-runs a trigger over the last 30 days', async () => {
    const res = await staff.post(`${API}/dry-run`, {
      name: 'Dry',
      trigger: { kind: 'first_gift' },
      steps: [{ action: { kind: 'add_tag', tag: 'x' } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const emails = ZWorkflowDryRun.parse(res.json()).contacts.map((c) => c.email);
    expect(emails).toContain('wf-first@example.org');
    const big = await staff.post(`${API}/dry-run`, {
      name: 'Dry',
      trigger: { kind: 'gift_above', amount_minor: 9000, currency: 'USD' },
      steps: [{ action: { kind: 'add_tag', tag: 'x' } }],
    });
    const bigEmails = ZWorkflowDryRun.parse(big.json()).contacts.map((c) => c.email);
    expect(bigEmails).toContain('wf-optout@example.org');
    expect(bigEmails).not.toContain('wf-small@example.org');
  });

  it('creates the three recipes', async () => {
    for (const recipe of ['welcome_series', 'thank_you_call', 'lapsed_win_back']) {
      const res = await staff.post(`${API}/from-recipe`, { recipe });
      expect(res.statusCode, res.body).toBe(201);
      expect(ZWorkflow.parse(res.json()).recipe).toBe(recipe);
    }
    expect((await staff.post(`${API}/from-recipe`, { recipe: 'spam' })).statusCode).toBe(400);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = (await staff.get(API)).json().workflows.length;
    const noSteps = await staff.post(API, { name: 'Bad', trigger: { kind: 'any_gift' }, steps: [] });
    expect(noSteps.statusCode).toBe(400);
    expect(noSteps.body).toContain('Add between one and ten steps.');
    const noName = await staff.post(API, {
      name: ' ',
      trigger: { kind: 'any_gift' },
      steps: [{ action: { kind: 'add_tag', tag: 'x' } }],
    });
    expect(noName.body).toContain('Give the workflow a name');
    const badList = await staff.post(API, {
      name: 'Bad list',
      trigger: { kind: 'segment_added', segment_id: 999999 },
      steps: [{ action: { kind: 'add_tag', tag: 'x' } }],
    });
    expect(badList.statusCode).toBe(400);
    expect(badList.body).toContain('That segment or list does not exist');
    expect((await staff.get(API)).json().workflows.length).toBe(before);
  });

  it('lets the dashboard roles in, never anonymous visitors, peer fundraisers or another organisation', async () => {
    const [first] = (await staff.get(API)).json().workflows as Array<{ id: number }>;
    const id = first?.id ?? 0;
    expect((await new TestClient(ctx.app).get(API)).statusCode).toBe(401);
    for (const email of ['admin@kindling.test', 'manager@kindling.test', 'finance@kindling.test']) {
      const c = await signedIn(ctx, email);
      expect((await c.get(`${API}/${id}`)).statusCode, email).toBe(200);
    }
    const peer = await signedIn(ctx, 'fundraiser@kindling.test');
    expect((await peer.get(API)).statusCode).toBe(403);
    const outsider = await outsiderOrganisation(ctx, 'wf-outsider@example.org', 'Workflow Outsiders');
    expect((await outsider.client.get(`${API}/${id}`)).statusCode).toBe(404);
    expect((await outsider.client.get(`${API}/${id}/runs`)).statusCode).toBe(404);
    expect((await outsider.client.put(`${API}/${id}/status`, { status: 'paused' })).statusCode).toBe(404);
    expect((await outsider.client.request('DELETE', `${API}/${id}`)).statusCode).toBe(404);
    expect(ZWorkflow.parse((await staff.get(`${API}/${id}`)).json()).status).toBe('active');
  });
});
