import { LRUCache } from 'lru-cache';

/**
 * A per-process cache for reads that bursts of anonymous requests repeat (a campaign's public page,
 * the campaign a payment is for). Entries live `ttlMs`; a stale entry is served while one caller
 * refreshes it, and concurrent misses share one load. ttlMs 0 turns caching off (tests that change
 * rows behind the API's back read them at once).
 */
export type ShortCache<V> = {
  /** The value for `key`, or null when `load` found nothing (cached too, so misses stay cheap). */
  get(key: string, load: () => Promise<V | null>): Promise<V | null>;
  clear(): void;
};

const MISSING = Symbol('missing');

/**
 * Bumped by invalidateShortCaches: each cache clears itself on its next read when the generation it
 * last saw is older. A rare platform-wide change (an organisation suspended) costs no registry of
 * caches and one integer comparison per read.
 */
let generation = 0;

/** Every short cache of this process drops its entries before its next read. */
export function invalidateShortCaches(): void {
  generation += 1;
}

export function createShortCache<V extends object | string>(options: { ttlMs: number; max?: number }): ShortCache<V> {
  if (options.ttlMs <= 0) return { get: (_key, load) => load(), clear: () => {} };
  type Entry = V | typeof MISSING;
  const cache = new LRUCache<string, Entry & {}, () => Promise<V | null>>({
    max: options.max ?? 2_000,
    ttl: options.ttlMs,
    allowStale: true,
    noDeleteOnStaleGet: true,
    fetchMethod: async (_key, _stale, { context: load }) => (await load()) ?? MISSING,
  });
  let seen = generation;
  return {
    async get(key, load) {
      if (seen !== generation) {
        seen = generation;
        cache.clear();
      }
      const value = await cache.fetch(key, { context: load });
      return value === undefined || value === MISSING ? null : (value as V);
    },
    clear: () => cache.clear(),
  };
}

/** The default lifetime: 2 s outside tests, off in tests unless CAMPAIGN_PAGE_CACHE_MS says otherwise. */
export const shortCacheTtl = (config: { CAMPAIGN_PAGE_CACHE_MS?: number; NODE_ENV: string }): number =>
  config.CAMPAIGN_PAGE_CACHE_MS ?? (config.NODE_ENV === 'test' ? 0 : 2_000);
