// Delivering webhook events (docs/decisions/074-webhook-outbox.md): a relay hands new outbox rows to
// the endpoints that chose them (one delivery row per event and endpoint), and a pg-boss job per
// delivery sends it, signed, retried with exponential backoff for about three days.
import { randomUUID } from 'node:crypto';
import { ACCESS, type TWebhookEventType, WEBHOOK_EVENT_LABELS } from '@kindling/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { defineQueue, type Jobs, type Queue } from '../../platform/jobs/jobs.ts';
import { periodicClock } from '../../platform/jobs/periodic.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { OutboxReader } from '../../platform/outbox/outbox-prune.ts';
import { webhookEvents } from '../../platform/outbox/webhook-events.tables.ts';
import { memberships } from '../organisations/index.ts';
import { users } from '../users/index.ts';
import { signatureHeader } from './webhook-signature.ts';
import { assertWebhookUrl } from './webhook-url.ts';
import { openSecret, type WebhookDeps } from './webhooks.service.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './webhooks.tables.ts';

/** Automatic retries after the first attempt (docs/product/integrations.md#webhooks). */
export const WEBHOOK_RETRY_LIMIT = 12;
const TIMEOUT_MS = 10_000;
const EXCERPT = 2000;
/** An endpoint failing this long without one success is switched off… */
const DISABLE_AFTER = '3 days';
/** …or after this many failed attempts in a row, whichever comes first. */
export const DISABLE_AFTER_FAILURES = 250;
const BATCH = 500;
const DISABLED_REASON = `Switched off: every delivery failed for three days or ${DISABLE_AFTER_FAILURES} times in a row.`;

export type DeliveryJob = { deliveryId: number; manual?: boolean };
type EngineDeps = WebhookDeps & { mailer: Mailer; origin: string };

const relayQueue = defineQueue<{ slot: string }>('webhook-relay', { retryLimit: 3, retryDelaySeconds: 5 });

/** Hands up to BATCH unrelayed events to their endpoints in one statement; returns the new deliveries. */
async function relayBatch(db: Db): Promise<{ relayed: number; deliveries: number[] }> {
  const result = await db.execute<{ relayed: string; deliveries: string[] | null }>(sql`
    WITH batch AS (
      SELECT id, npo_id, type FROM ${webhookEvents} WHERE relayed_at IS NULL ORDER BY id LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED
    ), marked AS (
      UPDATE ${webhookEvents} e SET relayed_at = now() FROM batch WHERE e.id = batch.id RETURNING e.id
    ), inserted AS (
      INSERT INTO ${webhookDeliveries} (npo_id, endpoint_id, event_id)
      SELECT b.npo_id, ep.id, b.id FROM batch b
      JOIN ${webhookEndpoints} ep ON ep.npo_id = b.npo_id AND ep.enabled AND b.type = ANY(ep.events)
      ON CONFLICT (event_id, endpoint_id) DO NOTHING
      RETURNING id
    )
    SELECT (SELECT count(*) FROM marked) AS relayed, (SELECT array_agg(id) FROM inserted) AS deliveries`);
  const row = result.rows[0];
  return { relayed: Number(row?.relayed ?? 0), deliveries: (row?.deliveries ?? []).map(Number) };
}

/**
 * New events to deliveries, and a job for each. A crash between the two leaves deliveries without a
 * job: they are sent again here a minute later (the keyed send is a no-op for a job that exists).
 */
export async function relayWebhookEvents(db: Db, jobs: Jobs, queue: Queue<DeliveryJob>): Promise<void> {
  for (;;) {
    const { relayed, deliveries } = await relayBatch(db);
    for (const id of deliveries) await jobs.send(queue, { deliveryId: id }, { key: `webhook-delivery-${id}` });
    if (relayed < BATCH) break;
  }
  const stranded = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        eq(webhookDeliveries.attempts, 0),
        sql`${webhookDeliveries.createdAt} < now() - interval '1 minute'`,
      ),
    )
    .limit(BATCH);
  for (const { id } of stranded) await jobs.send(queue, { deliveryId: id }, { key: `webhook-delivery-${id}` });
}

