import {
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookEndpointInput,
  type TWebhookEventType,
  type TWebhookSecret,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_PREFIX,
  ZWebhookEndpointInput,
} from '@kindling/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { webhookEvents } from '../../platform/outbox/webhook-events.tables.ts';
import { open, seal } from '../../platform/security/sealed-box.ts';
import { randomToken } from '../../platform/security/tokens.ts';
import { recordAudit } from '../audit/index.ts';
import type { Actor } from './api-keys.service.ts';
import { assertWebhookUrl } from './webhook-url.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './webhooks.tables.ts';

export type WebhookDeps = { db: Db; key: Buffer; production: boolean };
type EndpointRow = typeof webhookEndpoints.$inferSelect;

const SHOWN = WEBHOOK_SECRET_PREFIX.length + 4;
// Bound to the organisation, so a sealed secret copied to another organisation's row does not open.
const aad = (npoId: number) => `webhook-secret:${npoId}`;

export const toEndpoint = (row: EndpointRow): TWebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events as TWebhookEventType[],
  enabled: row.enabled,
  secret_prefix: row.secretPrefix,
  disabled_reason: row.disabledReason,
  consecutive_failures: row.consecutiveFailures,
  created_at: row.createdAt.toISOString(),
});

export const openSecret = (key: Buffer, row: { npoId: number; secretSealed: string }) =>
  open(key, row.secretSealed, aad(row.npoId));

/** The stored form of a secret (the demo seed stores the demo receiver's). */
export const sealWebhookSecret = (key: Buffer, npoId: number, secret: string) => ({
  secretSealed: seal(key, secret, aad(npoId)),
  secretPrefix: secret.slice(0, SHOWN),
});

function newSecret(key: Buffer, npoId: number) {
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomToken(32)}`;
  return { secret, secretSealed: seal(key, secret, aad(npoId)), secretPrefix: secret.slice(0, SHOWN) };
}

async function endpointOf(db: Tx, npoId: number, id: number): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.npoId, npoId), eq(webhookEndpoints.id, id)));
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
  return row;
}

export const listEndpoints = async (db: Db, npoId: number): Promise<TWebhookEndpoint[]> =>
  (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.npoId, npoId)).orderBy(webhookEndpoints.id)).map(
    toEndpoint,
  );

const audit = (tx: Tx, actor: Actor, action: string, id: number, data?: Record<string, unknown>) =>
  recordAudit(tx, {
    npoId: actor.npoId,
    actorUserId: actor.userId,
    action,
    targetType: 'webhook_endpoint',
    targetId: id,
    data,
    ip: actor.ip,
  });

/** A new endpoint and its signing secret, shown this once. */
export async function createEndpoint(
  deps: WebhookDeps,
  actor: Actor,
  input: TWebhookEndpointInput,
): Promise<TWebhookSecret> {
  const body = ZWebhookEndpointInput.parse(input);
  const url = await assertWebhookUrl(body.url, { production: deps.production });
  const { secret, ...sealed } = newSecret(deps.key, actor.npoId);
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        npoId: actor.npoId,
        url: url.href,
        description: body.description,
        events: body.events,
        enabled: body.enabled,
        createdByUserId: actor.userId,
        ...sealed,
      })
      .returning();
    if (!created) throw new Error('webhook endpoint insert returned nothing');
    await audit(tx, actor, 'webhook_endpoint.created', created.id, { url: created.url, events: body.events });
    return created;
  });
  return { endpoint: toEndpoint(row), secret };
}

/** Changes address, events, description or switches it on/off; switching on clears the failure count. */
export async function updateEndpoint(
  deps: WebhookDeps,
  actor: Actor,
  id: number,
  input: TWebhookEndpointInput,
): Promise<TWebhookEndpoint> {
  const body = ZWebhookEndpointInput.parse(input);
  await endpointOf(deps.db, actor.npoId, id);
  const url = await assertWebhookUrl(body.url, { production: deps.production });
  return deps.db.transaction(async (tx) => {
    const before = await endpointOf(tx, actor.npoId, id);
    const reenabled = body.enabled && !before.enabled;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        url: url.href,
        description: body.description,
        events: body.events,
        enabled: body.enabled,
        updatedAt: new Date(),
        ...(reenabled ? { consecutiveFailures: 0, failingSince: null, disabledReason: null } : {}),
      })
      .where(and(eq(webhookEndpoints.npoId, actor.npoId), eq(webhookEndpoints.id, id)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
    await audit(tx, actor, 'webhook_endpoint.updated', id, { url: row.url, events: body.events, enabled: row.enabled });
    return toEndpoint(row);
  });
}

/** A new secret replaces the old one at once; the answer is the only time it is shown. */
export async function rotateSecret(deps: WebhookDeps, actor: Actor, id: number): Promise<TWebhookSecret> {
  const { secret, ...sealed } = newSecret(deps.key, actor.npoId);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ ...sealed, updatedAt: new Date() })
      .where(and(eq(webhookEndpoints.npoId, actor.npoId), eq(webhookEndpoints.id, id)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
    await audit(tx, actor, 'webhook_endpoint.secret_rotated', id);
    return { endpoint: toEndpoint(row), secret };
  });
}

export async function deleteEndpoint(deps: WebhookDeps, actor: Actor, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.npoId, actor.npoId), eq(webhookEndpoints.id, id)))
      .returning({ id: webhookEndpoints.id });
    if (rows.length === 0) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
    await audit(tx, actor, 'webhook_endpoint.deleted', id);
  });
}

/** The endpoint's latest deliveries, newest first, each with its attempts. */
export async function listDeliveries(db: Db, npoId: number, endpointId: number): Promise<TWebhookDelivery[]> {
  await endpointOf(db, npoId, endpointId);
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookEvents.publicId,
      type: webhookEvents.type,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      createdAt: webhookDeliveries.createdAt,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.npoId, npoId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.id))
    .limit(50);
  const ids = rows.map((r) => r.id);
  const attempts = ids.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, ids))
        .orderBy(desc(webhookAttempts.id))
    : [];
  return rows.map((r) => ({
    id: r.id,
    event_id: r.eventId,
    event_type: r.type as TWebhookEventType,
    status: r.status,
    attempts: r.attempts,
    created_at: r.createdAt.toISOString(),
    last_attempt_at: r.lastAttemptAt?.toISOString() ?? null,
    attempt_log: attempts
      .filter((a) => a.deliveryId === r.id)
      .slice(0, 20)
      .map((a) => ({
        id: a.id,
        attempted_at: a.attemptedAt.toISOString(),
        request_headers: a.requestHeaders,
        request_body: a.requestBody,
        response_status: a.responseStatus,
        response_body: a.responseBody,
        error: a.error,
        duration_ms: a.durationMs,
        manual: a.manual,
      })),
  }));
}

/** The delivery of this organisation's endpoint, for a redelivery by hand. */
export async function deliveryOf(db: Db, npoId: number, endpointId: number, deliveryId: number) {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.npoId, npoId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, deliveryId),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
  return row;
}
