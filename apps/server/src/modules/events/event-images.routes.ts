import multipart from '@fastify/multipart';
import { ZEventImage } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { imageUploadOpenApi, MAX_IMAGE_BYTES } from '../../platform/files/image-upload.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { storeEventImage } from './event-images.service.ts';

// Access (docs/product/events.md#access): the admin group edits events, so it uploads their images. The
// upload is not tied to an event (a new event has no id yet); the image joins an event when the editor
// saves it (docs/decisions/089-event-images.md). Its own plugin, so only this route reads multipart.
const WRITE = 'admin';

/** POST /api/v1/npo_admin/event_images: one image, kept as sent with its resized WebP variants. */
export async function eventImageRoutes(app: FastifyInstance, deps: { db: Db; files: FileStore }): Promise<void> {
  const r = zodRouter(app, 'Events');
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });
  r.post(
    '/npo_admin/event_images',
    { preHandler: requireAccess(WRITE), config: imageUploadOpenApi, schema: { response: { 201: ZEventImage } } },
    async (request, reply) => {
      const npoId = organisationSessionOf(request, WRITE).selectedNpoId;
      return reply.status(201).send(await storeEventImage(deps.db, deps.files, request, npoId));
    },
  );
}
