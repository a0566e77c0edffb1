import multipart from '@fastify/multipart';
import {
  ORGANISATION_SETTINGS_CODES,
  ZOrganisationImageParams,
  ZOrganisationImageResponse,
  ZOrganisationProfile,
  ZOrganisationProfileRequest,
  ZOrganisationSettingsRequest,
  ZOrganisationSettingsResponse,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { imageUploadOpenApi, MAX_IMAGE_BYTES } from '../../platform/files/image-upload.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import {
  getOrganisationProfile,
  updateOrganisationProfile,
  uploadOrganisationImage,
} from './organisation-profile.service.ts';
import { updateOrganisationSettings } from './organisations.service.ts';

// Organisation and team settings are for 7789, 6635 and 5150, never 2001 (docs/product/sign-in.md#roles).
const ADMINS = ORGANISATION_SETTINGS_CODES;

const actorOf = (request: FastifyRequest) => {
  const session = organisationSessionOf(request, ADMINS);
  return { npoId: session.selectedNpoId, userId: session.user.id, ip: request.ip ?? null };
};

/** The organisation's own settings and profile, always of the session's selected organisation. */
export async function organisationRoutes(app: FastifyInstance, deps: { db: Db; files: FileStore }): Promise<void> {
  const r = zodRouter(app, 'Organisations');
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });

  // The organisation's time zone and locale (decision 027), for its admins.
  r.put(
    '/npo_admin/organisation_settings',
    {
      preHandler: requireAccess(ADMINS),
      schema: { body: ZOrganisationSettingsRequest, response: { 200: ZOrganisationSettingsResponse } },
    },
    async (request) => updateOrganisationSettings(deps.db, actorOf(request), request.body),
  );

  r.get(
    '/npo_admin/organisation_profile',
    { preHandler: requireAccess(ADMINS), schema: { response: { 200: ZOrganisationProfile } } },
    async (request) => getOrganisationProfile(deps.db, actorOf(request).npoId),
  );

  r.put(
    '/npo_admin/organisation_profile',
    {
      preHandler: requireAccess(ADMINS),
      schema: { body: ZOrganisationProfileRequest, response: { 200: ZOrganisationProfile } },
    },
    async (request) => updateOrganisationProfile(deps.db, actorOf(request), request.body),
  );

  // The logo (shell, donation form, receipts) and the receipt signature: one image each.
  r.post(
    '/npo_admin/organisation_profile/:kind',
    {
      preHandler: requireAccess(ADMINS),
      config: imageUploadOpenApi,
      schema: { params: ZOrganisationImageParams, response: { 200: ZOrganisationImageResponse } },
    },
    async (request) => uploadOrganisationImage(deps.db, deps.files, actorOf(request), request.params.kind, request),
  );
}
