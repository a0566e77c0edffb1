import {
  canReach,
  ZContactBulkInput,
  ZContactBulkResult,
  ZContactFieldInput,
  ZContactInput,
  ZContactListQuery,
  ZContactListResponse,
  ZContactOptions,
  ZContactRecord,
  ZContactView,
  ZContactViewInput,
  ZContactViewList,
  ZHousehold,
  ZHouseholdInput,
  ZRelationshipInput,
  ZStatementQuery,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import {
  addField,
  anonymiseContact,
  bulkChange,
  contactOptions,
  exportContactsCsv,
  listViews,
  removeContact,
  removeField,
  removeView,
  saveView,
} from './contact-admin.service.ts';
import { type Actor, createContact, getContact, listContacts, updateContact } from './contacts.service.ts';
import {
  addRelationship,
  changeHousehold,
  createHousehold,
  householdOf,
  householdStatementPdf,
  removeRelationship,
} from './households.service.ts';
import { softCreditRoutes } from './soft-credits.routes.ts';

// Access (docs/product/crm.md#access): every role of the dashboard group (staff 1984 included) reads
// and edits contacts, households, relationships and their own saved views; the admin group deletes
// and anonymises contacts, defines custom fields and saves shared views. Every query is scoped by
// the selected organisation: another organisation's ids are 404.
const READ = 'dashboard';
const ADMIN = 'admin';

const ZId = z.object({ id: z.coerce.number().int().positive() });
const ZRelationshipParams = ZId.extend({ relationshipId: z.coerce.number().int().positive() });
const ZCreated = z.object({ id: z.number().int() });

const actorOf = (request: FastifyRequest, group: 'dashboard' | 'admin' = READ): Actor & { admin: boolean } => {
  const session = organisationSessionOf(request, group);
  return {
    userId: session.user.id,
    npoId: session.selectedNpoId,
    ip: request.ip ?? null,
    admin: canReach('admin', session.roleCode),
  };
};

/** Staff CRM contacts API under /api/v1 (docs/product/crm.md). */
export async function contactRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Contacts');
  const { db } = deps;
  const read = requireAccess(READ);
  const admin = requireAccess(ADMIN);

  r.get(
    '/npo_admin/contacts',
    { preHandler: read, schema: { querystring: ZContactListQuery, response: { 200: ZContactListResponse } } },
    async (request) => listContacts(db, actorOf(request).npoId, request.query),
  );

  r.get(
    '/npo_admin/contacts/export',
    {
      preHandler: read,
      config: {
        openapi: { responses: { 200: { description: 'The filtered contacts as CSV.', mediaType: 'text/csv' } } },
      },
      schema: { querystring: ZContactListQuery },
    },
    async (request, reply) => {
      const csv = await exportContactsCsv(db, actorOf(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="contacts.csv"')
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  r.get(
    '/npo_admin/contacts/options',
    { preHandler: read, schema: { response: { 200: ZContactOptions } } },
    async (request) => contactOptions(db, actorOf(request).npoId),
  );

  r.post(
    '/npo_admin/contacts',
    { preHandler: read, schema: { body: ZContactInput, response: { 201: ZContactRecord } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = await createContact(db, actor, request.body);
      return reply.status(201).send(await getContact(db, actor.npoId, id));
    },
  );

  r.post(
    '/npo_admin/contacts/bulk',
    { preHandler: read, schema: { body: ZContactBulkInput, response: { 200: ZContactBulkResult } } },
    async (request) => ({ updated: await bulkChange(db, actorOf(request), request.body) }),
  );

  r.get(
    '/npo_admin/contacts/:id',
    { preHandler: read, schema: { params: ZId, response: { 200: ZContactRecord } } },
    async (request) => getContact(db, actorOf(request).npoId, request.params.id),
  );

  r.put(
    '/npo_admin/contacts/:id',
    { preHandler: read, schema: { params: ZId, body: ZContactInput, response: { 200: ZContactRecord } } },
    async (request) => {
      const actor = actorOf(request);
      await updateContact(db, actor, request.params.id, request.body);
      return getContact(db, actor.npoId, request.params.id);
    },
  );

  r.delete(
    '/npo_admin/contacts/:id',
    {
      preHandler: admin,
      config: { openapi: { responses: { 204: { description: 'Done: nothing to return.' } } } },
      schema: { params: ZId },
    },
    async (request, reply) => {
      await removeContact(db, actorOf(request, ADMIN), request.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/npo_admin/contacts/:id/anonymise',
    { preHandler: admin, schema: { params: ZId, response: { 200: ZContactRecord } } },
    async (request) => {
      const actor = actorOf(request, ADMIN);
      await anonymiseContact(db, actor, request.params.id);
      return getContact(db, actor.npoId, request.params.id);
    },
  );

  r.post(
    '/npo_admin/contacts/:id/relationships',
    { preHandler: read, schema: { params: ZId, body: ZRelationshipInput, response: { 200: ZContactRecord } } },
    async (request) => {
      const actor = actorOf(request);
      await addRelationship(db, actor, request.params.id, request.body);
      return getContact(db, actor.npoId, request.params.id);
    },
  );

  r.delete(
    '/npo_admin/contacts/:id/relationships/:relationshipId',
    {
      preHandler: read,
      config: { openapi: { responses: { 204: { description: 'Done: nothing to return.' } } } },
      schema: { params: ZRelationshipParams },
    },
    async (request, reply) => {
      await removeRelationship(db, actorOf(request), request.params.id, request.params.relationshipId);
      return reply.status(204).send();
    },
  );

  r.post(
    '/npo_admin/households',
    { preHandler: read, schema: { body: ZHouseholdInput, response: { 201: ZHousehold } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = await createHousehold(db, actor, request.body);
      return reply.status(201).send(await householdOf(db, actor.npoId, id));
    },
  );

  r.get(
    '/npo_admin/households/:id',
    { preHandler: read, schema: { params: ZId, response: { 200: ZHousehold } } },
    async (request) => householdOf(db, actorOf(request).npoId, request.params.id),
  );

  r.get(
    '/npo_admin/households/:id/statement.pdf',
    {
      preHandler: read,
      config: {
        openapi: {
          responses: { 200: { description: "The household's annual statement.", mediaType: 'application/pdf' } },
        },
      },
      schema: { params: ZId, querystring: ZStatementQuery },
    },
    async (request, reply) => {
      const { id } = request.params;
      const pdf = await householdStatementPdf(db, actorOf(request).npoId, id, request.query.year);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="household-statement-${id}-${request.query.year}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  r.put(
    '/npo_admin/households/:id',
    { preHandler: read, schema: { params: ZId, body: ZHouseholdInput, response: { 200: ZHousehold } } },
    async (request) => {
      const actor = actorOf(request);
      await changeHousehold(db, actor, request.params.id, request.body);
      return householdOf(db, actor.npoId, request.params.id);
    },
  );

  r.post(
    '/npo_admin/contact_fields',
    { preHandler: admin, schema: { body: ZContactFieldInput, response: { 201: ZCreated } } },
    async (request, reply) => reply.status(201).send({ id: await addField(db, actorOf(request, ADMIN), request.body) }),
  );

  r.delete(
    '/npo_admin/contact_fields/:id',
    {
      preHandler: admin,
      config: { openapi: { responses: { 204: { description: 'Done: nothing to return.' } } } },
      schema: { params: ZId },
    },
    async (request, reply) => {
      await removeField(db, actorOf(request, ADMIN), request.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/npo_admin/contact_views',
    { preHandler: read, schema: { response: { 200: ZContactViewList } } },
    async (request) => {
      const actor = actorOf(request);
      return { views: await listViews(db, actor.npoId, actor.userId) };
    },
  );

  r.post(
    '/npo_admin/contact_views',
    { preHandler: read, schema: { body: ZContactViewInput, response: { 201: ZContactView } } },
    async (request, reply) => reply.status(201).send(await saveView(db, actorOf(request), null, request.body)),
  );

  r.put(
    '/npo_admin/contact_views/:id',
    { preHandler: read, schema: { params: ZId, body: ZContactViewInput, response: { 200: ZContactView } } },
    async (request) => saveView(db, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/npo_admin/contact_views/:id',
    {
      preHandler: read,
      config: { openapi: { responses: { 204: { description: 'Done: nothing to return.' } } } },
      schema: { params: ZId },
    },
    async (request, reply) => {
      await removeView(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // crm20: household members and soft credits.
  await softCreditRoutes(app, deps);
}
