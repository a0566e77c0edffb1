// SQL only: fundraiser pages (child campaigns) with their figures, their gifts and thank-you status,
// and a campaign's P2P settings (docs/decisions/044-peer-to-peer-pages.md).
import type { TPeerMilestone, TPeerPageState, TPeerSettings } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { campaignTotalsRow } from '../campaigns/index.ts';

export type PeerPageRow = {
  id: number;
  npo_id: number;
  campaign_id: number;
  campaign_name: string;
  parent_url: string;
  title: string;
  story: string;
  image_url: string | null;
  video_url: string | null;
  goal_minor: number | null;
  ends_at: string | null;
  campaign_url: string;
  owner_user_id: number | null;
  fundraiser: string | null;
  created_at: string;
  state: TPeerPageState;
  featured: boolean;
  first_shared_at: string | null;
  raised: number;
  donors: number;
  donations: number;
  views: number;
  self_donation: boolean;
  currency: string;
  milestones: Array<{ milestone: TPeerMilestone['milestone']; reached_at: string }>;
};

/**
 * Fundraiser pages matching `where` (a condition on the page `c`, which must carry the
 * organisation), each with its totals by the campaigns' rule, its page views (the funnel's beacons,
 * decision 037) and whether its fundraiser gave to it (a gift from their own e-mail address).
 */
export async function selectPeerPages(db: Tx, where: SQL, order: SQL = sql`c.id`): Promise<PeerPageRow[]> {
  const { rows } = await db.execute<PeerPageRow>(sql`
    SELECT c.id, c.npo_id, c.parent_campaign_id AS campaign_id, p.name AS campaign_name, p.campaign_url AS parent_url, c.name AS title,
      c.description AS story, c.image_url, c.video_url, c.goal_minor, c.ends_at, c.campaign_url, c.owner_user_id,
      nullif(trim(u.first_name || ' ' || u.last_name), '') AS fundraiser, c.created_at,
      coalesce(pp.state, 'live') AS state, coalesce(pp.featured, false) AS featured, pp.first_shared_at,
      t.raised, t.donors, t.donations,
      (SELECT coalesce(sum(f.views), 0) FROM campaign_funnel_days f
        WHERE f.campaign_id = c.id AND f.npo_id = c.npo_id)::int AS views,
      EXISTS (SELECT 1 FROM donations d JOIN donors n ON n.id = d.donor_id AND n.npo_id = d.npo_id
        WHERE d.peer_campaign_id = c.id AND d.npo_id = c.npo_id AND d.status = 'succeeded'
          AND lower(n.email) = lower(u.email)) AS self_donation,
      o.base_currency AS currency,
      (SELECT coalesce(json_agg(json_build_object('milestone', m.milestone, 'reached_at', m.reached_at)
          ORDER BY m.reached_at, array_position(ARRAY['first_gift', '25', '50', '75', '100'], m.milestone)), '[]'::json)
        FROM peer_milestones m WHERE m.peer_campaign_id = c.id AND m.npo_id = c.npo_id) AS milestones
    FROM campaigns c
    JOIN campaigns p ON p.id = c.parent_campaign_id AND p.npo_id = c.npo_id
    JOIN npos o ON o.id = c.npo_id
    LEFT JOIN users u ON u.id = c.owner_user_id
    LEFT JOIN peer_pages pp ON pp.campaign_id = c.id
    CROSS JOIN LATERAL (${campaignTotalsRow(sql`d.peer_campaign_id = c.id AND d.npo_id = c.npo_id`)}) t
    WHERE c.parent_campaign_id IS NOT NULL AND ${where}
    ORDER BY ${order}`);
  return rows;
}

export type PeerGiftRow = {
  id: number;
  name: string | null;
  email: string;
  amount_minor: number;
  currency: string;
  comment: string | null;
  given_at: string;
  thanked_at: string | null;
};

/**
 * The succeeded gifts through a page, newest first. The donor's name follows their donor-wall choice
 * (anonymous, first name only) also here: the fundraiser is a member of the public to them.
 */
