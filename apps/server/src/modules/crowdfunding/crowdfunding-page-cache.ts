import type { FastifyInstance } from 'fastify';
import { createShortCache, shortCacheTtl } from '../../platform/cache/short-cache.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { readCrowdfundingPage } from './crowdfunding-page.repository.ts';

/** A page as read once: whose it is, whether it is a draft, and the public JSON ready to send. */
type CachedPage = { npoId: number; status: string; body: string };

/**
 * The public crowdfunding read is what every backer's page load asks for, in bursts when a campaign is
 * shared; like campaign_page (docs/product/crowdfunding.md#performance) each process keeps the
 * serialised answer per campaign for CAMPAIGN_PAGE_CACHE_MS (off in tests). The key is the campaign's
 * id or address, each naming one campaign of one organisation, and the entry keeps that organisation and
 * the status so a draft is never served from it. Staff signed in to an organisation always read afresh
 * (their preview shows what they just saved). Staff writes through this process clear it at once; totals
 * and backer counts may lag by the cache time, which a public page can live with.
 */
export type CrowdfundingPageCache = {
  /** The JSON body the visitor may see, or null (unknown, or a draft not theirs to preview). */
  read(db: Tx, key: string, previewNpoId: number | null): Promise<string | null>;
  clear(): void;
  /** Clears the cache after any successful write of `app`'s routes. */
  clearOnWrites(app: FastifyInstance): void;
};

async function load(db: Tx, key: string): Promise<CachedPage | null> {
  const page = await readCrowdfundingPage(db, key);
  if (!page) return null;
  const { npo_id: npoId, status, ...shown } = page;
  return { npoId, status, body: JSON.stringify(shown) };
}

const visible = (page: CachedPage | null, previewNpoId: number | null) =>
  page && (page.status !== 'draft' || page.npoId === previewNpoId) ? page.body : null;

export function createCrowdfundingPageCache(config: Parameters<typeof shortCacheTtl>[0]): CrowdfundingPageCache {
  const cache = createShortCache<CachedPage>({ ttlMs: shortCacheTtl(config) });
  const cacheKey = (key: string) => (/^\d{1,15}$/.test(key) ? `id:${Number(key)}` : `url:${key.toLowerCase()}`);
  return {
    async read(db, key, previewNpoId) {
      if (previewNpoId !== null) return visible(await load(db, key), previewNpoId);
      return visible(await cache.get(cacheKey(key), () => load(db, key)), null);
    },
    clear: () => cache.clear(),
    clearOnWrites(app) {
      app.addHook('onSend', (request, reply, payload, done) => {
        if (request.method !== 'GET' && reply.statusCode < 400) cache.clear();
        done(null, payload);
      });
    },
  };
}
