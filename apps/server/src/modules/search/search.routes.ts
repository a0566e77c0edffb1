import { ZSearchQuery, ZSearchResults } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { searchOrganisation } from './search.service.ts';

// Access: the dashboard group, the roles that read the donors and donations lists (staff 1984 included).
const READ = 'dashboard';

/** GET /npo_admin/search?q=: the search overlay's donors, donations and campaigns. */
export async function searchRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Search');
  r.get(
    '/npo_admin/search',
    { preHandler: requireAccess(READ), schema: { querystring: ZSearchQuery, response: { 200: ZSearchResults } } },
    async (request) => searchOrganisation(deps.db, organisationSessionOf(request, READ).selectedNpoId, request.query.q),
  );
}
