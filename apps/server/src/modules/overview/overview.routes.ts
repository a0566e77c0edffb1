import {
  ORGANISATION_SETTINGS_CODES,
  ZAdminOverview,
  ZDashboardSettings,
  ZDashboardSettingsResponse,
  ZLaunchpad,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { processorsReader } from '../processors/index.ts';
import { getAdminOverview } from './admin-overview.service.ts';
import { getDashboardSettings, saveDashboardSettings } from './dashboard-settings.service.ts';
import { getLaunchpad, type OverviewDeps } from './launchpad.service.ts';

// The overview shows team and organisation settings: 7789, 6635 and 5150, never 2001
// (docs/product/sign-in.md#roles). The launchpad and the home dashboard's settings are the
// dashboard group's, like /dashboard/home itself.
const ADMIN = ORGANISATION_SETTINGS_CODES;
const DASHBOARD = 'dashboard';

/** /api/v1/npo_admin/admin_overview, /npo_admin/launchpad and /npo_admin/dashboard_settings. */
export async function overviewRoutes(app: FastifyInstance, options: { db: Db; config: Config }): Promise<void> {
  const deps: OverviewDeps = { db: options.db, processors: processorsReader(options) };
  const r = zodRouter(app, 'Overview');

  r.get(
    '/npo_admin/admin_overview',
    { preHandler: requireAccess(ADMIN), schema: { response: { 200: ZAdminOverview } } },
    async (request) => {
      const session = organisationSessionOf(request, ADMIN);
      return getAdminOverview(deps, session.selectedNpoId, session.user.id);
    },
  );
  r.get(
    '/npo_admin/launchpad',
    { preHandler: requireAccess(DASHBOARD), schema: { response: { 200: ZLaunchpad } } },
    async (request) => {
      const session = organisationSessionOf(request, DASHBOARD);
      return getLaunchpad(deps, session.selectedNpoId, session.user.id);
    },
  );
  r.get(
    '/npo_admin/dashboard_settings',
    { preHandler: requireAccess(DASHBOARD), schema: { response: { 200: ZDashboardSettingsResponse } } },
    async (request) => {
      const session = organisationSessionOf(request, DASHBOARD);
      return getDashboardSettings(options.db, { userId: session.user.id, npoId: session.selectedNpoId });
    },
  );
  r.put(
    '/npo_admin/dashboard_settings',
    {
      preHandler: requireAccess(DASHBOARD),
      schema: { body: ZDashboardSettings, response: { 200: ZDashboardSettingsResponse } },
    },
    async (request) => {
      const session = organisationSessionOf(request, DASHBOARD);
      const key = { userId: session.user.id, npoId: session.selectedNpoId };
      return saveDashboardSettings(options.db, key, request.body);
    },
  );
}
