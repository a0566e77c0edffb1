// Pruning the webhook outbox never takes an event the workflows cursor has not read, nor one the
// webhook relay still needs, and never a recent one (decision 098).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { springAppeal } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { pruneOutbox } from '../../platform/outbox/outbox-prune.ts';
import { webhookOutboxReader } from '../integrations/index.ts';
import { relayEvents, workflowOutboxReader } from './workflow-engine.ts';

const readers = [webhookOutboxReader, workflowOutboxReader];

describe('outbox pruning', () => {
  // No clocks: the test moves the workflows cursor and the relay's marks itself.
  const ctx = useTestApp();
  let npoId = 0;
  let donorId = 0;

  const oldEvent = async (type: string, data: Record<string, unknown>) => {
    const { rows } = await ctx.db.execute<{
      id: string;
    }>(sql`INSERT INTO webhook_events (npo_id, type, data, created_at, relayed_at)
      VALUES (${npoId}, ${type}, ${JSON.stringify(data)}::jsonb, now() - interval '100 days', now() - interval '100 days')
      RETURNING id`);
    return Number(rows[0]?.id);
  };
  const exists = async (id: number) =>
    (await ctx.db.execute(sql`SELECT 1 FROM webhook_events WHERE id = ${id}`)).rows.length === 1;

  beforeAll(async () => {
    npoId = Number((await springAppeal(new TestClient(ctx.app))).npo_id);
    const { rows } = await ctx.db.execute<{ donor_id: string }>(
      sql`SELECT donor_id FROM donations WHERE npo_id = ${npoId} AND status = 'succeeded' ORDER BY id LIMIT 1`,
    );
    donorId = Number(rows[0]?.donor_id);
    // Everything the demo recorded is relayed and delivered: only the workflows cursor holds events back.
    await ctx.db.execute(sql`UPDATE webhook_events SET relayed_at = coalesce(relayed_at, now())`);
    await ctx.db.execute(sql`UPDATE webhook_deliveries SET status = 'succeeded' WHERE status = 'pending'`);
  });

  it('keeps what the workflows cursor has not read, then the workflow still starts from it', async () => {
    const read = await oldEvent('donor.updated', { donor_id: donorId });
    const { rows: gifts } = await ctx.db.execute<{ id: string }>(
      sql`SELECT id FROM donations WHERE donor_id = ${donorId} AND status = 'succeeded' ORDER BY id DESC LIMIT 1`,
    );
    const unread = await oldEvent('donation.succeeded', {
      donation_id: Number(gifts[0]?.id),
      donor_id: donorId,
      amount_minor: 100,
      currency: 'USD',
    });
    const recent = await ctx.db.execute<{ id: string }>(sql`INSERT INTO webhook_events (npo_id, type, data, relayed_at)
      VALUES (${npoId}, 'donor.updated', '{}'::jsonb, now()) RETURNING id`);
    // The cursor has read up to `read`, not `unread` (an event behind it, as a late commit leaves one).
    await ctx.db.execute(sql`UPDATE workflow_cursor SET last_event_id = ${read} WHERE id = 1`);
    const pruned = await pruneOutbox(ctx.db, readers);
    expect(pruned).toBeGreaterThan(0);
    expect(await exists(read)).toBe(false);
    expect(await exists(unread)).toBe(true);
    expect(await exists(Number(recent.rows[0]?.id))).toBe(true);
    // The event pruning kept still starts a workflow made before it.
    const { rows } = await ctx.db.execute<{
      id: string;
    }>(sql`INSERT INTO workflows (npo_id, name, trigger, steps, created_at)
      VALUES (${npoId}, 'Prune test', '{"kind":"any_gift"}'::jsonb,
        '[{"delay_days":0,"delay_hours":0,"action":{"kind":"add_tag","tag":"Pruned"}}]'::jsonb, now() - interval '200 days')
      RETURNING id`);
    await relayEvents(ctx.db);
    const runs = await ctx.db.execute<{ trigger_key: string }>(
      sql`SELECT trigger_key FROM workflow_runs WHERE workflow_id = ${Number(rows[0]?.id)}`,
    );
    expect(runs.rows.map((r) => r.trigger_key)).toHaveLength(1);
    expect(runs.rows[0]?.trigger_key).toMatch(/^evt_/);
  });

  it('keeps an event the webhook relay has not relayed, or whose delivery is still being retried', async () => {
    const pending = await oldEvent('donor.updated', { donor_id: donorId });
    const unrelayed = await oldEvent('donor.updated', { donor_id: donorId });
    await ctx.db.execute(sql`UPDATE webhook_events SET relayed_at = NULL WHERE id = ${unrelayed}`);
    const { rows: endpoints } = await ctx.db.execute<{ id: string }>(
      sql`SELECT id FROM webhook_endpoints WHERE npo_id = ${npoId} LIMIT 1`,
    );
    expect(endpoints[0]).toBeDefined();
    await ctx.db.execute(sql`INSERT INTO webhook_deliveries (npo_id, endpoint_id, event_id)
      VALUES (${npoId}, ${Number(endpoints[0]?.id)}, ${pending})`);
    // The workflows cursor is past both.
    await ctx.db.execute(sql`UPDATE workflow_cursor SET last_event_id = ${unrelayed} + 1 WHERE id = 1`);
    await pruneOutbox(ctx.db, readers);
    expect(await exists(pending)).toBe(true);
    expect(await exists(unrelayed)).toBe(true);
    // Delivered and relayed: now both go.
    await ctx.db.execute(sql`UPDATE webhook_deliveries SET status = 'succeeded' WHERE event_id = ${pending}`);
    await ctx.db.execute(sql`UPDATE webhook_events SET relayed_at = now() WHERE id = ${unrelayed}`);
    await pruneOutbox(ctx.db, readers);
    expect(await exists(pending)).toBe(false);
    expect(await exists(unrelayed)).toBe(false);
  });
});
