import multipart from '@fastify/multipart';
import {
  ZCrowdfundingCreate,
  ZCrowdfundingDetail,
  ZCrowdfundingSettings,
  ZUpdateAdmin,
  ZUpdateInput,
  ZUpdatePublish,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { imageUploadOpenApi, MAX_IMAGE_BYTES } from '../../platform/files/image-upload.ts';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { escapeHtml, standalonePage } from '../../platform/http/standalone-page.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { createCrowdfunding, readCrowdfundingDetail, saveCrowdfundingSettings } from './crowdfunding-editor.service.ts';
import { storeGalleryImage } from './crowdfunding-images.service.ts';
import type { CrowdfundingPageCache } from './crowdfunding-page-cache.ts';
import {
  createUpdate,
  editUpdate,
  publishUpdate,
  UPDATE_UNSUBSCRIBE_PATH,
  unsubscribeFromUpdates,
} from './crowdfunding-updates.service.ts';

// Access (docs/product/crowdfunding.md#access): the dashboard group reads a page's detail; the admin group
// creates pages, saves their settings, uploads gallery images and writes and publishes updates. Every
// query carries the selected organisation, so another organisation's ids are 404. The unsubscribe link of
// an update e-mail needs no sign-in: its token is the backer's handle.
const READ = 'dashboard';
const WRITE = 'admin';

const ZId = z.object({ id: z.coerce.number().int().positive() });
const ZToken = z.object({ token: z.string().trim().min(10).max(64) });
const answers = (status: number, schema: z.ZodType) => ({ openapi: { responses: { [status]: schema } } });
const html = {
  ...PUBLIC_ROUTE,
  openapi: { responses: { 200: { description: 'A small page', mediaType: 'text/html' } } },
};
const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1f2937}main{max-width:32rem;margin:auto}' +
  'button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer}';
const page = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(standalonePage(title, `<h1>${escapeHtml(title)}</h1>\n${body}`, STYLE));

type Deps = { db: Db; config: Config; files: FileStore; jobs: Pick<Jobs, 'send'>; pages: CrowdfundingPageCache };

/** The staff crowdfunding editor and updates, under /api/v1. */
export async function crowdfundingEditorRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = zodRouter(app, 'Crowdfunding');
  const { db } = deps;
  // Saved settings, gallery images and updates show on the public page at once.
  deps.pages.clearOnWrites(app);
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });

  r.post(
    '/npo_admin/crowdfunding',
    {
      preHandler: requireAccess(WRITE),
      schema: { body: ZCrowdfundingCreate },
      config: answers(201, ZCrowdfundingDetail),
    },
    async (request, reply) => {
      const actor = organisationSessionOf(request, WRITE);
      const created = await createCrowdfunding(db, deps.config, actor, request.body, request.ip ?? null);
      return reply.status(201).send(created);
    },
  );
  r.get(
    '/npo_admin/crowdfunding/:id',
    { preHandler: requireAccess(READ), schema: { params: ZId, response: { 200: ZCrowdfundingDetail } } },
    async (request) =>
      readCrowdfundingDetail(db, organisationSessionOf(request, READ).selectedNpoId, request.params.id),
  );
  r.put(
    '/npo_admin/crowdfunding/:id',
    {
      preHandler: requireAccess(WRITE),
      schema: { params: ZId, body: ZCrowdfundingSettings, response: { 200: ZCrowdfundingDetail } },
    },
    async (request) =>
      saveCrowdfundingSettings(
        db,
        organisationSessionOf(request, WRITE).selectedNpoId,
        request.params.id,
        request.body,
      ),
  );
  r.post(
    '/npo_admin/crowdfunding/:id/images',
    {
      preHandler: requireAccess(WRITE),
      config: imageUploadOpenApi,
      schema: {
        params: ZId,
        response: {
          201: z.object({
            image_url: z.string(),
            width: z.number(),
            height: z.number(),
            srcset: z.string().nullable(),
          }),
        },
      },
    },
    async (request, reply) => {
      const npoId = organisationSessionOf(request, WRITE).selectedNpoId;
      // Ownership first: an outsider's upload is refused before a byte is stored.
      await readCrowdfundingDetail(db, npoId, request.params.id);
      // Kept as sent plus resized WebP variants (docs/decisions/071-crowdfunding-pledge-rewards-and-image-variants.md).
      const image = await storeGalleryImage(db, deps.files, request, { npoId, campaignId: request.params.id });
      return reply.status(201).send(image);
    },
  );

  r.post(
    '/npo_admin/crowdfunding/:id/updates',
    {
      preHandler: requireAccess(WRITE),
      schema: { params: ZId, body: ZUpdateInput, response: { 201: ZUpdateAdmin } },
    },
    async (request, reply) => {
      const npoId = organisationSessionOf(request, WRITE).selectedNpoId;
      return reply.status(201).send(await createUpdate(db, npoId, request.params.id, request.body));
    },
  );
  r.put(
    '/npo_admin/crowdfunding_updates/:id',
    { preHandler: requireAccess(WRITE), schema: { params: ZId, body: ZUpdateInput, response: { 200: ZUpdateAdmin } } },
    async (request) =>
      editUpdate(db, organisationSessionOf(request, WRITE).selectedNpoId, request.params.id, request.body),
  );
  r.post(
    '/npo_admin/crowdfunding_updates/:id/publish',
    {
      preHandler: requireAccess(WRITE),
      schema: { params: ZId, body: ZUpdatePublish, response: { 200: ZUpdateAdmin } },
    },
    async (request) =>
      publishUpdate(
        db,
        deps.jobs,
        organisationSessionOf(request, WRITE).selectedNpoId,
        request.params.id,
        request.body.email_backers,
      ),
  );

  // The e-mail's link opens a page with a button: a link alone must not unsubscribe, since mail scanners
  // open links.
  const path = UPDATE_UNSUBSCRIBE_PATH.replace('/api/v1', '');
  r.get(path, { schema: { querystring: ZToken }, config: html }, (request, reply) =>
    page(
      reply,
      200,
      'Stop update e-mails',
      `<form method="post" action="${escapeHtml(`${UPDATE_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token)}`)}">
<p>You will get no more e-mails about this project's updates. Your gift and its receipt are not affected.</p>
<button type="submit">Stop update e-mails</button>
</form>`,
    ),
  );
  r.post(path, { schema: { querystring: ZToken }, config: html }, async (request, reply) =>
    (await unsubscribeFromUpdates(db, request.query.token))
      ? page(reply, 200, 'Unsubscribed', "<p>You will get no more of this project's update e-mails.</p>")
      : page(reply, 404, 'Link not valid', '<p>This link is not valid any more.</p>'),
  );
}
