import { LRUCache } from 'lru-cache';

/**
 * The public campaign read is what every donor's page load asks for, often in bursts (an appeal
 * e-mail goes out, a campaign is shared). Each process keeps the serialised answer per campaign for
 * a short time, so a burst costs one query per campaign instead of one per donor. Writes through
 * this process clear it at once; other processes see a change within `ttlMs` (totals raised and
 * donor counts may lag that long, which a public page can live with).
 */
export type CampaignPageCache = {
  /** The JSON body for `key`, or null when `load` found nothing (cached too, so misses stay cheap). */
  get(key: string, load: () => Promise<unknown | null>): Promise<string | null>;
  clear(): void;
};

const NOT_FOUND = '';

/** ttlMs 0: no caching (tests that change rows behind the API's back read them at once). */
export function createCampaignPageCache(options: { ttlMs: number; max?: number }): CampaignPageCache {
  if (options.ttlMs <= 0) {
    return {
      get: async (_key, load) => {
        const value = await load();
        return value === null ? null : JSON.stringify(value);
      },
      clear: () => {},
    };
  }
  const cache = new LRUCache<string, string, () => Promise<unknown | null>>({
    max: options.max ?? 2_000,
    ttl: options.ttlMs,
    // A stale answer is served while one request refreshes it, and concurrent misses share one load.
    allowStale: true,
    noDeleteOnStaleGet: true,
    fetchMethod: async (_key, _stale, { context: load }) => {
      const value = await load();
      return value === null ? NOT_FOUND : JSON.stringify(value);
    },
  });
  return {
    async get(key, load) {
      const body = await cache.fetch(key, { context: load });
      return body === undefined || body === NOT_FOUND ? null : body;
    },
    clear: () => cache.clear(),
  };
}
