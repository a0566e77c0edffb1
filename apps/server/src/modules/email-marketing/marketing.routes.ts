import {
  ZMarketingEmail,
  ZMarketingEmailInput,
  ZMarketingEmailList,
  ZMarketingOverview,
  ZMarketingSendInput,
  ZMarketingSettings,
  ZMarketingTestInput,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import {
  type Actor,
  cancelEmail,
  changeEmail,
  createEmail,
  getEmail,
  getSettings,
  listEmails,
  overview,
  removeEmail,
  saveSettings,
  sendEmail,
  sendTest,
} from './marketing.service.ts';

// Access (docs/product/crm-email-marketing.md#access): every role of the dashboard group writes,
// tests, sends and schedules e-mails and reads results, as with segments; the admin group changes
// the tracking, throttle and attribution settings. Another organisation's e-mail ids are 404.
const READ = 'dashboard';
const ADMIN = 'admin';
const ZId = z.object({ id: z.coerce.number().int().positive() });
const NO_CONTENT = { openapi: { responses: { 204: { description: 'Done: nothing to return.' } } } };

const actorOf = (request: FastifyRequest, group: 'dashboard' | 'admin' = READ): Actor & { email: string } => {
  const session = organisationSessionOf(request, group);
  return { userId: session.user.id, npoId: session.selectedNpoId, ip: request.ip ?? null, email: session.user.email };
};

export type MarketingRouteDeps = { db: Db; mailer: Mailer; jobs: Jobs; origin: string; fromAddress: string };

/** Staff e-mail marketing API under /api/v1/npo_admin/marketing (docs/product/crm-email-marketing.md). */
export async function marketingRoutes(app: FastifyInstance, deps: MarketingRouteDeps): Promise<void> {
  const r = zodRouter(app, 'E-mail marketing');
  const { db } = deps;
  const read = requireAccess(READ);
  const admin = requireAccess(ADMIN);
  const one = { preHandler: read, schema: { params: ZId, response: { 200: ZMarketingEmail } } };

  r.get('/npo_admin/marketing/overview', { preHandler: read, schema: { response: { 200: ZMarketingOverview } } }, (q) =>
    overview(db, actorOf(q).npoId),
  );
  r.get('/npo_admin/marketing/settings', { preHandler: read, schema: { response: { 200: ZMarketingSettings } } }, (q) =>
    getSettings(db, actorOf(q).npoId),
  );
  r.put(
    '/npo_admin/marketing/settings',
    { preHandler: admin, schema: { body: ZMarketingSettings, response: { 200: ZMarketingSettings } } },
    (q) => saveSettings(db, actorOf(q, ADMIN), q.body),
  );
  r.get(
    '/npo_admin/marketing/emails',
    { preHandler: read, schema: { response: { 200: ZMarketingEmailList } } },
    async (q) => ({
      emails: await listEmails(db, actorOf(q).npoId),
    }),
  );
  r.post(
    '/npo_admin/marketing/emails',
    { preHandler: read, schema: { body: ZMarketingEmailInput, response: { 201: ZMarketingEmail } } },
    async (q, reply) => reply.status(201).send(await createEmail(db, actorOf(q), q.body)),
  );
  r.get('/npo_admin/marketing/emails/:id', one, (q) => getEmail(db, actorOf(q).npoId, q.params.id));
  r.put(
    '/npo_admin/marketing/emails/:id',
    { preHandler: read, schema: { params: ZId, body: ZMarketingEmailInput, response: { 200: ZMarketingEmail } } },
    (q) => changeEmail(db, actorOf(q), q.params.id, q.body),
  );
  r.delete(
    '/npo_admin/marketing/emails/:id',
    { preHandler: read, schema: { params: ZId }, config: NO_CONTENT },
    async (q, reply) => {
      await removeEmail(db, actorOf(q), q.params.id);
      return reply.status(204).send();
    },
  );
  r.post(
    '/npo_admin/marketing/emails/:id/send',
    { preHandler: read, schema: { params: ZId, body: ZMarketingSendInput, response: { 200: ZMarketingEmail } } },
    (q) => sendEmail(deps, actorOf(q), q.params.id, q.body.scheduled_at ? new Date(q.body.scheduled_at) : null),
  );
  r.post('/npo_admin/marketing/emails/:id/cancel', one, (q) => cancelEmail(db, actorOf(q), q.params.id));
  r.post(
    '/npo_admin/marketing/emails/:id/test',
    { preHandler: read, schema: { params: ZId, body: ZMarketingTestInput }, config: NO_CONTENT },
    async (q, reply) => {
      await sendTest(deps, actorOf(q), q.params.id, q.body.email);
      return reply.status(204).send();
    },
  );
}
