// events18: the public event page (/event-page/{slug}): dist/event.html with the event placed in it, so
// the page renders without a second round trip, served with the donation pages' security headers.
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A published event is placed in the page; any other answer (a draft, an unknown address) sends the
 * page without it and with that status: the page then asks with the visitor's own session, which
 * lets an organisation's staff preview their draft.
 */
export function registerEventPage(
  app: FastifyInstance,
  distDir: string,
  readFile: (file: string) => () => string | null,
  applyHeaders: (reply: FastifyReply) => void,
) {
  const readEvent = readFile(path.join(distDir, 'event.html'));
  app.get('/event-page/:key', async (request, reply) => {
    const html = readEvent();
    if (html === null) return reply.callNotFound();
    const { key } = request.params as { key: string };
    const api = await app.inject({ method: 'GET', url: `/api/v1/event_page/${encodeURIComponent(key)}` });
    let page = html;
    if (api.statusCode === 200) {
      const name = String((JSON.parse(api.body) as { name?: unknown }).name ?? '');
      page = html
        .replace(
          '</body>',
          `<script type="application/json" id="kindling-event">${api.body.replace(/</g, '\\u003c')}</script></body>`,
        )
        .replace('<title>Event</title>', `<title>${escapeHtml(name)}</title>`);
    }
    applyHeaders(reply);
    return reply
      .status(api.statusCode === 200 ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page);
  });
}
