import {
  ZNotificationBulkResponse,
  ZNotificationRecipientResponse,
  ZNotificationsQuery,
  ZNotificationsResponse,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { requireSession, sessionOf } from '../../platform/http/session-context.ts';
import {
  listNotifications,
  type RecipientAction,
  updateAllRecipients,
  updateRecipient,
  type Viewer,
} from './notifications.service.ts';

const ZRecipientParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const viewerOf = (request: FastifyRequest): Viewer => {
  const session = sessionOf(request);
  return { userId: session.user.id, npoId: session.selectedNpoId };
};

/**
 * The signed-in user's notifications (docs/product/notifications.md#bell-and-page). Any signed-in user may call these:
 * each call only ever reads or changes the caller's own recipient rows.
 */
export async function notificationRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Notifications');

  r.get(
    '/notifications',
    {
      preHandler: requireSession,
      schema: { querystring: ZNotificationsQuery, response: { 200: ZNotificationsResponse } },
    },
    async (request) => listNotifications(deps.db, viewerOf(request), request.query),
  );

  const actions: RecipientAction[] = ['mark_as_read', 'mark_as_unread', 'dismiss'];
  for (const action of actions) {
    r.patch(
      `/notification_recipients/:id/${action}`,
      {
        preHandler: requireSession,
        schema: { params: ZRecipientParams, response: { 200: ZNotificationRecipientResponse } },
      },
      async (request) => updateRecipient(deps.db, viewerOf(request).userId, request.params.id, action),
    );
  }

  r.post(
    '/notification_recipients/mark_all_as_read',
    { preHandler: requireSession, schema: { response: { 200: ZNotificationBulkResponse } } },
    async (request) => updateAllRecipients(deps.db, viewerOf(request), 'mark_as_read'),
  );
  r.post(
    '/notification_recipients/dismiss_all',
    { preHandler: requireSession, schema: { response: { 200: ZNotificationBulkResponse } } },
    async (request) => updateAllRecipients(deps.db, viewerOf(request), 'dismiss'),
  );
}
