import {
  ORGANISATION_SETTINGS_CODES,
  ZAuditFilter,
  ZAuditQuery,
  ZAuditResponse,
  ZMemberSessionsResponse,
  ZSecuritySettings,
  ZSecuritySettingsRequest,
  ZSignInHistoryQuery,
  ZSignInHistoryResponse,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { dayIn } from '../../platform/format/calendar.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess, requirePermission } from '../../platform/http/session-context.ts';
import { auditLogBatches, recordAudit } from '../audit/index.ts';
import { findNpo } from '../organisations/index.ts';
import { auditCsvStream } from './audit-export.ts';
import {
  auditLogPage,
  getSettings,
  listSessions,
  revokeSession,
  signInHistory,
  toAuditFilter,
  updateSettings,
} from './security.service.ts';

// The security page is for the organisation's admins (7789, 6635, 5150), never finance (2001),
// like the team (docs/product/security.md#who-sees-it); changing the policy or ending someone's
// session also needs the team.manage permission (docs/product/team.md#permissions).
const GROUP = ORGANISATION_SETTINGS_CODES;
const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const BASE = '/npo_admin/security';

const sessionOf = (request: FastifyRequest) => organisationSessionOf(request, GROUP);
const actor = (request: FastifyRequest) => ({ session: sessionOf(request), ip: request.ip ?? null });

/** /api/v1/npo_admin/security…: sign-in policy, sessions, sign-in history and the audit log. */
export async function securityRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Security');
  const { db } = deps;
  const read = requireAccess(GROUP);
  const manage = [read, requirePermission('team.manage')];

  r.get(`${BASE}/settings`, { preHandler: read, schema: { response: { 200: ZSecuritySettings } } }, async (request) =>
    getSettings(db, sessionOf(request).selectedNpoId),
  );
  r.put(
    `${BASE}/settings`,
    { preHandler: manage, schema: { body: ZSecuritySettingsRequest, response: { 200: ZSecuritySettings } } },
    async (request) => updateSettings(db, actor(request), request.body),
  );

  r.get(
    `${BASE}/sessions`,
    { preHandler: read, schema: { response: { 200: ZMemberSessionsResponse } } },
    async (request) => listSessions(db, sessionOf(request)),
  );
  r.delete(
    `${BASE}/sessions/:id`,
    {
      preHandler: manage,
      config: {
        openapi: { responses: { 204: { description: 'The session is ended; its next request is signed out.' } } },
      },
      schema: { params: ZIdParams },
    },
    async (request, reply) => {
      await revokeSession(db, actor(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    `${BASE}/sign_ins`,
    { preHandler: read, schema: { querystring: ZSignInHistoryQuery, response: { 200: ZSignInHistoryResponse } } },
    async (request) => signInHistory(db, sessionOf(request).selectedNpoId, request.query),
  );

  r.get(
    `${BASE}/audit`,
    { preHandler: read, schema: { querystring: ZAuditQuery, response: { 200: ZAuditResponse } } },
    async (request) => auditLogPage(db, sessionOf(request).selectedNpoId, request.query),
  );

  // The export is itself audited: who took a copy of the log, with which filters.
  r.get(
    `${BASE}/audit/export`,
    {
      preHandler: read,
      config: {
        openapi: {
          description: 'Streams the filtered audit log, newest first.',
          responses: { 200: { description: 'The audit log as CSV.', mediaType: 'text/csv; charset=utf-8' } },
        },
      },
      schema: { querystring: ZAuditFilter },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const filter = toAuditFilter(request.query);
      await recordAudit(db, {
        npoId: session.selectedNpoId,
        actorUserId: session.user.id,
        action: 'audit.exported',
        targetType: 'organisation',
        targetId: session.selectedNpoId,
        data: { filter: request.query },
        ip: request.ip ?? null,
      });
      // Dates and the file's day on the organisation's clock (decision 027).
      const zone = (await findNpo(db, session.selectedNpoId))?.timeZone ?? 'UTC';
      const day = dayIn(new Date(), zone);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .send(auditCsvStream(auditLogBatches(db, session.selectedNpoId, filter), zone));
    },
  );
}
