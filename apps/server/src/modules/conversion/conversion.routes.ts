// The form's conversion calls (public, anonymous, same-origin only: see csrf.ts) and the staff
// read of a campaign's funnel and abandoned gifts (docs/decisions/037-conversion-features.md).
import {
  ZCampaignConversion,
  ZCheckoutStarted,
  ZConversionQuery,
  ZFunnelBeacon,
  ZReminderRequest,
  ZReminderResponse,
  ZUnsubscribeRequest,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { organisationSessionOf, requireAccess } from '../../platform/http/session-context.ts';
import { escapeHtml, standalonePage } from '../../platform/http/standalone-page.ts';
import { conversionLimiters, countCall } from './conversion-limits.ts';
import { countFunnelEvent, readConversion, saveCheckoutStart } from './funnel.repository.ts';
import { requestReminder, UNSUBSCRIBE_PATH, unsubscribeReminder } from './reminders.ts';

export const CONVERSION_MESSAGES = {
  noCampaign: 'This campaign is not taking donations.',
  notFound: 'Campaign not found.',
  unknownLink: 'This link is not valid any more. No reminder will be sent from it.',
  unsubscribed: 'You will not get this reminder. Thank you for letting us know.',
} as const;

const READ = 'dashboard';
const ZIdParams = z.object({ id: z.coerce.number().int().positive() });
const noCampaign = () => new AppError('NOT_FOUND', CONVERSION_MESSAGES.noCampaign);
const html = {
  ...PUBLIC_ROUTE,
  openapi: { responses: { 200: { description: 'A small page', mediaType: 'text/html' } } },
};
const NO_CONTENT = { responses: { 204: { description: 'Counted: nothing to return.' } } };
const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1f2937}main{max-width:32rem;margin:auto}' +
  'button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer}';

const sendPage = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(standalonePage(title, `<h1>${escapeHtml(title)}</h1>\n${body}`, STYLE));

export async function conversionRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'Conversion');
  const { db } = deps;
  const limits = conversionLimiters(db);

  r.post(
    '/npo_admin/funnel_event',
    { schema: { body: ZFunnelBeacon }, config: { ...PUBLIC_ROUTE, openapi: NO_CONTENT } },
    async (request, reply) => {
      await countCall(limits.beacon, request, String(request.body.campaign_id));
      if (!(await countFunnelEvent(db, request.body.campaign_id, request.body.event))) throw noCampaign();
      return reply.status(204).send();
    },
  );

  r.post(
    '/npo_admin/checkout_started',
    { schema: { body: ZCheckoutStarted }, config: { ...PUBLIC_ROUTE, openapi: NO_CONTENT } },
    async (request, reply) => {
      await countCall(limits.checkout, request);
      const b = request.body;
      const saved = await saveCheckoutStart(db, {
        campaignId: b.campaign_id,
        email: b.email,
        firstName: b.first_name,
        lastName: b.last_name,
        amountMinor: b.amount,
        currency: b.currency,
        interval: b.interval,
      });
      if (!saved) throw noCampaign();
      return reply.status(204).send();
    },
  );

  r.post(
    '/npo_admin/remind_me',
    { schema: { body: ZReminderRequest, response: { 201: ZReminderResponse } }, config: PUBLIC_ROUTE },
    async (request, reply) => {
      await countCall(limits.reminder, request);
      const b = request.body;
      const saved = await requestReminder(db, {
        campaignId: b.campaign_id,
        email: b.email,
        firstName: b.first_name,
        delay: b.delay,
      });
      if (!saved) throw noCampaign();
      return reply.status(201).send({ due_at: saved.dueAt.toISOString() });
    },
  );

  // The e-mail's link opens a page with a button: a link alone must not unsubscribe, since mail
  // scanners open links.
  r.get(
    UNSUBSCRIBE_PATH.replace('/api/v1', ''),
    { schema: { querystring: ZUnsubscribeRequest }, config: html },
    (request, reply) =>
      sendPage(
        reply,
        200,
        'Cancel your reminder',
        `<form method="post" action="${escapeHtml(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token)}`)}">
<p>We will send you no reminder e-mail for this gift.</p>
<button type="submit">Cancel the reminder</button>
</form>`,
      ),
  );

  r.post(
    UNSUBSCRIBE_PATH.replace('/api/v1', ''),
    { schema: { querystring: ZUnsubscribeRequest }, config: html },
    async (request, reply) => {
      const done = await unsubscribeReminder(db, request.query.token);
      return done
        ? sendPage(reply, 200, 'Reminder cancelled', `<p>${escapeHtml(CONVERSION_MESSAGES.unsubscribed)}</p>`)
        : sendPage(reply, 404, 'Link not valid', `<p>${escapeHtml(CONVERSION_MESSAGES.unknownLink)}</p>`);
    },
  );

  r.get(
    '/npo_admin/campaigns/:id/conversion',
    {
      preHandler: requireAccess(READ),
      schema: { params: ZIdParams, querystring: ZConversionQuery, response: { 200: ZCampaignConversion } },
    },
    async (request) => {
      const { selectedNpoId } = organisationSessionOf(request, READ);
      const conversion = await readConversion(db, selectedNpoId, request.params.id, request.query.days);
      if (!conversion) throw new AppError('NOT_FOUND', CONVERSION_MESSAGES.notFound);
      return conversion;
    },
  );
}
