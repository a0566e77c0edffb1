import { ZDonorWallQuery, ZDonorWallResponse } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import { createShortCache } from '../../platform/cache/short-cache.ts';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { readDonorWall } from './donor-wall.service.ts';

/** Browsers and proxies may keep an answer this long; the page polls no faster (decision 036). */
const MAX_AGE_SECONDS = 10;

type Deps = { db: Db; config: Config };

/** The public donor wall of campaign and fundraiser pages (docs/product/donation-form.md#donor-wall). */
export async function donorWallRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = zodRouter(app, 'Donor wall');
  // Every open page asks for the same first page: one query per page per few seconds, not per visitor.
  const cache = createShortCache<string>({
    ttlMs: deps.config.CAMPAIGN_PAGE_CACHE_MS ?? (deps.config.NODE_ENV === 'test' ? 0 : 5_000),
  });
  r.get(
    '/npo_admin/campaign_page/supporters',
    {
      schema: { querystring: ZDonorWallQuery },
      // The body is sent already serialised (cached), so the reference names the contract instead.
      config: { csrfCookie: false, ...PUBLIC_ROUTE, openapi: { responses: { 200: ZDonorWallResponse } } },
    },
    async (request, reply) => {
      const q = request.query;
      const key = `${q.campaign_id}:${q.peer_campaign_id ?? ''}:${q.cursor ?? ''}:${q.limit}`;
      const body = await cache.get(key, async () => JSON.stringify(await readDonorWall(deps.db, q)));
      return reply
        .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
        .type('application/json; charset=utf-8')
        .send(body);
    },
  );
}