export async function selectPeerGifts(db: Tx, npoId: number, pageId: number, only?: number): Promise<PeerGiftRow[]> {
  const one = only === undefined ? sql`` : sql`AND d.id = ${only}`;
  const { rows } = await db.execute<PeerGiftRow>(sql`
    SELECT d.id,
      CASE WHEN NOT d.add_to_donor_wall THEN NULL
        WHEN d.first_name_only_to_donor_wall THEN nullif(trim(n.first_name), '')
        ELSE nullif(trim(n.first_name || ' ' || n.last_name), '') END AS name,
      n.email, d.amount_minor - d.fee_covered_minor AS amount_minor, d.currency,
      CASE WHEN d.show_comment_on_donor_wall THEN nullif(trim(d.comment), '') END AS comment,
      d.created_at AS given_at, t.thanked_at
    FROM donations d JOIN donors n ON n.id = d.donor_id AND n.npo_id = d.npo_id
    LEFT JOIN peer_thanks t ON t.donation_id = d.id
    WHERE d.npo_id = ${npoId} AND d.peer_campaign_id = ${pageId} AND d.status = 'succeeded' ${one}
    ORDER BY d.created_at DESC, d.id DESC
    LIMIT 500`);
  return rows;
}

/** Marks a gift thanked once; false when it already was. */
export async function insertThanks(
  tx: Tx,
  row: { donationId: number; npoId: number; peerCampaignId: number; userId: number; emailed: boolean },
): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    INSERT INTO peer_thanks (donation_id, npo_id, peer_campaign_id, thanked_by_user_id, emailed)
    VALUES (${row.donationId}, ${row.npoId}, ${row.peerCampaignId}, ${row.userId}, ${row.emailed})
    ON CONFLICT (donation_id) DO NOTHING
    RETURNING 1 AS inserted`);
  return rows.length > 0;
}

export type PeerPageFields = {
  title: string;
  story: string;
  imageUrl?: string | null;
  videoUrl?: string | null;
  goalMinor?: number | null;
  endsAt?: string | null;
  campaignUrl?: string;
};

/** The page's own fields; only those given change. */
export async function updatePeerPage(tx: Tx, npoId: number, pageId: number, f: PeerPageFields): Promise<void> {
  const sets: SQL[] = [sql`name = ${f.title}`, sql`description = ${f.story}`, sql`updated_at = now()`];
  if (f.imageUrl !== undefined) sets.push(sql`image_url = ${f.imageUrl}`);
  if (f.videoUrl !== undefined) sets.push(sql`video_url = ${f.videoUrl}`);
  if (f.goalMinor !== undefined) sets.push(sql`goal_minor = ${f.goalMinor}`);
  if (f.endsAt !== undefined) sets.push(sql`ends_at = ${f.endsAt}::timestamptz`);
  if (f.campaignUrl !== undefined) sets.push(sql`campaign_url = ${f.campaignUrl}`);
  await tx.execute(sql`
    UPDATE campaigns SET ${sql.join(sets, sql`, `)}
    WHERE id = ${pageId} AND npo_id = ${npoId} AND parent_campaign_id IS NOT NULL`);
}

const STATUS_OF: Record<TPeerPageState, string> = {
  live: 'active',
  pending: 'draft',
  hidden: 'draft',
  removed: 'ended',
};

/** Staff's decision about a page; the campaign's status follows, so public reads need no new rule. */
export async function setPeerPageState(
  tx: Tx,
  page: { id: number; npoId: number },
  change: { state?: TPeerPageState; featured?: boolean },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO peer_pages (campaign_id, npo_id, state, featured)
    VALUES (${page.id}, ${page.npoId}, ${change.state ?? 'live'}, ${change.featured ?? false})
    ON CONFLICT (campaign_id) DO UPDATE SET
      state = ${change.state === undefined ? sql`peer_pages.state` : sql`${change.state}`},
      featured = ${change.featured === undefined ? sql`peer_pages.featured` : sql`${change.featured}`},
      updated_at = now()`);
  if (change.state) {
    await tx.execute(sql`
      UPDATE campaigns SET status = ${STATUS_OF[change.state]}, updated_at = now()
      WHERE id = ${page.id} AND npo_id = ${page.npoId}`);
  }
}

