// Staff reads of crowdfunding (docs/product/crowdfunding.md#staff): the list with its figures, the reward
// backers' export for fulfilment and the fulfilled flag. Every query carries the selected organisation:
// another organisation's campaign or claim is not found.
import { CROWDFUNDING_MESSAGES, fromMinorUnits, type TCrowdfundingList } from '@kindling/contracts';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { campaignTotalsRow } from '../campaigns/index.ts';
import { SHIPPING_LINE } from './crowdfunding-admin.repository.ts';

const DAY_MS = 86_400_000;

export async function listCrowdfunding(db: Db, npoId: number): Promise<TCrowdfundingList> {
  const { rows } = await db.execute<{
    id: number;
    name: string;
    campaign_url: string;
    status: string;
    goal_minor: number | null;
    currency: string;
    deadline: string | null;
    raised: number;
    donors: number;
    funding_model: 'keep_what_you_raise' | 'all_or_nothing';
    settlement: 'met' | 'missed' | null;
    pledged: number;
  }>(sql`
    SELECT c.id, c.name, c.campaign_url, c.status, c.goal_minor, n.base_currency AS currency,
      coalesce(cf.deadline, c.ends_at) AS deadline, t.raised, t.donors, cf.funding_model, cf.settlement,
      (SELECT coalesce(sum(p.amount_minor), 0) FROM crowdfunding_pledges p
        WHERE p.campaign_id = c.id AND p.status IN ('pledged', 'charging')) AS pledged
    FROM campaigns c JOIN crowdfunding_campaigns cf ON cf.campaign_id = c.id JOIN npos n ON n.id = c.npo_id
    CROSS JOIN LATERAL (${campaignTotalsRow(sql`d.npo_id = c.npo_id AND d.campaign_id = c.id`)}) t
    WHERE c.npo_id = ${npoId} AND c.campaign_type = 'crowdfunding'
    ORDER BY c.created_at DESC, c.id DESC`);
  const now = Date.now();
  return {
    campaigns: rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      campaign_url: r.campaign_url,
      status: r.status,
      raised_minor: Number(r.raised),
      goal_minor: r.goal_minor === null ? null : Number(r.goal_minor),
      currency: r.currency,
      backers: Number(r.donors),
      days_left: r.deadline === null ? null : Math.ceil((new Date(r.deadline).getTime() - now) / DAY_MS),
      funding_model: r.funding_model,
      pledged_minor: Number(r.pledged),
      settlement: r.settlement,
    })),
  };
}

const CSV_HEADER = [
  'Reward',
  'Backer',
  'Email',
  'Gift',
  'Currency',
  'Shipping required',
  'Address',
  'Claimed at',
  'Fulfilled',
  'Payment',
];

/** How the reward was paid for: a gift, or an all-or-nothing pledge and where its settlement stands. */
const PAYMENT = sql`CASE WHEN p.id IS NULL THEN 'gift' ELSE 'pledge ' || p.status END`;

