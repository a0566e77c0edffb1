import { ZIncomeReport, ZIncomeReportQuery, ZReportDownloadQuery } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { dayIn } from '../../platform/format/calendar.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess, requirePermission } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { getIncomeReport, reportOrganisationName } from './income.service.ts';
import { incomeCsv, incomePdf, incomeXlsx, REPORT_CONTENT_TYPES } from './report-files.ts';
import { savedReportRoutes } from './saved-reports.routes.ts';
import { tableReportRoutes } from './table-reports.routes.ts';

// Access (docs/product/reports.md#who-sees-reports): the dashboard group's roles holding the
// “View reports” permission (finance, staff, managers, admins by default); a peer fundraiser gets 403.
const READ = 'dashboard';

/**
 * The reports centre under /api/v1/npo_admin/reports. `readDb` is the reports' pool: the read
 * replica when READ_DATABASE_URL is set, the primary otherwise (decision 077); audit rows are
 * written to the primary.
 */
export async function reportRoutes(app: FastifyInstance, deps: { db: Db; readDb: Db }): Promise<void> {
  const r = zodRouter(app, 'Reports');
  const { db, readDb } = deps;
  const guard = [requireAccess(READ), requirePermission('reports.view')];

  r.get(
    '/npo_admin/reports/income',
    { preHandler: guard, schema: { querystring: ZIncomeReportQuery, response: { 200: ZIncomeReport } } },
    (request) => getIncomeReport(readDb, organisationSessionOf(request, READ).selectedNpoId, request.query),
  );

  r.get(
    '/npo_admin/reports/income/download',
    {
      preHandler: guard,
      config: {
        openapi: {
          responses: { 200: { description: 'The income report as CSV, XLSX or PDF (format).', mediaType: 'text/csv' } },
        },
      },
      schema: { querystring: ZReportDownloadQuery },
    },
    async (request, reply) => {
      const session = organisationSessionOf(request, READ);
      const npoId = session.selectedNpoId;
      const { format, ...query } = request.query;
      const report = await getIncomeReport(readDb, npoId, query);
      const organisation = await reportOrganisationName(readDb, npoId);
      const body =
        format === 'csv'
          ? incomeCsv(report)
          : format === 'xlsx'
            ? await incomeXlsx(report, organisation)
            : await incomePdf(report, organisation);
      await recordAudit(db, {
        npoId,
        actorUserId: session.user.id,
        action: 'reports.downloaded',
        targetType: 'report',
        data: { report: 'income', format, query },
        ip: request.ip ?? null,
      });
      const day = dayIn(new Date(), 'UTC');
      return reply
        .header('content-type', REPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="income-${day}.${format}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  // The campaigns, donors and tax reports: same guard, pools and audit.
  tableReportRoutes(app, { db, readDb, guard, access: READ });
  // sr23: saved and scheduled reports, kept on the primary.
  savedReportRoutes(app, { db, guard, access: READ });
}
