// The staff's attendee export of one event (the dashboard group, who run the door); another
// organisation's event is a 404.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { attendeesCsv } from './attendee-export.ts';
import type { EventRouteDeps } from './events.routes.ts';

const ZId = z.object({ id: z.coerce.number().int().positive() });

export async function attendeeExportRoutes(app: FastifyInstance, deps: EventRouteDeps): Promise<void> {
  const r = zodRouter(app, 'Events');
  r.get(
    '/npo_admin/events/:id/attendees.csv',
    {
      preHandler: requireAccess('dashboard'),
      schema: { params: ZId },
      config: { openapi: { responses: { 200: { description: 'The attendees as CSV.', mediaType: 'text/csv' } } } },
    },
    async (request, reply) => {
      const npoId = organisationSessionOf(request, 'dashboard').selectedNpoId;
      const { slug, csv } = await attendeesCsv(deps.db, npoId, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="attendees-${slug}.csv"`)
        .send(csv);
    },
  );
}
