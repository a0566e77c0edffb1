// events18: the public event page (/event-page/{slug}): dist/event.html with the event placed in it, so
// the page renders without a second round trip, served with the donation pages' security headers.
// cf17: the crowdfunding page (/crowdfunding/{id or address}) is served the same way from crowdfunding.html.
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

type InlinedPage = {
  /** The page's route, with a :key parameter. */
  route: string;
  /** The built HTML file in dist. */
  file: string;
  /** The API path that answers the page's data for a key. */
  api: (key: string) => string;
  /** The id of the JSON script the page reads. */
  scriptId: string;
  /** The HTML's own <title>, replaced by the data's name. */
  title: string;
};

type Readers = {
  app: FastifyInstance;
  distDir: string;
  readFile: (file: string) => () => string | null;
  applyHeaders: (reply: FastifyReply) => void;
};

/**
 * A public record is placed in the page; any other answer (a draft, an unknown address) sends the
 * page without it and with that status: the page then asks with the visitor's own session, which
 * lets an organisation's staff preview their draft.
 */
export function registerInlinedPage({ app, distDir, readFile, applyHeaders }: Readers, page: InlinedPage) {
  const read = readFile(path.join(distDir, page.file));
  app.get(page.route, async (request, reply) => {
    const html = read();
    if (html === null) return reply.callNotFound();
    const { key } = request.params as { key: string };
    const api = await app.inject({ method: 'GET', url: page.api(encodeURIComponent(key)) });
    let body = html;
    if (api.statusCode === 200) {
      const name = String((JSON.parse(api.body) as { name?: unknown }).name ?? '');
      body = html
        .replace(
          '</body>',
          `<script type="application/json" id="${page.scriptId}">${api.body.replace(/</g, '\\u003c')}</script></body>`,
        )
        .replace(`<title>${page.title}</title>`, `<title>${escapeHtml(name)}</title>`);
    }
    applyHeaders(reply);
    return reply
      .status(api.statusCode === 200 ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(body);
  });
}

export function registerEventPage(
  app: FastifyInstance,
  distDir: string,
  readFile: (file: string) => () => string | null,
  applyHeaders: (reply: FastifyReply) => void,
) {
  registerInlinedPage(
    { app, distDir, readFile, applyHeaders },
    {
      route: '/event-page/:key',
      file: 'event.html',
      api: (key) => `/api/v1/event_page/${key}`,
      scriptId: 'kindling-event',
      title: 'Event',
    },
  );
}
