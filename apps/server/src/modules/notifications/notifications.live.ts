import { NOTIFICATION_CHANNEL, type TLiveNotificationMessage } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { type Cable, startPgListener } from '../../platform/realtime/index.ts';
import { loadForDelivery, NOTIFY_CHANNEL } from './notifications.service.ts';

/**
 * Fan-out across instances: every instance LISTENs on kindling_notifications; a NOTIFY carries a
 * notification id, each instance loads it and pushes it to the recipients connected to it.
 */
export async function startNotificationFanout(app: FastifyInstance, deps: { db: Db; cable: Cable }): Promise<void> {
  const connectionString = deps.db.$client.options.connectionString;
  if (!connectionString) throw new Error('the notification listener needs the database URL');
  const listener = startPgListener({
    connectionString,
    channel: NOTIFY_CHANNEL,
    log: app.log,
    onPayload: (payload) => {
      const id = Number.parseInt(payload, 10);
      if (!Number.isSafeInteger(id)) return;
      void deliver(app, deps, id);
    },
  });
  app.addHook('onClose', async () => listener.stop());
  await listener.ready;
}

async function deliver(app: FastifyInstance, deps: { db: Db; cable: Cable }, notificationId: number): Promise<void> {
  const connected = deps.cable.connectedUserIds();
  if (connected.length === 0) return;
  try {
    for (const { userId, notification } of await loadForDelivery(deps.db, notificationId, connected)) {
      const message: TLiveNotificationMessage = { notification };
      deps.cable.broadcastToUser(userId, NOTIFICATION_CHANNEL, message);
    }
  } catch (error) {
    app.log.error({ err: error, notificationId }, 'live notification delivery failed');
  }
}
