import {
  ORGANISATION_SETTINGS_CODES,
  ZOrganisationSettingsRequest,
  ZOrganisationSettingsResponse,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { updateOrganisationSettings } from './organisations.service.ts';

/** The organisation's own settings, always of the session's selected organisation. */
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
}
