// A marketing e-mail's own links, for anyone holding the recipient's token
// (docs/product/crm-email-marketing.md#unsubscribe-and-tracking): the unsubscribe page and its
// one-click POST (RFC 8058: a mail client posts `List-Unsubscribe=One-Click` without a session or
// CSRF token, so the route is exempt in csrf.ts), the open pixel and the click redirect.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { escapeHtml, standalonePage } from '../../platform/http/standalone-page.ts';
import { recipientOf, stampClick, stampOpen, unsubscribe } from './marketing-links.repository.ts';

const MESSAGES = {
  unknownLink: 'This link is not valid any more.',
  done: 'You will get no more e-mails like this one. Thank you for letting us know.',
} as const;
const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1f2937}main{max-width:32rem;margin:auto}' +
  'button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer}';
const PAGE = {
  ...PUBLIC_ROUTE,
  openapi: { responses: { 200: { description: 'A small page', mediaType: 'text/html' } } },
};
const ZToken = z.object({ token: z.string().max(64) });
const ZClick = ZToken.extend({ index: z.coerce.number().int().min(0).max(10_000) });
// A 1×1 transparent GIF.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const sendPage = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(standalonePage(title, `<h1>${escapeHtml(title)}</h1>\n${body}`, STYLE));

export async function marketingPublicRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const r = zodRouter(app, 'E-mail marketing links');
  const { db } = deps;
  // The one-click POST's body is form-encoded; only the token in the address matters.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_q, body, done) =>
      done(null, body),
    );

  // The e-mail's link opens a page with a button: a link alone must not unsubscribe, since mail
  // scanners open links. The one-click POST (RFC 8058) and the button post to the same address.
  r.get('/email/unsubscribe/:token', { schema: { params: ZToken }, config: PAGE }, async (request, reply) => {
    const row = await recipientOf(db, request.params.token);
    if (!row) return sendPage(reply, 404, 'Link not valid', `<p>${escapeHtml(MESSAGES.unknownLink)}</p>`);
    return sendPage(
      reply,
      200,
      'Unsubscribe',
      `<form method="post">
<p>Stop e-mails from ${escapeHtml(row.organisation_name)} like “${escapeHtml(row.subject)}”.</p>
<input type="hidden" name="source" value="page">
<button type="submit">Unsubscribe</button>
</form>`,
    );
  });

  r.post('/email/unsubscribe/:token', { schema: { params: ZToken }, config: PAGE }, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const source = body.includes('List-Unsubscribe=One-Click')
      ? 'One-click unsubscribe (mail program)'
      : 'Unsubscribe link in a marketing e-mail';
    const row = await unsubscribe(db, request.params.token, source);
    return row
      ? sendPage(reply, 200, 'You are unsubscribed', `<p>${escapeHtml(MESSAGES.done)}</p>`)
      : sendPage(reply, 404, 'Link not valid', `<p>${escapeHtml(MESSAGES.unknownLink)}</p>`);
  });

  r.get(
    '/email/open/:token',
    {
      schema: { params: ZToken },
      config: {
        ...PUBLIC_ROUTE,
        openapi: { responses: { 200: { description: 'A 1×1 GIF', mediaType: 'image/gif' } } },
      },
    },
    async (request, reply) => {
      await stampOpen(db, request.params.token);
      return reply.type('image/gif').header('cache-control', 'no-store').send(PIXEL);
    },
  );

  r.get(
    '/email/click/:token/:index',
    {
      schema: { params: ZClick },
      config: { ...PUBLIC_ROUTE, openapi: { responses: { 302: { description: 'To the link' } } } },
    },
    async (request, reply) => {
      const link = await stampClick(db, request.params.token, request.params.index);
      if (!link) return sendPage(reply, 404, 'Link not valid', `<p>${escapeHtml(MESSAGES.unknownLink)}</p>`);
      return reply.redirect(link, 302);
    },
  );
}
