import { createShortCache, type ShortCache } from '../../platform/cache/short-cache.ts';

/**
 * The public campaign read is what every donor's page load asks for, often in bursts (an appeal
 * e-mail goes out, a campaign is shared). Each process keeps the serialised answer per campaign for
 * a short time, so a burst costs one query per campaign instead of one per donor. Writes through
 * this process clear it at once; other processes see a change within the cache time (totals raised
 * and donor counts may lag that long, which a public page can live with).
 */
export type CampaignPageCache = {
  /** The JSON body for `key`, or null when `load` found nothing. */
  get(key: string, load: () => Promise<unknown | null>): Promise<string | null>;
  clear(): void;
};

export function createCampaignPageCache(options: { ttlMs: number; max?: number }): CampaignPageCache {
  const cache: ShortCache<string> = createShortCache<string>(options);
  return {
    get: (key, load) =>
      cache.get(key, async () => {
        const value = await load();
        return value === null ? null : JSON.stringify(value);
      }),
    clear: () => cache.clear(),
  };
}
