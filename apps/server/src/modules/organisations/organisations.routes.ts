import {
  ORGANISATION_SETTINGS_CODES,
  ZOrganisationSettingsRequest,
  ZOrganisationSettingsResponse,
  ZUpdateUserPermissionsRequest,
  ZUserPermissionsResponse,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { updateOrganisationSettings } from './organisations.service.ts';
import { getUserPermissions, updateUserPermissions } from './permissions.service.ts';

const ZUserIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Member permissions, always of the session's selected organisation. */
export async function organisationRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Organisations');

  // The organisation's time zone and locale (decision 027), for its admins.
  r.put(
    '/npo_admin/organisation_settings',
    {
      preHandler: requireAccess(ORGANISATION_SETTINGS_CODES),
      schema: { body: ZOrganisationSettingsRequest, response: { 200: ZOrganisationSettingsResponse } },
    },
    async (request) => {
      const session = organisationSessionOf(request, ORGANISATION_SETTINGS_CODES);
      return updateOrganisationSettings(
        deps.db,
        { npoId: session.selectedNpoId, userId: session.user.id, ip: request.ip ?? null },
        request.body,
      );
    },
  );

  r.get(
    '/npo_admin/user_permissions/:id',
    {
      preHandler: requireAccess('admin'),
      schema: { params: ZUserIdParams, response: { 200: ZUserPermissionsResponse } },
    },
    async (request) => getUserPermissions(deps.db, organisationSessionOf(request, 'admin'), request.params.id),
  );

  r.put(
    '/npo_admin/user_permissions/:id',
    {
      preHandler: requireAccess(ORGANISATION_SETTINGS_CODES),
      schema: {
        params: ZUserIdParams,
        body: ZUpdateUserPermissionsRequest,
        response: { 200: ZUserPermissionsResponse },
      },
    },
    async (request) =>
      updateUserPermissions(
        deps.db,
        organisationSessionOf(request, ORGANISATION_SETTINGS_CODES),
        request.params.id,
        request.body.permissions,
        request.ip ?? null,
      ),
  );
}