/** The claimed rewards of one campaign, for fulfilment: who, which reward, where to send it. */
export async function rewardBackersCsv(db: Db, npoId: number, campaignId: number): Promise<string> {
  const { rows: own } = await db.execute(sql`
    SELECT 1 FROM campaigns WHERE id = ${campaignId} AND npo_id = ${npoId} AND campaign_type = 'crowdfunding'`);
  if (own.length === 0) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.notFound);
  const { rows } = await db.execute<{
    title: string;
    first_name: string;
    last_name: string;
    email: string;
    gift_minor: number;
    currency: string;
    shipping_required: boolean;
    address: string;
    claimed_at: string;
    fulfilled: boolean;
    payment: string;
  }>(sql`
    SELECT r.title, coalesce(o.first_name, p.first_name) AS first_name, coalesce(o.last_name, p.last_name) AS last_name,
      coalesce(o.email, p.email) AS email, coalesce(d.amount_minor - d.fee_covered_minor, p.amount_minor) AS gift_minor,
      coalesce(d.currency, p.currency) AS currency, r.shipping_required,
      -- The claim's own address, given before paying; a claim made before addresses were asked: the donor's.
      coalesce(${SHIPPING_LINE}, concat_ws(', ', nullif(o.address, ''), nullif(o.address2, ''), nullif(o.city, ''),
        nullif(o.state, ''), nullif(o.postal_code, ''), nullif(o.country, ''))) AS address,
      k.claimed_at, k.fulfilled, ${PAYMENT} AS payment
    FROM crowdfunding_reward_claims k
    JOIN crowdfunding_rewards r ON r.id = k.reward_id
    LEFT JOIN donations d ON d.id = k.donation_id AND d.npo_id = k.npo_id
    LEFT JOIN donors o ON o.id = d.donor_id AND o.npo_id = d.npo_id
    LEFT JOIN crowdfunding_pledges p ON p.id = k.pledge_id
    WHERE k.npo_id = ${npoId} AND k.campaign_id = ${campaignId} AND k.status = 'claimed'
      AND (d.id IS NOT NULL OR p.id IS NOT NULL)
    ORDER BY r.position, r.id, k.claimed_at, k.id`);
  return stringify(
    rows.map((r) => [
      r.title,
      `${r.first_name} ${r.last_name}`.trim(),
      r.email,
      fromMinorUnits(Number(r.gift_minor), r.currency),
      r.currency,
      r.shipping_required ? 'yes' : 'no',
      r.shipping_required ? r.address : '',
      new Date(r.claimed_at).toISOString(),
      r.fulfilled ? 'yes' : 'no',
      r.payment,
    ]),
    { header: true, columns: CSV_HEADER },
  );
}

const PLEDGES_HEADER = ['Backer', 'Email', 'Pledge', 'Currency', 'Reward', 'Status', 'Failure', 'Pledged at'];

/** Every saved pledge of an all-or-nothing campaign with its settlement state (docs/product/crowdfunding.md#staff). */
export async function pledgesCsv(db: Db, npoId: number, campaignId: number): Promise<string> {
  const { rows: own } = await db.execute(sql`
    SELECT 1 FROM campaigns WHERE id = ${campaignId} AND npo_id = ${npoId} AND campaign_type = 'crowdfunding'`);
  if (own.length === 0) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.notFound);
  const { rows } = await db.execute<{
    name: string;
    email: string;
    amount_minor: number;
    currency: string;
    reward: string | null;
    status: string;
    failure_message: string | null;
    created_at: string;
  }>(sql`
    SELECT trim(p.first_name || ' ' || p.last_name) AS name, p.email, p.amount_minor, p.currency, r.title AS reward,
      p.status, p.failure_message, p.created_at
    FROM crowdfunding_pledges p
    LEFT JOIN crowdfunding_reward_claims k ON k.pledge_id = p.id AND k.status = 'claimed'
    LEFT JOIN crowdfunding_rewards r ON r.id = k.reward_id
    WHERE p.npo_id = ${npoId} AND p.campaign_id = ${campaignId} AND p.status <> 'saving'
    ORDER BY p.created_at, p.id`);
  return stringify(
    rows.map((r) => [
      r.name,
      r.email,
      fromMinorUnits(Number(r.amount_minor), r.currency),
      r.currency,
      r.reward ?? '',
      r.status,
      r.failure_message ?? '',
      new Date(r.created_at).toISOString(),
    ]),
    { header: true, columns: PLEDGES_HEADER },
  );
}

/** Marks a claimed reward sent (or not yet). */
export async function setFulfilled(db: Db, npoId: number, claimId: number, fulfilled: boolean) {
  const { rows } = await db.execute<{ id: number; fulfilled: boolean; fulfilled_at: string | null }>(sql`
    UPDATE crowdfunding_reward_claims
    SET fulfilled = ${fulfilled}, fulfilled_at = CASE WHEN ${fulfilled} THEN coalesce(fulfilled_at, now()) END
    WHERE id = ${claimId} AND npo_id = ${npoId} AND status = 'claimed'
    RETURNING id, fulfilled, fulfilled_at`);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.claimNotFound);
  return {
    id: Number(row.id),
    fulfilled: row.fulfilled,
    fulfilled_at: row.fulfilled_at === null ? null : new Date(row.fulfilled_at).toISOString(),
  };
}
