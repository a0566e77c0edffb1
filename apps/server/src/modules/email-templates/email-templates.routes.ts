import {
  ZCampaignTemplateParams,
  ZEmailKindParams,
  ZEmailPreviewResponse,
  ZEmailTemplateInput,
  ZEmailTemplateResponse,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { type Router, zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import {
  previewTemplate,
  readTemplate,
  resetTemplate,
  saveTemplate,
  type TemplateTarget,
} from './email-templates.service.ts';

// Access: every dashboard role reads and previews the templates (staff 1984 included: a preview
// changes nothing); the admin group (2001 finance, 5150 admin, 6635 manager, 7789 super-admin)
// saves and resets them.
const READ = 'dashboard';
const WRITE = 'admin';

/**
 * GET | PUT | DELETE /npo_admin/email_templates/:kind (DELETE resets to the default) and
 * /npo_admin/campaigns/:id/receipt_template (DELETE falls back to the organisation's), each with
 * POST …/preview rendering an unsaved draft with sample values.
 */
export async function emailTemplateRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Email templates');
  templateRoutes(r, deps.db, '/npo_admin/email_templates/:kind', ZEmailKindParams, ({ kind }) => ({
    kind,
    campaignId: null,
  }));
  templateRoutes(r, deps.db, '/npo_admin/campaigns/:id/receipt_template', ZCampaignTemplateParams, ({ id }) => ({
    kind: 'receipt',
    campaignId: id,
  }));
}

function templateRoutes<P extends z.ZodType>(
  r: Router,
  db: Db,
  path: string,
  params: P,
  targetOf: (params: z.infer<P>) => TemplateTarget,
): void {
  const paramsOf = (request: FastifyRequest) => targetOf(request.params as z.infer<P>);
  r.get(
    path,
    { preHandler: requireAccess(READ), schema: { params, response: { 200: ZEmailTemplateResponse } } },
    async (request) => ({ template: await readTemplate(db, organisationSessionOf(request, READ), paramsOf(request)) }),
  );
  r.put(
    path,
    {
      preHandler: requireAccess(WRITE),
      schema: { params, body: ZEmailTemplateInput, response: { 200: ZEmailTemplateResponse } },
    },
    async (request) => {
      const actor = organisationSessionOf(request, WRITE);
      return { template: await saveTemplate(db, actor, paramsOf(request), request.body, request.ip ?? null) };
    },
  );
  r.delete(
    path,
    { preHandler: requireAccess(WRITE), schema: { params, response: { 200: ZEmailTemplateResponse } } },
    async (request) => {
      const actor = organisationSessionOf(request, WRITE);
      return { template: await resetTemplate(db, actor, paramsOf(request), request.ip ?? null) };
    },
  );
  r.post(
    `${path}/preview`,
    {
      preHandler: requireAccess(READ),
      schema: { params, body: ZEmailTemplateInput, response: { 200: ZEmailPreviewResponse } },
    },
    async (request) => ({
      preview: await previewTemplate(db, organisationSessionOf(request, READ), paramsOf(request), request.body),
    }),
  );
}
