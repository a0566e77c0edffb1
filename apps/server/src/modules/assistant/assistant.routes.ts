import {
  ASSISTANT_MESSAGES,
  ASSISTANT_RATE_LIMIT,
  ZAiUserQueries,
  ZAiUserQueriesCleared,
  ZAiUserQueryCreate,
  ZAiUserQuerySaved,
  ZAnalyzeRequest,
  ZAnalyzeResponse,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { createFailureLimiter } from '../../platform/security/rate-limiter.ts';
import { analyze } from './analyst.ts';
import { analyzeWithModel, type ModelSettings } from './model-analyst.ts';
import { clearQueries, listQueries, saveQuery } from './saved-queries.ts';

// The insights assistant is part of the CRM's AI insights (docs/product/insights.md#assistant): every
// dashboard role asks questions and keeps its own recent queries.
const READ = 'dashboard';

/** The model endpoint of decision 094, when all three settings are given; otherwise the built-in analyst answers. */
function modelSettingsOf(config: Config | undefined): ModelSettings | null {
  if (!config?.AI_BASE_URL || !config.AI_API_KEY || !config.AI_MODEL) return null;
  return {
    baseUrl: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
  };
}

export async function assistantRoutes(app: FastifyInstance, deps: { db: Db; config?: Config }): Promise<void> {
  const r = zodRouter(app, 'AI assistant');
  const model = modelSettingsOf(deps.config);
  // Each question runs a few aggregate queries: a per-user limit keeps one user from loading the database.
  const limiter = createFailureLimiter(deps.db, {
    name: 'ai-analyze',
    limit: ASSISTANT_RATE_LIMIT.limit,
    windowSeconds: ASSISTANT_RATE_LIMIT.windowSeconds,
    message: ASSISTANT_MESSAGES.tooMany,
  });
  const owner = (request: Parameters<typeof organisationSessionOf>[0]) => {
    const session = organisationSessionOf(request, READ);
    return { npoId: session.selectedNpoId, userId: session.user.id };
  };

  r.post(
    '/ai/analyze',
    { preHandler: requireAccess(READ), schema: { body: ZAnalyzeRequest, response: { 200: ZAnalyzeResponse } } },
    async (request) => {
      const { npoId, userId } = owner(request);
      const key = `${userId}`;
      await limiter.assertAllowed(key);
      await limiter.recordFailure(key);
      const data = model
        ? await analyzeWithModel(deps.db, npoId, request.body, model)
        : await analyze(deps.db, npoId, request.body);
      return { status: 'success' as const, data };
    },
  );
  r.get(
    '/npo_admin/ai_user_queries',
    { preHandler: requireAccess(READ), schema: { response: { 200: ZAiUserQueries } } },
    async (request) => ({ status: 'success' as const, data: await listQueries(deps.db, owner(request)) }),
  );
  r.post(
    '/npo_admin/ai_user_queries',
    { preHandler: requireAccess(READ), schema: { body: ZAiUserQueryCreate, response: { 200: ZAiUserQuerySaved } } },
    async (request) => ({
      status: 'success' as const,
      data: await saveQuery(deps.db, owner(request), request.body.query),
    }),
  );
  r.delete(
    '/ai/user_queries/destroy_all',
    { preHandler: requireAccess(READ), schema: { response: { 200: ZAiUserQueriesCleared } } },
    async (request) => ({ status: 'success' as const, data: { deleted: await clearQueries(deps.db, owner(request)) } }),
  );
}
