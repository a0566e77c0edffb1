// The public leaderboard of a campaign's fundraisers (docs/decisions/044-peer-to-peer-pages.md): live,
// visible pages by what their gifts raised, featured pages marked. It reads the maintained per-page
// totals in board order (docs/decisions/059-maintained-peer-page-totals.md).
import type { TLeaderboard } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

type BoardRow = {
  id: number;
  title: string;
  campaign_url: string;
  goal_minor: number | null;
  featured: boolean;
  raised: number;
  fundraiser: string | null;
};

/**
 * The board's read. Gifts a refund took back drop out (status); partial refunds are not subtracted
 * on the board. The per-page totals are maintained on donations, so the top pages come in index
 * order (decision 059); moderation is an anti-join rather than a filter on a left join, whose
 * misestimate made the planner join every page before sorting. A team's own page is on the teams'
 * board only (decision 067). Exported for bench/peer/run.ts.
 */
export const boardQuery = (campaignId: number, npoId: number, limit: number) => sql`
    SELECT c.id, c.name AS title, c.campaign_url, c.goal_minor,
      coalesce((SELECT pp.featured FROM peer_pages pp WHERE pp.campaign_id = c.id), false) AS featured,
      t.raised_minor AS raised, nullif(trim(u.first_name || ' ' || u.last_name), '') AS fundraiser
    FROM peer_page_totals t
    JOIN campaigns c ON c.id = t.peer_campaign_id AND c.parent_campaign_id = ${campaignId} AND c.status = 'active'
    LEFT JOIN users u ON u.id = c.owner_user_id
    WHERE t.campaign_id = ${campaignId} AND t.gifts > 0 AND t.npo_id = ${npoId}
      AND NOT EXISTS (SELECT 1 FROM peer_pages pp WHERE pp.campaign_id = t.peer_campaign_id
        AND (pp.state <> 'live' OR pp.kind = 'team'))
    ORDER BY t.raised_minor DESC, t.peer_campaign_id
    LIMIT ${limit}`;

/** Null while the campaign is not public (a draft, ended, a peer page or unknown), like a missing page. */
export async function readLeaderboard(db: Db, campaignId: number, limit: number): Promise<TLeaderboard | null> {
  const { rows: owner } = await db.execute<{ npo_id: number; base_currency: string }>(sql`
    SELECT c.npo_id, n.base_currency FROM campaigns c JOIN npos n ON n.id = c.npo_id
    WHERE c.id = ${campaignId} AND c.parent_campaign_id IS NULL AND c.status = 'active'`);
  const campaign = owner[0];
  if (!campaign) return null;
  const { rows } = await db.execute<BoardRow>(boardQuery(campaignId, campaign.npo_id, limit));
  return {
    currency: campaign.base_currency,
    fundraisers: rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      fundraiser: r.fundraiser ?? '',
      campaign_url: r.campaign_url,
      featured: r.featured,
      raised_minor: Number(r.raised),
      goal_minor: r.goal_minor === null ? null : Number(r.goal_minor),
    })),
  };
}

type Kept = { body: string | null; at: number; refreshing: boolean };

/**
 * The per-process copy of each campaign's answer. A copy older than `ttlMs` is still served while
 * one request recomputes it in the background, so only a campaign's very first visitor waits for
 * the grouped read (decision 044); `ttlMs` 0 computes every time (tests).
 */
export function createBoardCache(ttlMs: number, max = 1_000) {
  const kept = new Map<string, Kept>();
  const refresh = (key: string, load: () => Promise<string | null>, entry: Kept) => {
    entry.refreshing = true;
    load()
      .then((body) => kept.set(key, { body, at: Date.now(), refreshing: false }))
      .catch(() => {
        entry.refreshing = false;
      });
  };
  return async (key: string, load: () => Promise<string | null>): Promise<string | null> => {
    if (ttlMs <= 0) return load();
    const entry = kept.get(key);
    if (!entry) {
      const body = await load();
      if (kept.size >= max) kept.delete(kept.keys().next().value as string);
      kept.set(key, { body, at: Date.now(), refreshing: false });
      return body;
    }
    if (Date.now() - entry.at > ttlMs && !entry.refreshing) refresh(key, load, entry);
    return entry.body;
  };
}
