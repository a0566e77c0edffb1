// wh21: one demo webhook endpoint pointing at the demo receiver this app serves, with a few
// deliveries in its log and on the receiver's page (docs/product/integrations.md#demo).
import { sql } from 'drizzle-orm';
import {
  DEMO_RECEIVER_PATH,
  demoReceiverSecret,
  demoWebhookReceipts,
  sealWebhookSecret,
  signatureHeader,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../modules/integrations/index.ts';
import type { Db } from '../platform/db/client.ts';
import { webhookEvents } from '../platform/outbox/webhook-events.tables.ts';

/** Where `npm start` serves the app: the demo receiver is on the same server. */
const receiverUrl = () =>
  `${(process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '')}${DEMO_RECEIVER_PATH}`;

export async function seedWebhooks(db: Db, npoIds: Map<string, number>, totpKey: Buffer): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const exists = await db.execute(sql`SELECT 1 FROM webhook_endpoints WHERE npo_id = ${npoId} LIMIT 1`);
  if (exists.rows.length > 0) return;
  const secret = demoReceiverSecret(totpKey);
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      npoId,
      url: receiverUrl(),
      description: 'Demo receiver (this app’s /demo/webhook-receiver page)',
      events: ['donation.succeeded', 'donation.refunded', 'donor.created', 'plan.created'],
      ...sealWebhookSecret(totpKey, npoId, secret),
      createdAt: sql`now() - interval '10 days'`,
    })
    .returning({ id: webhookEndpoints.id });
  if (!endpoint) return;
  const gifts = await db.execute<{ id: string; amount_minor: string; currency: string; donor_id: string }>(sql`
    SELECT id, amount_minor, currency, donor_id FROM donations
    WHERE npo_id = ${npoId} AND status = 'succeeded' ORDER BY created_at DESC, id DESC LIMIT 3`);
  let n = 0;
  for (const gift of gifts.rows) {
    n++;
    const at = new Date(Date.now() - n * 3_600_000);
    const [event] = await db
      .insert(webhookEvents)
      .values({
        npoId,
        type: 'donation.succeeded',
        data: {
          donation_id: Number(gift.id),
          amount_minor: Number(gift.amount_minor),
          currency: gift.currency,
          donor_id: Number(gift.donor_id),
        },
        createdAt: at,
        relayedAt: at,
      })
      .returning();
    if (!event) continue;
    const body = JSON.stringify({
      id: event.publicId,
      type: event.type,
      created: Math.floor(at.getTime() / 1000),
      data: event.data,
    });
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Kindling-Webhooks/1.0',
      'kindling-event-id': event.publicId,
      'kindling-event-type': event.type,
      'kindling-signature': signatureHeader(secret, body, Math.floor(at.getTime() / 1000)),
    };
    // The oldest delivery failed once (the receiver was down) and succeeded on its retry.
    const failedFirst = n === gifts.rows.length;
    const [delivery] = await db
      .insert(webhookDeliveries)
      .values({
        npoId,
        endpointId: endpoint.id,
        eventId: event.id,
        status: 'succeeded',
        attempts: failedFirst ? 2 : 1,
        createdAt: at,
        lastAttemptAt: at,
        deliveredAt: at,
      })
      .returning({ id: webhookDeliveries.id });
    if (!delivery) continue;
    const attempt = { deliveryId: delivery.id, requestHeaders: headers, requestBody: body, attemptedAt: at };
    if (failedFirst) {
      await db.insert(webhookAttempts).values({
        ...attempt,
        attemptedAt: new Date(at.getTime() - 60_000),
        responseStatus: null,
        error: 'connect ECONNREFUSED 127.0.0.1:3000',
        durationMs: 3,
      });
    }
    await db.insert(webhookAttempts).values({
      ...attempt,
      responseStatus: 200,
      responseBody: '{"received":true,"signature_valid":true}',
      durationMs: 12 + n,
    });
    await db.insert(demoWebhookReceipts).values({
      receivedAt: at,
      eventId: event.publicId,
      eventType: event.type,
      signatureValid: true,
      body,
    });
  }
}
