import {
  ZGiftAidClaim,
  ZGiftAidClaimInput,
  ZGiftAidClaimList,
  ZGiftAidPeriodQuery,
  ZGiftAidPreview,
  ZGiftAidScheduleQuery,
  ZGiftAidUndoInput,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess, requirePermission } from '../../platform/http/session-context.ts';
import {
  type Actor,
  claimSchedule,
  createClaim,
  listClaims,
  previewClaim,
  undoGiftAidClaim,
} from './gift-aid.service.ts';

// Access (docs/product/reports.md#gift-aid-claims, decision 092): the reports' readers (the dashboard
// group holding “View reports”) review eligible gifts, list claims and download schedules; making or
// undoing a claim changes what can be claimed, so it takes the admin group too (finance 2001,
// manager 6635, admin 5150, 7789): staff (1984) get 403. Another organisation's claim is 404.
const READ = 'dashboard';
const WRITE = 'admin';
const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
const ZClaimId = z.object({ claimId: z.coerce.number().int().positive() });

const actorOf = (request: FastifyRequest, group: typeof READ | typeof WRITE): Actor => {
  const session = organisationSessionOf(request, group);
  return { userId: session.user.id, npoId: session.selectedNpoId, roleCode: session.roleCode, ip: request.ip ?? null };
};

/** Gift Aid claims under /api/v1/npo_admin/reports/gift_aid. */
export async function giftAidRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Reports');
  const { db } = deps;
  const read = [requireAccess(READ), requirePermission('reports.view')];
  const write = [requireAccess(WRITE), requirePermission('reports.view')];

  r.get(
    '/npo_admin/reports/gift_aid/preview',
    { preHandler: read, schema: { querystring: ZGiftAidPeriodQuery, response: { 200: ZGiftAidPreview } } },
    (request) => previewClaim(db, actorOf(request, READ), request.query),
  );

  r.get(
    '/npo_admin/reports/gift_aid/claims',
    { preHandler: read, schema: { response: { 200: ZGiftAidClaimList } } },
    async (request) => ({ claims: await listClaims(db, actorOf(request, READ).npoId) }),
  );

  r.post(
    '/npo_admin/reports/gift_aid/claims',
    { preHandler: write, schema: { body: ZGiftAidClaimInput, response: { 201: ZGiftAidClaim } } },
    async (request, reply) => reply.status(201).send(await createClaim(db, actorOf(request, WRITE), request.body)),
  );

  r.post(
    '/npo_admin/reports/gift_aid/claims/:claimId/undo',
    { preHandler: write, schema: { params: ZClaimId, body: ZGiftAidUndoInput, response: { 200: ZGiftAidClaim } } },
    (request) => undoGiftAidClaim(db, actorOf(request, WRITE), request.params.claimId, request.body.reason),
  );

  r.get(
    '/npo_admin/reports/gift_aid/claims/:claimId/schedule',
    {
      preHandler: read,
      config: {
        openapi: {
          responses: {
            200: {
              description: 'The HMRC Gift Aid schedule of the claim (XLSX or CSV).',
              mediaType: 'application/octet-stream',
            },
          },
        },
      },
      schema: { params: ZClaimId, querystring: ZGiftAidScheduleQuery },
    },
    async (request, reply) => {
      const { format, aggregate } = request.query;
      const file = await claimSchedule(db, actorOf(request, READ), request.params.claimId, { format, aggregate });
      const name = `gift-aid-schedule-${file.reference.replace(/[^A-Za-z0-9._-]/g, '_')}.${format}`;
      return reply
        .type(CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
