import { ZKbArticle, ZKbArticleInput, ZKbIdParams, ZKbKeyParams, ZKbList, ZKbSearchQuery } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { createArticle, editArticle, listArticles, readArticle, removeArticle } from './knowledge-base.service.ts';

// Access (docs/product/knowledge-base.md#access): every staff member (the dashboard group) reads and searches;
// those who may change settings (the admin group) write the organisation's own articles.
const READ = 'dashboard';
const WRITE = 'admin';
const BASE = '/npo_admin/knowledge_base/articles';

/** The staff knowledge base under /api/v1. */
export async function knowledgeBaseRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Knowledge base');
  const { db } = deps;

  r.get(
    BASE,
    { preHandler: requireAccess(READ), schema: { querystring: ZKbSearchQuery, response: { 200: ZKbList } } },
    async (request) => ({
      articles: await listArticles(
        db,
        organisationSessionOf(request, READ).selectedNpoId,
        request.query.q || undefined,
      ),
    }),
  );
  r.get(
    `${BASE}/:key`,
    { preHandler: requireAccess(READ), schema: { params: ZKbKeyParams, response: { 200: ZKbArticle } } },
    async (request) => readArticle(db, organisationSessionOf(request, READ).selectedNpoId, request.params.key),
  );
  r.post(
    BASE,
    { preHandler: requireAccess(WRITE), schema: { body: ZKbArticleInput, response: { 201: ZKbArticle } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createArticle(db, organisationSessionOf(request, WRITE), request.body, request.ip ?? null)),
  );
  r.put(
    `${BASE}/:key`,
    {
      preHandler: requireAccess(WRITE),
      schema: { params: ZKbIdParams, body: ZKbArticleInput, response: { 200: ZKbArticle } },
    },
    async (request) =>
      editArticle(db, organisationSessionOf(request, WRITE), request.params.key, request.body, request.ip ?? null),
  );
  r.delete(
    `${BASE}/:key`,
    {
      preHandler: requireAccess(WRITE),
      schema: { params: ZKbIdParams },
      config: { openapi: { responses: { 204: { description: 'The article is gone.' } } } },
    },
    async (request, reply) => {
      await removeArticle(db, organisationSessionOf(request, WRITE), request.params.key, request.ip ?? null);
      return reply.status(204).send();
    },
  );
}
