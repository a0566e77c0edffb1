import {
  ZConsoleAnalytics,
  ZConsoleCreatedOrganisation,
  ZConsoleCreateOrganisationRequest,
  ZConsoleOwnerInvitation,
  ZConsoleReason,
  ZRecordIdParams,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { consoleAnalytics } from './console-analytics.service.ts';
import {
  createOrganisationFromConsole,
  resendOwnerInvitationFromConsole,
} from './console-create-organisation.service.ts';

/** con24c: creating an organisation and /console/analytics (docs/decisions/063-console-growth.md). */
export function consoleGrowthRoutes(app: FastifyInstance, deps: { db: Db; mailer: Mailer | null; origin: string }) {
  const r = zodRouter(app, 'Console');
  const only = requireAccess('console');
  const { db, mailer, origin } = deps;

  r.post(
    '/console/organizations',
    {
      preHandler: only,
      schema: { body: ZConsoleCreateOrganisationRequest, response: { 201: ZConsoleCreatedOrganisation } },
    },
    async (request, reply) => {
      if (!mailer) throw new Error('the console needs a mailer to invite an owner');
      const session = organisationSessionOf(request, 'console');
      const op = { userId: session.user.id, ip: request.ip ?? null };
      const created = await createOrganisationFromConsole({ db, mailer, origin }, session, op, request.body);
      return reply.code(201).send(created);
    },
  );

  // fin19: the owner who has not joined gets a new invitation link.
  r.post(
    '/console/organizations/:id/resend_invitation',
    {
      preHandler: only,
      schema: { params: ZRecordIdParams, body: ZConsoleReason, response: { 200: ZConsoleOwnerInvitation } },
    },
    async (request) => {
      if (!mailer) throw new Error('the console needs a mailer to invite an owner');
      const session = organisationSessionOf(request, 'console');
      const op = { userId: session.user.id, ip: request.ip ?? null };
      return resendOwnerInvitationFromConsole({ db, mailer, origin }, session, op, {
        npoId: request.params.id,
        reason: request.body.reason,
      });
    },
  );

  r.get('/console/analytics', { preHandler: only, schema: { response: { 200: ZConsoleAnalytics } } }, async () =>
    consoleAnalytics(db),
  );
}
