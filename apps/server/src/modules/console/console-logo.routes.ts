import multipart from '@fastify/multipart';
import { ZConsoleReason, ZPlatformLogoResponse } from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { imageUploadOpenApi, MAX_IMAGE_BYTES, storeUploadedImage } from '../../platform/files/image-upload.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { audit } from './console.service.ts';
import { getPlatformSettings, savePlatformLogo } from './console-settings.ts';

// The platform logo (docs/product/console.md#consolesettings, decision 083): one image, JPEG, PNG or
// WebP by its bytes, up to 5 MB, stored like organisation logos (the file store, /uploads/platform/…).
// A multipart upload carries no JSON body, so its reason travels as the `reason` query parameter.

const operatorOf = (request: FastifyRequest) => ({
  userId: organisationSessionOf(request, 'console').user.id,
  ip: request.ip ?? null,
});

async function replaceLogo(db: Db, files: FileStore, request: FastifyRequest, url: string | null, reason: string) {
  const op = operatorOf(request);
  const before = await db.transaction(async (tx) => {
    const previous = await savePlatformLogo(tx, op.userId, url);
    await audit(tx, op, {
      npoId: null,
      action: url ? 'logo_changed' : 'logo_removed',
      targetType: 'platform',
      targetId: 1,
      data: { reason, before: previous, after: url },
    });
    return previous;
  });
  // The replaced file is no longer shown anywhere; its key is never reused.
  if (before && before !== url) await files.remove(before.slice('/uploads/'.length));
  return { logo_url: url };
}

export async function consoleLogoRoutes(app: FastifyInstance, deps: { db: Db; files: FileStore }): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 2 } });
  const r = zodRouter(app, 'Console');
  const only = requireAccess('console');
  r.post(
    '/console/settings/logo',
    {
      preHandler: only,
      config: imageUploadOpenApi,
      schema: { querystring: ZConsoleReason, response: { 200: ZPlatformLogoResponse } },
    },
    async (request) => {
      const url = await storeUploadedImage(deps.files, request, { npoId: null, folder: 'logo', name: 'logo' });
      return replaceLogo(deps.db, deps.files, request, url, request.query.reason);
    },
  );
  r.delete(
    '/console/settings/logo',
    { preHandler: only, schema: { querystring: ZConsoleReason, response: { 200: ZPlatformLogoResponse } } },
    async (request) => {
      const { logo_url } = await getPlatformSettings(deps.db);
      if (!logo_url) throw new AppError('CONFLICT', 'The platform has no logo to remove.');
      return replaceLogo(deps.db, deps.files, request, null, request.query.reason);
    },
  );
}
