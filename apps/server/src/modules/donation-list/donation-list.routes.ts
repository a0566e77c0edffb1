import {
  type TDonationExportFormat,
  ZDonationExportQuery,
  ZDonationFilterOptions,
  ZDonationListFilter,
  ZDonationListPageOnly,
  ZDonationListQuery,
  ZDonationListResponse,
  ZDonationListTotals,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { dayIn } from '../../platform/format/calendar.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess, requirePermission } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import { openDonationCursor } from './donation-export.repository.ts';
import { csvExportStream, xlsxExportStream } from './donation-export.ts';
import { organisationCalendar } from './donation-list.repository.ts';
import { donationFilterOptions, donationTotals, listDonations } from './donation-list.service.ts';

// Access: every role of the dashboard group (docs/product/sign-in.md#route-access: 2001, 1984, 5150, 6635, 7789)
// reads and exports the selected organisation's donations; a peer fundraiser (1123) gets 403.
const READ = 'dashboard';

const CONTENT_TYPES: Record<TDonationExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

type Deps = { db: Db };

/** The staff donations list of /dashboard/donations and its export (docs/product/donations.md#the-donations-list). */
export async function donationListRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = zodRouter(app, 'Donations list');
  const { db } = deps;

  r.get(
    '/npo_admin/donations',
    {
      preHandler: requireAccess(READ),
      config: { apiScope: 'donations:read' },
      schema: {
        querystring: ZDonationListQuery,
        response: { 200: z.union([ZDonationListResponse, ZDonationListPageOnly]) },
      },
    },
    async (request) => listDonations(db, organisationSessionOf(request, READ).selectedNpoId, request.query),
  );

  // The totals of a filter on their own: what the list page reads once per filter, not per page.
  r.get(
    '/npo_admin/donations/totals',
    {
      preHandler: requireAccess(READ),
      schema: { querystring: ZDonationListFilter, response: { 200: ZDonationListTotals } },
    },
    async (request) => donationTotals(db, organisationSessionOf(request, READ).selectedNpoId, request.query),
  );

  r.get(
    '/npo_admin/donations/filter_options',
    { preHandler: requireAccess(READ), schema: { response: { 200: ZDonationFilterOptions } } },
    async (request) => donationFilterOptions(db, organisationSessionOf(request, READ).selectedNpoId),
  );

  // The row count goes out first (X-Total-Count) so the browser can show progress while the rows
  // stream from a database cursor; the audit log keeps who exported what.
  r.get(
    '/npo_admin/donations/export',
    {
      preHandler: [requireAccess(READ), requirePermission('donations.export')],
      config: {
        openapi: {
          description: 'Streams the rows; X-Total-Count gives their number first.',
          responses: {
            200: { description: 'The filtered donations as CSV or Excel (format).', mediaType: CONTENT_TYPES.csv },
          },
        },
      },
      schema: { querystring: ZDonationExportQuery },
    },
    async (request, reply) => {
      const session = organisationSessionOf(request, READ);
      const { format, ...filter } = request.query;
      const npoId = session.selectedNpoId;
      await recordAudit(db, {
        npoId,
        actorUserId: session.user.id,
        action: 'donations.exported',
        targetType: 'donation',
        data: { format, filter },
        ip: request.ip ?? null,
      });
      const { timeZone: zone, locale } = await organisationCalendar(db, npoId);
      const cursor = await openDonationCursor(db, npoId, filter);
      reply.raw.once('close', () => void cursor.close());
      const onDone = (rows: number) => {
        notifyOrganisation(db, {
          npoId,
          kind: 'export.finished',
          ...notificationTexts['export.finished']({ what: 'donations', rows, locale }),
          // The file is already in the browser's downloads; the list is where it came from.
          link: '/dashboard/donations',
          userIds: [session.user.id],
          data: { format, rows },
        }).catch((error: unknown) => request.log.error({ err: error }, 'export notification failed'));
      };
      const stream =
        format === 'xlsx'
          ? xlsxExportStream(cursor.batches(), onDone, zone)
          : csvExportStream(cursor.batches(), onDone, zone);
      const day = dayIn(new Date(), zone);
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="donations-${day}.${format}"`)
        .header('x-total-count', String(cursor.total))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
