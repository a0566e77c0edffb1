import { ZCustomJsInput } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { ZIdParams, ZStaffCampaignResponse } from './campaigns.schemas.ts';
import { CUSTOM_JS_ROLES, saveCustomJs } from './custom-js.ts';

/**
 * PUT /npo_admin/campaigns/{id}/custom_js (docs/product/campaigns.md#custom-js): admins only, since a
 * script runs on every donor's page; finance (2001), which may save the rest of a campaign, may not.
 */
export function customJsRoutes(app: FastifyInstance, deps: { db: Db; config: Config }): void {
  const r = zodRouter(app);
  r.put(
    '/npo_admin/campaigns/:id/custom_js',
    {
      preHandler: requireAccess(CUSTOM_JS_ROLES),
      schema: { params: ZIdParams, body: ZCustomJsInput },
      config: { openapi: { responses: { 200: ZStaffCampaignResponse } } },
    },
    async (request) =>
      saveCustomJs(
        deps.db,
        deps.config,
        organisationSessionOf(request, CUSTOM_JS_ROLES),
        request.params.id,
        request.body,
        request.ip ?? null,
      ),
  );
}