/** The fundraiser's first use of the share panel, for the checklist. */
export async function markShared(tx: Tx, page: { id: number; npoId: number }): Promise<void> {
  await tx.execute(sql`
    INSERT INTO peer_pages (campaign_id, npo_id, first_shared_at) VALUES (${page.id}, ${page.npoId}, now())
    ON CONFLICT (campaign_id) DO UPDATE SET first_shared_at = coalesce(peer_pages.first_shared_at, now())`);
}

export const DEFAULT_PEER_SETTINGS: TPeerSettings = {
  self_registration: true,
  approval_required: false,
  default_goal_minor: null,
  default_story: '',
  team_fundraising: false,
};

/** The campaign's P2P settings; team fundraising is the campaign's own `team_fundraising` (spec 02). */
export async function selectPeerSettings(db: Tx, campaignId: number): Promise<TPeerSettings> {
  const { rows } = await db.execute<Omit<TPeerSettings, 'team_fundraising'> & { teams: boolean | null }>(sql`
    SELECT s.self_registration, s.approval_required, s.default_goal_minor, s.default_story,
      (SELECT c.team_fundraising FROM campaigns c WHERE c.id = ${campaignId}) AS teams
    FROM (SELECT 1) one
    LEFT JOIN peer_settings s ON s.campaign_id = ${campaignId}`);
  const row = rows[0];
  const team_fundraising = row?.teams === true;
  return row && row.self_registration !== null
    ? {
        self_registration: row.self_registration,
        approval_required: row.approval_required,
        default_goal_minor: row.default_goal_minor === null ? null : Number(row.default_goal_minor),
        default_story: row.default_story,
        team_fundraising,
      }
    : { ...DEFAULT_PEER_SETTINGS, team_fundraising };
}

export async function upsertPeerSettings(tx: Tx, npoId: number, campaignId: number, s: TPeerSettings): Promise<void> {
  await tx.execute(sql`
    INSERT INTO peer_settings (campaign_id, npo_id, self_registration, approval_required, default_goal_minor, default_story)
    VALUES (${campaignId}, ${npoId}, ${s.self_registration}, ${s.approval_required}, ${s.default_goal_minor},
      ${s.default_story})
    ON CONFLICT (campaign_id) DO UPDATE SET self_registration = excluded.self_registration,
      approval_required = excluded.approval_required, default_goal_minor = excluded.default_goal_minor,
      default_story = excluded.default_story, updated_at = now()`);
  await tx.execute(sql`
    UPDATE campaigns SET team_fundraising = ${s.team_fundraising}
    WHERE id = ${campaignId} AND npo_id = ${npoId} AND team_fundraising IS DISTINCT FROM ${s.team_fundraising}`);
}

/** A top-level campaign of the organisation, for the staff view. */
export async function findOwnCampaign(db: Tx, npoId: number, campaignId: number) {
  const { rows } = await db.execute<{
    id: number;
    name: string;
    campaign_url: string;
    raised: number;
    currency: string;
  }>(sql`
    SELECT c.id, c.name, c.campaign_url, t.raised, o.base_currency AS currency
    FROM campaigns c
    JOIN npos o ON o.id = c.npo_id
    CROSS JOIN LATERAL (${campaignTotalsRow(sql`d.campaign_id = c.id AND d.npo_id = c.npo_id`)}) t
    WHERE c.id = ${campaignId} AND c.npo_id = ${npoId} AND c.parent_campaign_id IS NULL`);
  return rows[0] ?? null;
}

/**
 * A new page takes its campaign's P2P defaults (goal, story) and waits for approval when the
 * campaign asks for it (the page's campaign stays a draft until staff approve).
 */
export async function applyPeerDefaults(tx: Tx, page: { id: number; npoId: number; campaignId: number }) {
  const settings = await selectPeerSettings(tx, page.campaignId);
  if (settings.default_goal_minor !== null || settings.default_story !== '') {
    await tx.execute(sql`
      UPDATE campaigns SET goal_minor = coalesce(goal_minor, ${settings.default_goal_minor}),
        description = CASE WHEN description = '' THEN ${settings.default_story} ELSE description END
      WHERE id = ${page.id} AND npo_id = ${page.npoId}`);
  }
  if (settings.approval_required) await setPeerPageState(tx, page, { state: 'pending' });
}
