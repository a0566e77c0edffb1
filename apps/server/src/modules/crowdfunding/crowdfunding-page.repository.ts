// The public crowdfunding page's read (docs/product/crowdfunding.md#public-page): campaign, organisation,
// gallery, rewards with their claimed counts, published updates, totals and the newest backers in ONE
// statement, so the page answers in one round trip to the database like campaign_page.
import {
  DEFAULT_GOAL_MINOR,
  DONOR_WALL_ANONYMOUS,
  type TCrowdfundingImage,
  type TCrowdfundingPage,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { campaignTotalsRow } from '../campaigns/index.ts';
import { srcsetOf } from './crowdfunding-images.service.ts';

const DAY_MS = 86_400_000;
const BACKERS_SHOWN = 100;

type PageRow = Omit<TCrowdfundingPage, 'goal_minor' | 'days_left' | 'accepting'> & {
  npo_id: number;
  status: string;
  goal_minor: number | null;
  ends_at: string | null;
};

/** A crowdfunding campaign by its id or its address (/crowdfunding/12 or /crowdfunding/community-garden). */
export async function readCrowdfundingPage(
  db: Tx,
  key: string,
): Promise<(TCrowdfundingPage & { npo_id: number; status: string }) | null> {
  const byId = /^\d{1,15}$/.test(key) ? Number(key) : null;
  const where = byId === null ? sql`c.campaign_url = ${key.toLowerCase()}` : sql`c.id = ${byId}`;
  const { rows } = await db.execute<PageRow>(sql`
    WITH c AS (
      SELECT c.*, cf.funding_model, coalesce(cf.deadline, c.ends_at) AS deadline_at
      FROM campaigns c JOIN crowdfunding_campaigns cf ON cf.campaign_id = c.id
      WHERE ${where} AND c.campaign_type = 'crowdfunding' AND c.parent_campaign_id IS NULL
    )
    SELECT c.id, c.npo_id, c.status, c.name, c.campaign_url, n.name AS organisation, n.logo_url AS logo, n.locale,
      c.currency, c.call_to_action, c.description, c.goal_minor, n.base_currency AS raised_currency,
      c.funding_model, c.deadline_at AS deadline, c.deadline_at AS ends_at, c.team_fundraising,
      t.raised + pl.pledged AS raised_minor, t.donors + pl.pledgers AS backers,
      coalesce((SELECT json_agg(json_build_object('url', i.url, 'alt', i.alt, 'width', i.width, 'height', i.height,
          'widths', v.widths) ORDER BY i.position, i.id)
        FROM crowdfunding_images i LEFT JOIN crowdfunding_image_variants v ON v.url = i.url
        WHERE i.campaign_id = c.id), '[]') AS images,
      coalesce((SELECT json_agg(json_build_object('id', r.id, 'amount_minor', r.amount_minor, 'title', r.title,
          'description', r.description, 'image_url', r.image_url, 'delivery_date', r.delivery_date,
          'claimed', (SELECT count(*) FROM crowdfunding_reward_claims k WHERE k.reward_id = r.id AND k.status = 'claimed'),
          'remaining', CASE WHEN r.quantity IS NULL THEN NULL ELSE greatest(0, r.quantity - r.taken) END,
          'shipping_required', r.shipping_required, 'fair_market_value_minor', r.fair_market_value_minor)
          ORDER BY r.position, r.amount_minor, r.id)
        FROM crowdfunding_rewards r WHERE r.campaign_id = c.id AND NOT r.archived), '[]') AS rewards,
      coalesce((SELECT json_agg(json_build_object('id', u.id, 'date', u.published_at, 'title', u.title,
          'content', u.body_html) ORDER BY u.published_at DESC, u.id DESC)
        FROM crowdfunding_updates u WHERE u.campaign_id = c.id AND u.published_at <= now()), '[]') AS updates,
      coalesce((SELECT json_agg(json_build_object('name', b.name, 'amount_minor', b.amount_minor, 'currency', b.currency)
          ORDER BY b.created_at DESC, b.id DESC)
        FROM (
          SELECT d.id, d.created_at,
            coalesce(CASE WHEN NOT d.add_to_donor_wall THEN NULL
              WHEN d.first_name_only_to_donor_wall THEN nullif(trim(o.first_name), '')
              ELSE nullif(trim(o.first_name || ' ' || o.last_name), '') END, ${DONOR_WALL_ANONYMOUS}) AS name,
            CASE WHEN d.show_amount_on_donor_wall THEN d.amount_minor - d.fee_covered_minor END AS amount_minor,
            CASE WHEN d.show_amount_on_donor_wall THEN d.currency END AS currency
          FROM donations d JOIN donors o ON o.id = d.donor_id AND o.npo_id = d.npo_id
          WHERE d.npo_id = c.npo_id AND d.campaign_id = c.id AND d.status = 'succeeded'
          ORDER BY d.created_at DESC, d.id DESC LIMIT ${BACKERS_SHOWN}
        ) b), '[]') AS backer_list
    FROM c JOIN npos n ON n.id = c.npo_id
    CROSS JOIN LATERAL (${campaignTotalsRow(sql`d.npo_id = c.npo_id AND d.campaign_id = c.id`)}) t
    -- cf17c: an all-or-nothing campaign's saved pledges count towards the goal before they are charged.
    CROSS JOIN LATERAL (SELECT coalesce(sum(p.amount_minor), 0) AS pledged, count(DISTINCT p.email) AS pledgers
      FROM crowdfunding_pledges p WHERE p.campaign_id = c.id AND p.status IN ('pledged', 'charging')) pl`);
  const row = rows[0];
  if (!row) return null;
  const now = Date.now();
  const endsAt = row.ends_at === null ? null : new Date(row.ends_at);
  const daysLeft = endsAt === null ? null : Math.ceil((endsAt.getTime() - now) / DAY_MS);
  return {
    ...row,
    id: Number(row.id),
    npo_id: Number(row.npo_id),
    goal_minor: row.goal_minor === null ? DEFAULT_GOAL_MINOR : Number(row.goal_minor),
    raised_minor: Number(row.raised_minor),
    backers: Number(row.backers),
    deadline: endsAt?.toISOString() ?? null,
    days_left: daysLeft,
    accepting: row.status === 'active' && (daysLeft === null || daysLeft > 0),
    images: row.images.map(({ widths, ...image }: TCrowdfundingImage & { widths?: number[] | null }) => ({
      ...image,
      srcset: srcsetOf(image.url, widths),
    })),
    rewards: row.rewards.map((r) => ({
      ...r,
      id: Number(r.id),
      amount_minor: Number(r.amount_minor),
      claimed: Number(r.claimed),
      fair_market_value_minor: Number(r.fair_market_value_minor),
    })),
    updates: row.updates.map((u) => ({ ...u, id: Number(u.id), date: new Date(u.date).toISOString() })),
    backer_list: row.backer_list.map((b) => ({
      ...b,
      amount_minor: b.amount_minor === null ? null : Number(b.amount_minor),
    })),
  };
}
