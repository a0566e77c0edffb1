import {
  TABLE_REPORT_NAMES,
  TABLE_REPORTS,
  ZTableReport,
  ZTableReportDownloadQuery,
  ZTableReportQuery,
} from '@kindling/contracts';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { dayIn } from '../../platform/format/calendar.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { reportOrganisationName } from './income.service.ts';
import { REPORT_CONTENT_TYPES } from './report-files.ts';
import { tableCsv, tablePdf, tableXlsx } from './table-report-files.ts';
import { getTableReport } from './table-reports.service.ts';

/**
 * GET /npo_admin/reports/{campaigns,donors,tax} and their /download: the income report's access,
 * filters, pools and audit (docs/product/reports.md), one view of each report per request.
 */
export function tableReportRoutes(
  app: FastifyInstance,
  deps: { db: Db; readDb: Db; guard: preHandlerHookHandler[]; access: 'dashboard' },
): void {
  const r = zodRouter(app, 'Reports');
  const { db, readDb, guard, access } = deps;
  for (const name of TABLE_REPORT_NAMES) {
    r.get(
      `/npo_admin/reports/${name}`,
      { preHandler: guard, schema: { querystring: ZTableReportQuery, response: { 200: ZTableReport } } },
      (request) => getTableReport(readDb, organisationSessionOf(request, access).selectedNpoId, name, request.query),
    );
    r.get(
      `/npo_admin/reports/${name}/download`,
      {
        preHandler: guard,
        config: {
          openapi: {
            responses: {
              200: {
                description: `The ${TABLE_REPORTS[name].title} report as CSV, XLSX or PDF.`,
                mediaType: 'text/csv',
              },
            },
          },
        },
        schema: { querystring: ZTableReportDownloadQuery },
      },
      async (request, reply) => {
        const session = organisationSessionOf(request, access);
        const npoId = session.selectedNpoId;
        const { format, ...query } = request.query;
        const report = await getTableReport(readDb, npoId, name, query);
        const organisation = await reportOrganisationName(readDb, npoId);
        const body =
          format === 'csv'
            ? tableCsv(report)
            : format === 'xlsx'
              ? await tableXlsx(report, organisation)
              : await tablePdf(report, organisation);
        await recordAudit(db, {
          npoId,
          actorUserId: session.user.id,
          action: 'reports.downloaded',
          targetType: 'report',
          data: { report: name, view: report.view, format, query },
          ip: request.ip ?? null,
        });
        const day = dayIn(new Date(), 'UTC');
        return reply
          .header('content-type', REPORT_CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${name}-${report.view}-${day}.${format}"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  }
}
