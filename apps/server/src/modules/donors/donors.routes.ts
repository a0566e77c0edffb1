import {
  ZDonorDetail,
  ZDonorListQuery,
  ZDonorListResponse,
  ZDonorMergeInput,
  ZDonorMergePreview,
  ZDonorProfileInput,
  ZGivingYearInput,
  ZGivingYearSetting,
  ZStatementQuery,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess, requirePermission } from '../../platform/http/session-context.ts';
import { renderAnnualStatement } from './donor-statement.ts';
import {
  type Actor,
  type DonorMergeStep,
  getDonorDetail,
  getGivingYear,
  listDonors,
  mergeDonors,
  previewMerge,
  setGivingYear,
  updateDonor,
} from './donors.service.ts';

// Access: every role of the dashboard group reads donors (staff 1984 included); the admin group
// (finance, admin, manager, super-admin) edits profiles, merges donors and sets the giving year.
// Every query is scoped by the session's selected organisation: another organisation's donor is 404.
const READ = 'dashboard';
const WRITE = 'admin';

const ZDonorIdParams = z.object({ id: z.coerce.number().int().positive() });

const actorOf = (request: FastifyRequest): Actor => {
  const session = organisationSessionOf(request, WRITE);
  return { userId: session.user.id, npoId: session.selectedNpoId, ip: request.ip ?? null };
};
const npoOf = (request: FastifyRequest) => organisationSessionOf(request, READ).selectedNpoId;

/** Staff donor API under /api/v1 (docs/product/donors.md: donors list, donor page, merges, statements). */
export async function donorRoutes(
  app: FastifyInstance,
  deps: { db: Db; mergeSteps?: readonly DonorMergeStep[] },
): Promise<void> {
  const r = zodRouter(app, 'Donors');
  const { db } = deps;
  const read = requireAccess(READ);
  const write = requireAccess(WRITE);
  const merge = [write, requirePermission('donors.merge')];

  r.get(
    '/npo_admin/donors',
    {
      preHandler: read,
      config: { apiScope: 'donors:read' },
      schema: { querystring: ZDonorListQuery, response: { 200: ZDonorListResponse } },
    },
    async (request) => listDonors(db, npoOf(request), request.query),
  );

  r.get(
    '/npo_admin/donors/:id',
    {
      preHandler: read,
      config: { apiScope: 'donors:read' },
      schema: { params: ZDonorIdParams, response: { 200: ZDonorDetail } },
    },
    async (request) => getDonorDetail(db, npoOf(request), request.params.id),
  );

  r.patch(
    '/npo_admin/donors/:id',
    {
      preHandler: write,
      config: { apiScope: 'donors:write' },
      schema: { params: ZDonorIdParams, body: ZDonorProfileInput, response: { 200: ZDonorDetail } },
    },
    async (request) => {
      const actor = actorOf(request);
      await updateDonor(db, actor, request.params.id, request.body);
      return getDonorDetail(db, actor.npoId, request.params.id);
    },
  );

  r.get(
    '/npo_admin/donors/:id/merge_preview',
    {
      preHandler: merge,
      schema: { params: ZDonorIdParams, querystring: ZDonorMergeInput, response: { 200: ZDonorMergePreview } },
    },
    async (request) => previewMerge(db, actorOf(request).npoId, request.params.id, request.query.duplicate_id),
  );

  r.post(
    '/npo_admin/donors/:id/merge',
    { preHandler: merge, schema: { params: ZDonorIdParams, body: ZDonorMergeInput, response: { 200: ZDonorDetail } } },
    async (request) => {
      const actor = actorOf(request);
      await mergeDonors(db, actor, request.params.id, request.body.duplicate_id, deps.mergeSteps);
      return getDonorDetail(db, actor.npoId, request.params.id);
    },
  );

  r.get(
    '/npo_admin/donors/:id/statement.pdf',
    {
      preHandler: read,
      config: {
        openapi: { responses: { 200: { description: "The donor's annual statement.", mediaType: 'application/pdf' } } },
      },
      schema: { params: ZDonorIdParams, querystring: ZStatementQuery },
    },
    async (request, reply) => {
      const { id } = request.params;
      const pdf = await renderAnnualStatement(db, { npoId: npoOf(request), donorId: id, year: request.query.year });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="statement-${id}-${request.query.year}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  r.get(
    '/npo_admin/organisation/giving_year',
    { preHandler: read, schema: { response: { 200: ZGivingYearSetting } } },
    async (request) => getGivingYear(db, npoOf(request)),
  );

  r.patch(
    '/npo_admin/organisation/giving_year',
    { preHandler: write, schema: { body: ZGivingYearInput, response: { 200: ZGivingYearSetting } } },
    async (request) => setGivingYear(db, actorOf(request), request.body.fiscal_year_start_month),
  );
}
