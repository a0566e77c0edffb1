// The analyst's campaign queries (docs/product/insights.md#assistant): comparison, campaigns behind
// their pace to goal, and what to change, read-only and scoped to the organisation. Peer pages count
// towards the campaign they raise for.
import type { TAnalysis } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { type AnalystContext, day, money, rows, understood } from './analyst-kit.ts';

type CampaignRow = {
  id: number;
  name: string;
  status: string;
  goal: string | null;
  starts_at: string | null;
  ends_at: string | null;
  gifts: number;
  donors: number;
  raised: string;
  raised_all: string;
  recurring: number;
  repeat_donors: number;
};

async function campaignRows(ctx: AnalystContext): Promise<CampaignRow[]> {
  const { start, end } = ctx.q.period;
  const min = ctx.q.minAmount ?? 0;
  const max = ctx.q.maxAmount ?? Number.MAX_SAFE_INTEGER;
  return rows<CampaignRow>(
    ctx,
    sql`
    SELECT c.id, c.name, c.status, c.goal_minor AS goal, c.starts_at, c.ends_at,
      count(d.id) FILTER (WHERE d.created_at >= ${start.toISOString()} AND d.created_at < ${end.toISOString()})::int AS gifts,
      count(DISTINCT d.donor_id) FILTER (WHERE d.created_at >= ${start.toISOString()} AND d.created_at < ${end.toISOString()})::int AS donors,
      coalesce(sum(d.base_amount_minor) FILTER (WHERE d.created_at >= ${start.toISOString()} AND d.created_at < ${end.toISOString()}), 0) AS raised,
      coalesce(sum(d.base_amount_minor), 0) AS raised_all,
      count(d.id) FILTER (WHERE d.interval <> 'once' AND d.created_at >= ${start.toISOString()} AND d.created_at < ${end.toISOString()})::int AS recurring,
      (SELECT count(*)::int FROM (SELECT x.donor_id FROM donations x WHERE x.npo_id = c.npo_id AND x.status = 'succeeded'
        AND coalesce(x.peer_campaign_id, x.campaign_id) IN (SELECT id FROM campaigns WHERE id = c.id OR parent_campaign_id = c.id)
        GROUP BY x.donor_id HAVING count(*) > 1) r) AS repeat_donors
    FROM campaigns c
    LEFT JOIN donations d ON d.npo_id = c.npo_id AND d.status = 'succeeded' AND d.campaign_id = c.id
      AND d.base_amount_minor BETWEEN ${min} AND ${max}
    WHERE c.npo_id = ${ctx.npoId} AND c.parent_campaign_id IS NULL AND c.status <> 'draft'
      ${ctx.q.campaign ? sql`AND c.id = ${ctx.q.campaign.id}` : sql``}
    GROUP BY c.id ORDER BY raised DESC, c.id LIMIT 50`,
  );
}

export async function campaignComparison(ctx: AnalystContext): Promise<TAnalysis> {
  const list = await campaignRows(ctx);
  if (!list.length)
    return {
      type: 'text',
      title: 'No campaigns yet',
      text: 'This organisation has no published campaigns to compare.',
      suggestions: [],
    };
  return {
    type: 'table',
    title: `Campaigns compared, ${ctx.q.period.label}`,
    columns: [
      { key: 'campaign', label: 'Campaign' },
      { key: 'raised', label: 'Raised' },
      { key: 'gifts', label: 'Gifts' },
      { key: 'donors', label: 'Donors' },
      { key: 'average', label: 'Average gift' },
      { key: 'goal', label: 'Of goal (all time)' },
    ],
    rows: list.map((c) => ({
      campaign: c.name,
      raised: money(ctx, c.raised),
      gifts: c.gifts,
      donors: c.donors,
      average: c.gifts ? money(ctx, Number(c.raised) / c.gifts) : '—',
      goal: c.goal
        ? `${Math.round((100 * Number(c.raised_all)) / Number(c.goal))}% of ${money(ctx, c.goal)}`
        : 'No goal',
    })),
    note: `${understood(ctx)} Succeeded gifts, peer pages counted with their campaign; the goal column counts every gift so far.`,
  };
}

