// Campaign insights (docs/product/insights.md#campaigns): active campaigns behind the pace their
// goal needs by the end date and against the organisation's past campaigns at the same age, and the
// campaigns converting best (gifts against abandoned checkouts) in the period.
import { sql } from 'drizzle-orm';
import { count, type InsightContext, money, pct, rows, type StoredInsight, trendOf, windowOf } from './insight-kit.ts';

type PaceRow = {
  id: number;
  name: string;
  goal: string;
  raised: string;
  elapsed: number;
  past_at_age: number | null;
  current: string;
  previous: string;
  succeeded: number;
  attempts: number;
};

async function campaignRows(ctx: InsightContext): Promise<PaceRow[]> {
  const w = windowOf(ctx);
  return rows<PaceRow>(
    ctx,
    sql`
    WITH c AS (
      SELECT id, name, goal_minor, starts_at, ends_at, status,
        coalesce(starts_at, created_at) AS began,
        CASE WHEN ends_at IS NOT NULL AND ends_at > coalesce(starts_at, created_at)
          THEN extract(epoch FROM (least(${w.end}::timestamptz, ends_at) - coalesce(starts_at, created_at)))
             / extract(epoch FROM (ends_at - coalesce(starts_at, created_at))) END AS elapsed
      FROM campaigns WHERE npo_id = ${ctx.npoId} AND parent_campaign_id IS NULL
    ), g AS (
      SELECT d.campaign_id,
        sum(d.base_amount_minor) FILTER (WHERE d.status = 'succeeded') AS raised,
        sum(d.base_amount_minor) FILTER (WHERE d.status = 'succeeded' AND d.created_at >= ${w.start}) AS current,
        sum(d.base_amount_minor) FILTER (WHERE d.status = 'succeeded' AND d.created_at >= ${w.previous} AND d.created_at < ${w.start}) AS previous,
        count(*) FILTER (WHERE d.status = 'succeeded' AND d.created_at >= ${w.start})::int AS succeeded,
        count(*) FILTER (WHERE d.created_at >= ${w.start})::int AS attempts
      FROM donations d WHERE d.npo_id = ${ctx.npoId} AND d.campaign_id IS NOT NULL GROUP BY d.campaign_id
    ), past AS (
      -- Ended campaigns with a goal: the share of their goal raised by each tenth of their run.
      SELECT c.id, width_bucket(extract(epoch FROM (d.created_at - c.began)) / nullif(extract(epoch FROM (c.ends_at - c.began)), 0), 0, 1, 10) AS tenth,
        sum(d.base_amount_minor)::float / c.goal_minor AS share
      FROM c JOIN donations d ON d.campaign_id = c.id AND d.npo_id = ${ctx.npoId} AND d.status = 'succeeded'
      WHERE c.ends_at < ${w.end} AND c.goal_minor > 0
      GROUP BY c.id, c.goal_minor, tenth
    )
    SELECT c.id, c.name, coalesce(c.goal_minor, 0) AS goal, coalesce(g.raised, 0) AS raised, coalesce(c.elapsed, 0)::float AS elapsed,
      (SELECT avg(s) FROM (SELECT sum(p.share) AS s FROM past p WHERE p.tenth <= ceil(coalesce(c.elapsed, 0) * 10) GROUP BY p.id) t)::float AS past_at_age,
      coalesce(g.current, 0) AS current, coalesce(g.previous, 0) AS previous,
      coalesce(g.succeeded, 0) AS succeeded, coalesce(g.attempts, 0) AS attempts
    FROM c LEFT JOIN g ON g.campaign_id = c.id
    WHERE c.status = 'active'`,
  );
}

export async function campaignInsights(ctx: InsightContext): Promise<StoredInsight[]> {
  const list = await campaignRows(ctx);
  const out: StoredInsight[] = [];
  for (const c of list) {
    const goal = Number(c.goal);
    if (goal <= 0 || c.elapsed <= 0 || c.elapsed >= 1) continue;
    const expected = goal * c.elapsed;
    const raised = Number(c.raised);
    if (raised >= 0.9 * expected) continue;
    const pastPoint =
      c.past_at_age == null
        ? []
        : [
            {
              label: 'Your past campaigns at this age',
              value: Math.min(100, Math.round(c.past_at_age * 100)),
              trend: 'neutral' as const,
            },
          ];
    out.push({
      id: `campaign-pace-${c.id}`,
      title: `${c.name} is behind its pace`,
      description: `${money(ctx, raised)} raised of ${money(ctx, goal)} with ${Math.round(c.elapsed * 100)}% of its time gone; the pace to the goal needs ${money(ctx, expected)} by now.`,
      type: 'behind_pace',
      priority: raised < 0.5 * expected ? 'high' : 'medium',
      confidence: 85,
      entity: { name: c.name, type: 'other', id: c.id },
      suggested_actions: [
        { text: `Send an appeal for ${c.name} to recent donors`, type: 'email' },
        { text: 'Review the campaign plan with the team', type: 'meeting' },
      ],
      data_points: [
        { label: 'Share of goal raised', value: Math.min(100, Math.round((100 * raised) / goal)), trend: 'down' },
        { label: 'Share of time elapsed', value: Math.round(c.elapsed * 100), trend: 'neutral' },
        ...pastPoint,
        {
          label: `Raised in the last ${ctx.days} days`,
          value: money(ctx, c.current),
          trend: trendOf(Number(c.current), Number(c.previous)),
        },
      ],
      facets: { amount: Math.round(goal / 100) },
    });
  }
  const converting = list
    .filter((c) => c.attempts >= 3)
    .sort((a, b) => b.succeeded / b.attempts - a.succeeded / a.attempts);
  for (const c of converting.slice(0, 3)) {
    out.push({
      id: `campaign-converting-${c.id}`,
      title: `${c.name} converts ${pct(c.succeeded, c.attempts)}% of checkouts`,
      description: `${count(c.succeeded, 'gift')} from ${count(c.attempts, 'checkout')} started in the last ${ctx.days} days, ${money(ctx, c.current)} raised.`,
      type: 'best_converting',
      priority: 'low',
      confidence: Math.min(95, 50 + c.attempts),
      entity: { name: c.name, type: 'other', id: c.id },
      suggested_actions: [{ text: `Use ${c.name}'s form as the model for other campaigns`, type: 'internal' }],
      data_points: [
        { label: 'Checkouts completed', value: pct(c.succeeded, c.attempts), trend: 'neutral' },
        {
          label: `Raised in the last ${ctx.days} days`,
          value: money(ctx, c.current),
          trend: trendOf(Number(c.current), Number(c.previous)),
        },
      ],
      facets: { amount: Math.round(Number(c.current) / 100) },
    });
  }
  return out;
}
