import { ZOrganisationStats } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { getOrganisationStats } from './organisations.service.ts';

/** Organisation statistics, always of the session's selected organisation. */
export async function organisationRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app);

  r.get(
    '/npo_admin/account_details',
    { preHandler: requireAccess('dashboard'), schema: { response: { 200: ZOrganisationStats } } },
    async (request) => getOrganisationStats(deps.db, organisationSessionOf(request, 'dashboard').selectedNpoId),
  );
}
