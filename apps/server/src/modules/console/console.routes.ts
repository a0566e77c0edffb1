import {
  ZConsoleFeeRequest,
  ZConsoleIndex,
  ZConsoleListQuery,
  ZConsoleOrganisationDetail,
  ZConsoleOrganisationList,
  ZConsoleReason,
  ZConsoleUser,
  ZConsoleUserList,
  ZConsoleUserQuery,
  ZPlatformNotice,
  ZPlatformSettings,
  ZPlatformSettingsRequest,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { zodRouter } from '../../platform/http/router.ts';
import {
  organisationSessionOf,
  requireAccess,
  requireSession,
  sessionOf,
} from '../../platform/http/session-context.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import {
  actOnUser,
  changeOrganisationFee,
  changeOrganisationStatus,
  organisationDetail,
  platformNotice,
  updateSettings,
  verifyOrganisation,
} from './console.service.ts';
import { consoleGrowthRoutes } from './console-growth.routes.ts';
import { consoleIndex } from './console-index.service.ts';
import { consoleLogoRoutes } from './console-logo.routes.ts';
import { listOrganisations } from './console-organisations.repository.ts';
// admin24: transactions, figures, announcements and security (decision 054).
import { consolePlatformRoutes } from './console-platform.routes.ts';
import { getPlatformSettings } from './console-settings.ts';
import { listUsers } from './console-users.repository.ts';

// Only the platform operator (7789) reaches the console and its API (docs/product/sign-in.md#route-access);
// every other role is refused with 403, anyone signed out with 401.
const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const ZStatusParams = ZIdParams.extend({ action: z.enum(['suspend', 'reactivate', 'close', 'verify', 'unverify']) });
const ZUserActionParams = ZIdParams.extend({
  action: z.enum(['reset_second_factor', 'sign_out_everywhere', 'lock', 'unlock', 'resend_verification']),
});
const STATUS_OF = { suspend: 'suspended', reactivate: 'active', close: 'closed' } as const;

const operatorOf = (request: FastifyRequest) => {
  const session = organisationSessionOf(request, 'console');
  return { session, op: { userId: session.user.id, ip: request.ip ?? null } };
};

/** /api/v1/console…: the platform console (docs/decisions/046-platform-console.md). */
export async function consoleRoutes(
  app: FastifyInstance,
  deps: { db: Db; mailer?: Mailer; origin?: string; jobs?: Jobs; files?: FileStore },
): Promise<void> {
  const r = zodRouter(app, 'Console');
  const { db } = deps;
  const only = requireAccess('console');

  r.get('/console', { preHandler: only, schema: { response: { 200: ZConsoleIndex } } }, async () => consoleIndex(db));

  r.get(
    '/console/organizations',
    { preHandler: only, schema: { querystring: ZConsoleListQuery, response: { 200: ZConsoleOrganisationList } } },
    async (request) => ({
      ...(await listOrganisations(db, request.query)),
      page: request.query.page,
      per_page: request.query.per_page,
    }),
  );
  r.get(
    '/console/organizations/:id',
    { preHandler: only, schema: { params: ZIdParams, response: { 200: ZConsoleOrganisationDetail } } },
    async (request) => organisationDetail(db, request.params.id),
  );
  r.post(
    '/console/organizations/:id/:action',
    {
      preHandler: only,
      schema: { params: ZStatusParams, body: ZConsoleReason, response: { 200: ZConsoleOrganisationDetail } },
    },
    async (request) => {
      const { op } = operatorOf(request);
      const { id, action } = request.params;
      if (action === 'verify' || action === 'unverify') {
        return verifyOrganisation(db, op, id, action === 'verify', request.body.reason);
      }
      return changeOrganisationStatus(db, op, id, STATUS_OF[action], request.body.reason);
    },
  );
  r.put(
    '/console/organizations/:id/fee',
    {
      preHandler: only,
      schema: { params: ZIdParams, body: ZConsoleFeeRequest, response: { 200: ZConsoleOrganisationDetail } },
    },
    async (request) => changeOrganisationFee(db, operatorOf(request).op, request.params.id, request.body),
  );

  r.get(
    '/console/users',
    { preHandler: only, schema: { querystring: ZConsoleUserQuery, response: { 200: ZConsoleUserList } } },
    async (request) => ({
      ...(await listUsers(db, request.query)),
      page: request.query.page,
      per_page: request.query.per_page,
    }),
  );
  r.post(
    '/console/users/:id/:action',
    { preHandler: only, schema: { params: ZUserActionParams, body: ZConsoleReason, response: { 200: ZConsoleUser } } },
    async (request) => {
      const { session, op } = operatorOf(request);
      return actOnUser(
        { db, mailer: deps.mailer ?? null, origin: deps.origin ?? '' },
        session,
        op,
        request.params.id,
        request.params.action,
        request.body.reason,
      );
    },
  );

  r.get('/console/settings', { preHandler: only, schema: { response: { 200: ZPlatformSettings } } }, async () =>
    getPlatformSettings(db),
  );
  r.put(
    '/console/settings',
    { preHandler: only, schema: { body: ZPlatformSettingsRequest, response: { 200: ZPlatformSettings } } },
    async (request) => updateSettings(db, operatorOf(request).op, request.body),
  );

  // Every signed-in user's shell: the maintenance banner, and for staff why their gifts are held.
  r.get(
    '/platform/notice',
    { preHandler: requireSession, schema: { response: { 200: ZPlatformNotice } } },
    async (request) => platformNotice(db, sessionOf(request)),
  );

  // admin24: transactions, figures, announcements and security (decision 054).
  consolePlatformRoutes(app, db, deps.jobs ?? null);
  // con24c: creating an organisation and the analytics (decision 063).
  consoleGrowthRoutes(app, { db, mailer: deps.mailer ?? null, origin: deps.origin ?? '' });
  // k24: the platform logo (decision 083).
  if (deps.files) await consoleLogoRoutes(app, { db, files: deps.files });
}