/** Active campaigns with a goal and end date raising under 90 % of the pace their goal needs by now. */
export async function underperformingCampaigns(ctx: AnalystContext): Promise<TAnalysis> {
  const now = ctx.now.getTime();
  const behind = (await campaignRows(ctx))
    .filter((c) => c.status === 'active' && c.goal && c.starts_at && c.ends_at)
    .map((c) => {
      const s = new Date(c.starts_at ?? 0).getTime();
      const e = new Date(c.ends_at ?? 0).getTime();
      const elapsed = Math.min(Math.max((now - s) / Math.max(e - s, 1), 0), 1);
      const needed = Number(c.goal) * elapsed;
      return { c, elapsed, needed, pace: needed > 0 ? Number(c.raised_all) / needed : 1 };
    })
    .filter((x) => x.pace < 0.9)
    .sort((a, b) => a.pace - b.pace);
  if (!behind.length)
    return {
      type: 'text',
      title: 'No campaign is behind its pace',
      text: 'Every active campaign with a goal and an end date has raised at least 90% of what its goal needs by now.',
      suggestions: [],
    };
  return {
    type: 'table',
    title: 'Campaigns behind their pace to goal',
    columns: [
      { key: 'campaign', label: 'Campaign' },
      { key: 'raised', label: 'Raised so far' },
      { key: 'needed', label: 'Needed by now' },
      { key: 'pace', label: 'Of pace' },
      { key: 'ends', label: 'Ends' },
    ],
    rows: behind.map(({ c, needed, pace }) => ({
      campaign: c.name,
      raised: money(ctx, c.raised_all),
      needed: money(ctx, needed),
      pace: `${Math.round(pace * 100)}%`,
      ends: day(ctx, c.ends_at),
    })),
    note: 'Pace: the goal times the share of the campaign’s time gone. Behind: under 90% of that.',
  };
}

/** A suggestion per campaign from its own figures: average gift, monthly share and repeat donors. */
export async function campaignOptimization(ctx: AnalystContext): Promise<TAnalysis> {
  const list = (await campaignRows(ctx)).filter((c) => c.status === 'active' || c.gifts > 0);
  if (!list.length)
    return {
      type: 'text',
      title: 'No campaigns to look at',
      text: 'There are no active campaigns or gifts in this period.',
      suggestions: [],
    };
  const orgAverage =
    list.reduce((a, c) => a + Number(c.raised), 0) /
    Math.max(
      list.reduce((a, c) => a + c.gifts, 0),
      1,
    );
  return {
    type: 'table',
    title: `What to change, ${ctx.q.period.label}`,
    columns: [
      { key: 'campaign', label: 'Campaign' },
      { key: 'average', label: 'Average gift' },
      { key: 'monthly', label: 'Monthly gifts' },
      { key: 'suggestion', label: 'Suggestion' },
    ],
    rows: list.map((c) => {
      const average = c.gifts ? Number(c.raised) / c.gifts : 0;
      const monthly = c.gifts ? Math.round((100 * c.recurring) / Math.max(c.gifts, 1)) : 0;
      const suggestion =
        c.gifts === 0
          ? 'No gifts in the period: share it again or close it.'
          : average < orgAverage * 0.75
            ? 'Average gift is low: raise the suggested amounts.'
            : monthly < 15
              ? 'Few monthly gifts: offer monthly giving first.'
              : c.repeat_donors < c.donors / 4
                ? 'Few donors give twice: thank and ask again.'
                : 'Doing well: keep the same ask.';
      return { campaign: c.name, average: c.gifts ? money(ctx, average) : '—', monthly: `${monthly}%`, suggestion };
    }),
    note: `${understood(ctx)} Compared with the organisation's average gift of ${money(ctx, orgAverage)} in the period.`,
  };
}
