import {
  canReach,
  ZContactListResponse,
  ZSegment,
  ZSegmentCount,
  ZSegmentCountInput,
  ZSegmentDonorsQuery,
  ZSegmentInput,
  ZSegmentList,
  ZSegmentMembersInput,
  ZSegmentOptions,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import {
  type Actor,
  addMembers,
  changeSegment,
  countRules,
  createSegment,
  exportSegmentDonors,
  getSegment,
  listSegmentDonors,
  listSegments,
  removeMember,
  removeSegment,
  segmentOptions,
} from './segments.service.ts';

// Access (docs/product/crm.md#segments): every role of the dashboard group builds, changes and reads
// the organisation's segments and exports their members, as with contacts; the admin group deletes
// segments. Another organisation's segment ids are 404.
const READ = 'dashboard';
const ADMIN = 'admin';

const ZId = z.object({ id: z.coerce.number().int().positive() });
const ZMemberParams = ZId.extend({ contactId: z.coerce.number().int().positive() });
const NO_CONTENT = { openapi: { responses: { 204: { description: 'Done: nothing to return.' } } } };

const actorOf = (request: FastifyRequest, group: 'dashboard' | 'admin' = READ): Actor & { admin: boolean } => {
  const session = organisationSessionOf(request, group);
  return {
    userId: session.user.id,
    npoId: session.selectedNpoId,
    ip: request.ip ?? null,
    admin: canReach('admin', session.roleCode),
  };
};

/** A file name from the segment's name: letters, digits and dashes only. */
const fileNameOf = (name: string) =>
  `segment-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'members'
  }.csv`;

/** Staff CRM segments API under /api/v1 (docs/product/crm.md#segments). */
export async function segmentRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Segments');
  const { db } = deps;
  const read = requireAccess(READ);
  const admin = requireAccess(ADMIN);

  r.get('/npo_admin/segments', { preHandler: read, schema: { response: { 200: ZSegmentList } } }, async (request) => ({
    segments: await listSegments(db, actorOf(request).npoId),
  }));

  r.get(
    '/npo_admin/segments/options',
    { preHandler: read, schema: { response: { 200: ZSegmentOptions } } },
    async (request) => segmentOptions(db, actorOf(request).npoId),
  );

  r.post(
    '/npo_admin/segments/count',
    { preHandler: read, schema: { body: ZSegmentCountInput, response: { 200: ZSegmentCount } } },
    async (request) => ({ count: await countRules(db, actorOf(request).npoId, request.body.rules) }),
  );

  r.post(
    '/npo_admin/segments',
    { preHandler: read, schema: { body: ZSegmentInput, response: { 201: ZSegment } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = await createSegment(db, actor, request.body);
      return reply.status(201).send(await getSegment(db, actor.npoId, id));
    },
  );

  r.get(
    '/npo_admin/segments/:id',
    { preHandler: read, schema: { params: ZId, response: { 200: ZSegment } } },
    async (request) => getSegment(db, actorOf(request).npoId, request.params.id),
  );

  r.put(
    '/npo_admin/segments/:id',
    { preHandler: read, schema: { params: ZId, body: ZSegmentInput, response: { 200: ZSegment } } },
    async (request) => {
      const actor = actorOf(request);
      await changeSegment(db, actor, request.params.id, request.body);
      return getSegment(db, actor.npoId, request.params.id);
    },
  );

  r.delete(
    '/npo_admin/segments/:id',
    { preHandler: admin, config: NO_CONTENT, schema: { params: ZId } },
    async (request, reply) => {
      await removeSegment(db, actorOf(request, ADMIN), request.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/npo_admin/segments/:id/donors',
    {
      preHandler: read,
      schema: { params: ZId, querystring: ZSegmentDonorsQuery, response: { 200: ZContactListResponse } },
    },
    async (request) => listSegmentDonors(db, actorOf(request).npoId, request.params.id, request.query),
  );

  r.get(
    '/npo_admin/segments/:id/donors/export',
    {
      preHandler: read,
      config: {
        openapi: { responses: { 200: { description: "The segment's members as CSV.", mediaType: 'text/csv' } } },
      },
      schema: { params: ZId },
    },
    async (request, reply) => {
      const { name, csv } = await exportSegmentDonors(db, actorOf(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileNameOf(name)}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  r.post(
    '/npo_admin/segments/:id/members',
    { preHandler: read, config: NO_CONTENT, schema: { params: ZId, body: ZSegmentMembersInput } },
    async (request, reply) => {
      await addMembers(db, actorOf(request), request.params.id, request.body.contact_ids);
      return reply.status(204).send();
    },
  );

  r.delete(
    '/npo_admin/segments/:id/members/:contactId',
    { preHandler: read, config: NO_CONTENT, schema: { params: ZMemberParams } },
    async (request, reply) => {
      await removeMember(db, actorOf(request), request.params.id, request.params.contactId);
      return reply.status(204).send();
    },
  );
}
