// The analyst's payment queries (docs/product/insights.md#assistant): gifts by payment method,
// failed payments and signs of fraud, read-only and scoped to the organisation.
import type { TAnalysis } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { type AnalystContext, day, giftFilter, money, rows, understood } from './analyst-kit.ts';
import { nothing } from './donor-queries.ts';

const pct = (part: number, whole: number) => (whole > 0 ? `${Math.round((100 * part) / whole)}%` : '—');

export async function paymentMethods(ctx: AnalystContext): Promise<TAnalysis> {
  const period = sql`d.npo_id = ${ctx.npoId} AND d.created_at >= ${ctx.q.period.start.toISOString()} AND d.created_at < ${ctx.q.period.end.toISOString()}`;
  const list = await rows<{ method: string; ok: number; failed: number; amount: string }>(
    ctx,
    sql`
    SELECT coalesce(d.payment_method, 'unknown') AS method,
      count(*) FILTER (WHERE d.status = 'succeeded')::int AS ok, count(*) FILTER (WHERE d.status = 'failed')::int AS failed,
      coalesce(sum(d.base_amount_minor) FILTER (WHERE d.status = 'succeeded'), 0) AS amount
    FROM donations d WHERE ${period}
      ${ctx.q.campaign ? sql`AND (d.campaign_id = ${ctx.q.campaign.id} OR d.peer_campaign_id = ${ctx.q.campaign.id})` : sql``}
    GROUP BY 1 ORDER BY amount DESC`,
  );
  if (!list.length) return nothing(ctx, 'No payments', 'Nobody paid');
  const total = list.reduce((a, r) => a + Number(r.amount), 0);
  return {
    type: 'table',
    title: `Payment methods, ${ctx.q.period.label}`,
    columns: [
      { key: 'method', label: 'Method' },
      { key: 'gifts', label: 'Gifts' },
      { key: 'amount', label: 'Raised' },
      { key: 'share', label: 'Share' },
      { key: 'failure_rate', label: 'Failure rate' },
    ],
    rows: list.map((r) => ({
      method: r.method,
      gifts: r.ok,
      amount: money(ctx, r.amount),
      share: pct(Number(r.amount), total),
      failure_rate: pct(r.failed, r.ok + r.failed),
    })),
    note: `${understood(ctx)} Failure rate: failed payments among succeeded and failed ones.`,
  };
}

export async function failedPayments(ctx: AnalystContext): Promise<TAnalysis> {
  const list = await rows<{
    at: string;
    name: string;
    email: string;
    amount: string;
    method: string;
    campaign: string | null;
    plan: number | null;
  }>(
    ctx,
    sql`
    SELECT d.created_at AS at, trim(o.first_name || ' ' || o.last_name) AS name, o.email, d.base_amount_minor AS amount,
      coalesce(d.payment_method, 'unknown') AS method, c.name AS campaign, d.recurring_plan_id AS plan
    FROM donations d JOIN donors o ON o.id = d.donor_id AND o.npo_id = d.npo_id
    LEFT JOIN campaigns c ON c.id = d.campaign_id AND c.npo_id = d.npo_id
    WHERE ${giftFilter(ctx, { status: 'failed' })}
    ORDER BY d.created_at DESC LIMIT 50`,
  );
  if (!list.length) return nothing(ctx, 'No failed payments', 'No payment failed');
  return {
    type: 'table',
    title: `Failed payments, ${ctx.q.period.label}`,
    columns: [
      { key: 'date', label: 'Date' },
      { key: 'donor', label: 'Donor' },
      { key: 'amount', label: 'Amount' },
      { key: 'method', label: 'Method' },
      { key: 'kind', label: 'Gift' },
      { key: 'campaign', label: 'Campaign' },
    ],
    rows: list.map((r) => ({
      date: day(ctx, r.at),
      donor: r.name || r.email,
      amount: money(ctx, r.amount),
      method: r.method,
      kind: r.plan ? 'Recurring charge' : 'One-off',
      campaign: r.campaign ?? '—',
    })),
    note: `${understood(ctx)} The newest 50 failed payments.`,
  };
}

export async function fraudSigns(ctx: AnalystContext): Promise<TAnalysis> {
  const start = ctx.q.period.start.toISOString();
  const end = ctx.q.period.end.toISOString();
  const bursts = await rows<{
    started_at: string;
    source: string;
    scope: string;
    declines: number;
    campaign: string | null;
  }>(
    ctx,
    sql`
    SELECT b.started_at, b.source, b.scope, b.declines, c.name AS campaign
    FROM card_testing_bursts b LEFT JOIN campaigns c ON c.id = b.campaign_id AND c.npo_id = b.npo_id
    WHERE b.npo_id = ${ctx.npoId} AND b.last_decline_at >= ${start} AND b.started_at < ${end}
    ORDER BY b.started_at DESC LIMIT 50`,
  );
  const [money_] = await rows<{ refunds: number; disputes: number }>(
    ctx,
    sql`
    SELECT count(*) FILTER (WHERE kind = 'refund')::int AS refunds, count(*) FILTER (WHERE kind = 'dispute')::int AS disputes
    FROM ledger_entries WHERE npo_id = ${ctx.npoId} AND created_at >= ${start} AND created_at < ${end}`,
  );
  const tail = `${money_?.refunds ?? 0} refunds and ${money_?.disputes ?? 0} disputes in the period.`;
  if (!bursts.length)
    return {
      type: 'text',
      title: 'No card-testing bursts',
      text: `No card-testing burst was detected in ${ctx.q.period.label}. ${tail} The insights page's Fraud tab scores declines by country and refunds above normal.`,
      suggestions: [],
    };
  return {
    type: 'table',
    title: `Card-testing bursts, ${ctx.q.period.label}`,
    columns: [
      { key: 'started', label: 'Started' },
      { key: 'source', label: 'Source' },
      { key: 'scope', label: 'Counted by' },
      { key: 'declines', label: 'Declines' },
      { key: 'campaign', label: 'Campaign' },
    ],
    rows: bursts.map((b) => ({
      started: day(ctx, b.started_at),
      source: b.source,
      scope: b.scope,
      declines: b.declines,
      campaign: b.campaign ?? '—',
    })),
    note: `${understood(ctx)} Bursts of declines the card-testing guard detected; ${tail}`,
  };
}
