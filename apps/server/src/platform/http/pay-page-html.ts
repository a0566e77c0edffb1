// pay25: the public payment page (/pay/{id}): dist/pay.html with the request and its campaign placed in it,
// so the page renders without a second round trip, served with the donation pages' security headers
// (docs/decisions/050-payment-requests.md).
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** An unknown request sends the page without data and 404: the page says it could not find it. */
export function registerPayPage(
  app: FastifyInstance,
  distDir: string,
  readFile: (file: string) => () => string | null,
  applyHeaders: (reply: FastifyReply) => void,
) {
  const readPay = readFile(path.join(distDir, 'pay.html'));
  app.get('/pay/:id', async (request, reply) => {
    const html = readPay();
    if (html === null) return reply.callNotFound();
    const { id } = request.params as { id: string };
    const api = await app.inject({ method: 'GET', url: `/api/v1/payment_requests/${encodeURIComponent(id)}` });
    let page = html;
    if (api.statusCode === 200) {
      const payRequest = JSON.parse(api.body) as { purpose?: unknown; organisation?: unknown; campaign_id?: unknown };
      const campaign = await app.inject({
        method: 'GET',
        url: `/api/v1/npo_admin/campaigns/${Number(payRequest.campaign_id)}`,
      });
      if (campaign.statusCode === 200) {
        const json = `{"request":${api.body},"campaign":${JSON.stringify((JSON.parse(campaign.body) as { campaign: unknown }).campaign)}}`;
        const title = `${String(payRequest.purpose ?? '')} · ${String(payRequest.organisation ?? '')}`;
        page = html
          .replace(
            '</body>',
            `<script type="application/json" id="kindling-pay">${json.replace(/</g, '\\u003c')}</script></body>`,
          )
          .replace('<title>Payment</title>', `<title>${escapeHtml(title)}</title>`);
      }
    }
    applyHeaders(reply);
    return reply
      .status(api.statusCode === 200 ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page);
  });
}