async function loadDelivery(db: Db, deliveryId: number) {
  const [row] = await db
    .select({
      delivery: webhookDeliveries,
      event: webhookEvents,
      endpoint: webhookEndpoints,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row ?? null;
}

/** The body every attempt of a delivery sends: the same bytes, the same `evt_` id. */
export function eventBody(event: typeof webhookEvents.$inferSelect): string {
  return JSON.stringify({
    id: event.publicId,
    type: event.type,
    created: Math.floor(event.createdAt.getTime() / 1000),
    data: event.data,
  });
}

type Outcome = { status: number | null; body: string | null; error: string | null; ms: number };

async function post(deps: EngineDeps, url: string, headers: Record<string, string>, body: string): Promise<Outcome> {
  const started = performance.now();
  try {
    await assertWebhookUrl(url, { production: deps.production });
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = (await res.text()).slice(0, EXCERPT);
    return { status: res.status, body: text, error: null, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const message =
      error instanceof Error ? (error.name === 'TimeoutError' ? 'Timed out after 10 s' : error.message) : String(error);
    return { status: null, body: null, error: message, ms: Math.round(performance.now() - started) };
  }
}

/** Tells the organisation's admins that an endpoint was switched off. */
async function mailAdmins(deps: EngineDeps, npoId: number, url: string, reason: string): Promise<void> {
  const admins = await deps.db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.npoId, npoId), inArray(memberships.roleCode, [...ACCESS.admin])));
  for (const { email } of admins) {
    await deps.mailer.send({
      to: email,
      subject: 'A webhook endpoint was switched off',
      text: [
        `Kindling switched off the webhook endpoint ${url}: ${reason}`,
        '',
        'Events are not sent to it until an administrator switches it on again at',
        `${deps.origin}/dashboard/crm/integrations`,
        'Deliveries that failed can be sent again by hand from the delivery log.',
      ].join('\n'),
    });
  }
}

/** Counts a failed attempt against the endpoint; switches it off once the rule says so. */
async function countFailure(deps: EngineDeps, endpointId: number): Promise<void> {
  // One UPDATE (a row changed twice in one statement keeps only one change); `before` tells
  // whether this failure is the one that switched the endpoint off, so the admins hear once.
  const due = sql`ep.enabled AND (coalesce(ep.failing_since, now()) <= now() - ${DISABLE_AFTER}::interval
    OR ep.consecutive_failures + 1 >= ${DISABLE_AFTER_FAILURES})`;
  const [row] = await deps.db
    .execute<{ npo_id: string; url: string; failures: number; switched_off: boolean }>(sql`
    UPDATE ${webhookEndpoints} ep SET consecutive_failures = ep.consecutive_failures + 1,
      failing_since = coalesce(ep.failing_since, now()),
      enabled = CASE WHEN ${due} THEN false ELSE ep.enabled END,
      disabled_reason = CASE WHEN ${due} THEN ${DISABLED_REASON} ELSE ep.disabled_reason END,
      updated_at = CASE WHEN ${due} THEN now() ELSE ep.updated_at END
    FROM (SELECT id, enabled FROM ${webhookEndpoints} WHERE id = ${endpointId} FOR UPDATE) before
    WHERE ep.id = before.id
    RETURNING ep.npo_id, ep.url, ep.consecutive_failures AS failures, (before.enabled AND NOT ep.enabled) AS switched_off`)
    .then((r) => r.rows);
  if (row?.switched_off) {
    await mailAdmins(deps, Number(row.npo_id), row.url, `${row.failures} attempts in a row failed.`);
  }
}

