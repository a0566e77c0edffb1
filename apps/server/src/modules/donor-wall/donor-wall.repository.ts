import { DONOR_WALL_ANONYMOUS, type TDonorWallEntry } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/** The page a wall belongs to, once it is known to be public right now. */
export type WallPage = { npoId: number; campaignId: number; peerCampaignId: number | null; locale: string };

/**
 * The campaign (and fundraiser page) of a wall, only while the public page itself would show:
 * an active top-level campaign, and for a fundraiser's page an active peer campaign of that same
 * campaign in the same organisation. Anything else (a draft, another organisation's page, a peer
 * of another campaign) is null, like a page that does not exist.
 */
export async function findWallPage(
  db: Db,
  campaignId: number,
  peerCampaignId: number | null,
): Promise<WallPage | null> {
  const { rows } = await db.execute<{ npo_id: number; peer_id: number | null; locale: string }>(sql`
    SELECT c.npo_id, p.id AS peer_id, o.locale
    FROM campaigns c
    JOIN npos o ON o.id = c.npo_id
    LEFT JOIN campaigns p ON p.id = ${peerCampaignId} AND p.parent_campaign_id = c.id AND p.npo_id = c.npo_id
      AND p.status = 'active'
    WHERE c.id = ${campaignId} AND c.parent_campaign_id IS NULL AND c.status = 'active'`);
  const row = rows[0];
  if (!row || (peerCampaignId !== null && row.peer_id === null)) return null;
  return { npoId: Number(row.npo_id), campaignId, peerCampaignId, locale: row.locale };
}

export type WallCursor = { givenAt: string; id: number };

type WallRow = {
  id: number;
  given_at: string;
  /** Full precision, for the cursor (a JavaScript date keeps only milliseconds). */
  cursor_at: string;
  name: string | null;
  amount_minor: number | null;
  currency: string | null;
  comment: string | null;
};

/**
 * Succeeded gifts of the page, newest first, keyset-paged by (created_at, id). Each donor's choices
 * are applied in the statement itself (docs/product/donation-form.md#donor-wall): a name, an amount
 * or a comment the donor did not choose to show never leaves the database. Refunded gifts are
 * no longer succeeded and drop off.
 */
export async function selectWall(db: Db, page: WallPage, limit: number, after: WallCursor | null) {
  const peer = page.peerCampaignId === null ? sql`` : sql`AND d.peer_campaign_id = ${page.peerCampaignId}`;
  const older =
    after === null ? sql`` : sql`AND (d.created_at, d.id) < (${after.givenAt}::timestamptz, ${after.id}::bigint)`;
  const { rows } = await db.execute<WallRow>(sql`
    SELECT d.id, d.created_at AS given_at, d.created_at::text AS cursor_at,
      CASE WHEN NOT d.add_to_donor_wall THEN NULL
        WHEN d.first_name_only_to_donor_wall THEN nullif(trim(n.first_name), '')
        ELSE nullif(trim(n.first_name || ' ' || n.last_name), '') END AS name,
      -- The gift as chosen: fees the donor added on top are not part of it.
      CASE WHEN d.show_amount_on_donor_wall THEN d.amount_minor - d.fee_covered_minor END AS amount_minor,
      CASE WHEN d.show_amount_on_donor_wall THEN d.currency END AS currency,
      CASE WHEN d.show_comment_on_donor_wall THEN nullif(trim(d.comment), '') END AS comment
    FROM donations d JOIN donors n ON n.id = d.donor_id AND n.npo_id = d.npo_id
    WHERE d.npo_id = ${page.npoId} AND d.campaign_id = ${page.campaignId} AND d.status = 'succeeded' ${peer} ${older}
    ORDER BY d.created_at DESC, d.id DESC
    LIMIT ${limit + 1}`);
  const entries: Array<TDonorWallEntry & { cursor: WallCursor }> = rows.slice(0, limit).map((r) => {
    const givenAt = new Date(r.given_at).toISOString();
    return {
      key: String(r.id),
      name: r.name ?? DONOR_WALL_ANONYMOUS,
      anonymous: r.name === null,
      amount_minor: r.amount_minor === null ? null : Number(r.amount_minor),
      currency: r.currency,
      comment: r.comment,
      given_at: givenAt,
      cursor: { givenAt: r.cursor_at, id: Number(r.id) },
    };
  });
  return { entries, more: rows.length > limit };
}
