// The demo receiver (docs/product/integrations.md#demo): a page this app serves outside production
// that receives the demo endpoint's deliveries, verifies their signatures as a real receiver would,
// and lists them. Its secret is derived from the server's encryption key, so the seed and the
// receiver agree without storing it; rotating the demo endpoint's secret makes the receiver refuse.
import { desc } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { escapeHtml, standalonePage } from '../../platform/http/standalone-page.ts';
import { hmacHex } from '../../platform/security/tokens.ts';
import { verifySignature } from './webhook-signature.ts';
import { demoWebhookReceipts } from './webhooks.tables.ts';

export const DEMO_RECEIVER_PATH = '/demo/webhook-receiver';

export const demoReceiverSecret = (key: Buffer): string =>
  `whsec_demo${hmacHex(key, 'demo-webhook-receiver').slice(0, 40)}`;

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem 1rem;color:#1f2937;background:#f8fafc}' +
  'main{max-width:60rem;margin:auto}h1{font-size:1.4rem}table{border-collapse:collapse;width:100%;background:#fff}' +
  'th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e5e7eb;vertical-align:top;font-size:.9rem}' +
  '.ok{color:#166534;font-weight:600}.bad{color:#b91c1c;font-weight:600}pre{white-space:pre-wrap;word-break:break-all;margin:0;font-size:.8rem}' +
  '.wrap{overflow-x:auto}.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}';

function page(rows: (typeof demoWebhookReceipts.$inferSelect)[]): string {
  const body = rows
    .map(
      (r) => `<tr><td>${escapeHtml(r.receivedAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</td>
<td>${escapeHtml(r.eventType ?? '—')}<br><code>${escapeHtml(r.eventId ?? '—')}</code></td>
<td class="${r.signatureValid ? 'ok' : 'bad'}">${r.signatureValid ? 'Signature verified' : 'Signature invalid'}</td>
<td><pre>${escapeHtml(r.body.slice(0, 600))}</pre></td></tr>`,
    )
    .join('\n');
  return `<h1>Demo webhook receiver</h1>
<p>This page stands in for your own server: the demo organisation’s webhook endpoint points here. Each
delivery is checked with the endpoint’s signing secret, as the code in the product guide does.</p>
${
  rows.length
    ? `<div class="wrap" tabindex="0" role="region" aria-label="Deliveries received"><table><caption class="visually-hidden">Deliveries received</caption>
<thead><tr><th scope="col">Received</th><th scope="col">Event</th><th scope="col">Signature</th><th scope="col">Body</th></tr></thead>
<tbody>${body}</tbody></table></div>`
    : '<p>No deliveries received yet.</p>'
}`;
}

/** POST records a delivery (2xx when its signature verifies, else 400); GET shows the latest 50. */
export async function demoReceiverRoutes(app: FastifyInstance, deps: { db: Db; key: Buffer }): Promise<void> {
  const secret = demoReceiverSecret(deps.key);
  // The signature covers the exact bytes sent: keep the body as text, unparsed (in this plugin only).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(DEMO_RECEIVER_PATH, async (request, reply: FastifyReply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const header = request.headers['kindling-signature'];
    const valid = verifySignature(secret, body, typeof header === 'string' ? header : undefined);
    let event: { id?: unknown; type?: unknown } = {};
    try {
      event = JSON.parse(body) as typeof event;
    } catch {
      // recorded as received, unparsed
    }
    await deps.db.insert(demoWebhookReceipts).values({
      eventId: typeof event.id === 'string' ? event.id : null,
      eventType: typeof event.type === 'string' ? event.type : null,
      signatureValid: valid,
      body,
    });
    return reply.status(valid ? 200 : 400).send({ received: true, signature_valid: valid });
  });
  app.get(DEMO_RECEIVER_PATH, async (_request, reply) => {
    const rows = await deps.db.select().from(demoWebhookReceipts).orderBy(desc(demoWebhookReceipts.id)).limit(50);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(standalonePage('Demo webhook receiver', page(rows), STYLE));
  });
}