/** One attempt of one delivery; throws (so pg-boss retries it) while automatic retries remain. */
export async function deliver(deps: EngineDeps, job: DeliveryJob): Promise<void> {
  const row = await loadDelivery(deps.db, job.deliveryId);
  if (!row) return;
  const { delivery, event, endpoint } = row;
  if (!job.manual && delivery.status !== 'pending') return; // delivered already: a repeated job sends nothing
  if (!job.manual && !endpoint.enabled) {
    await deps.db.update(webhookDeliveries).set({ status: 'failed' }).where(eq(webhookDeliveries.id, delivery.id));
    return;
  }
  const body = eventBody(event);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Kindling-Webhooks/1.0',
    'kindling-event-id': event.publicId,
    'kindling-event-type': event.type,
    'kindling-signature': signatureHeader(openSecret(deps.key, endpoint), body, Math.floor(Date.now() / 1000)),
  };
  const outcome = await post(deps, endpoint.url, headers, body);
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const attempts = delivery.attempts + (job.manual ? 0 : 1);
  const final = ok || job.manual || attempts > WEBHOOK_RETRY_LIMIT;
  await deps.db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      requestHeaders: headers,
      requestBody: body,
      responseStatus: outcome.status,
      responseBody: outcome.body,
      error: outcome.error,
      durationMs: outcome.ms,
      manual: job.manual === true,
    });
    await tx
      .update(webhookDeliveries)
      .set({
        attempts,
        lastAttemptAt: new Date(),
        ...(ok
          ? { status: 'succeeded' as const, deliveredAt: new Date() }
          : final
            ? { status: 'failed' as const }
            : {}),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (ok) {
      await tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: 0, failingSince: null })
        .where(eq(webhookEndpoints.id, endpoint.id));
    }
  });
  if (ok) return;
  await countFailure(deps, endpoint.id);
  if (!final) {
    throw new Error(`webhook delivery ${delivery.id} to ${endpoint.url} failed: ${outcome.error ?? outcome.status}`);
  }
}

export type WebhookEngine = { start: () => void; stop: () => void; redeliver: (deliveryId: number) => Promise<void> };

/** Registers the relay and delivery queues; the relay's clock runs every `relaySeconds` (0: never). */
export function registerWebhooks(
  jobs: Jobs,
  deps: EngineDeps & { relaySeconds: number; retryDelaySeconds: number; log: (error: unknown) => void },
): WebhookEngine {
  const deliveryQueue = defineQueue<DeliveryJob>('webhook-delivery', {
    retryLimit: WEBHOOK_RETRY_LIMIT,
    retryDelaySeconds: deps.retryDelaySeconds,
    expireInSeconds: 60,
    // Deliveries wait on other people's servers (up to 10 s each): several at once, so one slow
    // endpoint does not hold up every organisation's deliveries.
    workers: 4,
  });
  jobs.register(relayQueue, () => relayWebhookEvents(deps.db, jobs, deliveryQueue));
  jobs.register(deliveryQueue, (data) => deliver(deps, data));
  const clock = periodicClock(jobs, relayQueue, (slot) => ({ slot }), { seconds: deps.relaySeconds, log: deps.log });
  return {
    start: clock.start,
    stop: clock.stop,
    async redeliver(deliveryId) {
      await jobs.send(deliveryQueue, { deliveryId, manual: true }, { key: `webhook-redeliver-${randomUUID()}` });
    },
  };
}

export const eventLabel = (type: string) => WEBHOOK_EVENT_LABELS[type as TWebhookEventType] ?? type;

/**
 * The webhook relay's position in the outbox for pruning (decision 098): the first event not yet
 * relayed, or with a delivery still pending its retries; past the newest event when all are done.
 */
export const webhookOutboxReader: OutboxReader = {
  name: 'webhook relay',
  firstNeeded: async (db) => {
    const { rows } = await db.execute<{ first: string }>(sql`SELECT least(
        (SELECT min(id) FROM ${webhookEvents} WHERE relayed_at IS NULL),
        (SELECT min(event_id) FROM ${webhookDeliveries} WHERE status = 'pending'),
        (SELECT coalesce(max(id), 0) + 1 FROM ${webhookEvents})) AS first`);
    return Number(rows[0]?.first ?? 0);
  },
};
