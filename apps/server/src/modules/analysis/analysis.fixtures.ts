// Test data for analysis.test.ts: organisations of their own, gifts, refunds and plans written as
// rows, so every expected figure can be worked out by hand from what is inserted here.
import { sql } from 'drizzle-orm';
import type { TestContext } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import type { Db } from '../../platform/db/client.ts';

/** Signs up a new user who creates an organisation (and so is its admin, 5150 selected). */
export async function organisationWithAdmin(ctx: TestContext, name: string, baseCurrency = 'USD') {
  const client = new TestClient(ctx.app);
  const handle = name.toLowerCase().replace(/[^a-z]+/g, '-');
  await client.post('/api/v1/signup', {
    first_name: 'Ana',
    last_name: 'Lyst',
    email: `${handle}@example.org`,
    password: 'analysis-password',
  });
  const created = await client.post('/api/v1/npo_admin/organisations', { name, base_currency: baseCurrency });
  if (created.statusCode >= 300) throw new Error(`organisation not created: ${created.body}`);
  const { rows } = await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE name = ${name}`);
  return { client, npoId: Number(rows[0]?.id) };
}

export async function addDonor(db: Db, npoId: number, email: string, firstName = '', lastName = ''): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO donors (npo_id, email, first_name, last_name) VALUES (${npoId}, ${email}, ${firstName}, ${lastName})
    RETURNING id`);
  return Number(rows[0]?.id);
}

export async function addCampaign(db: Db, npoId: number, name: string): Promise<number> {
  const url = `${name.toLowerCase().replace(/[^a-z]+/g, '-')}-${npoId}`;
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO campaigns (npo_id, name, campaign_url, status, currency) VALUES (${npoId}, ${name}, ${url}, 'active', 'USD')
    RETURNING id`);
  return Number(rows[0]?.id);
}

export type Gift = {
  donorId: number;
  at: string;
  base: number;
  amount?: number;
  currency?: string;
  status?: 'succeeded' | 'refunded' | 'failed' | 'pending';
  interval?: string;
  campaignId?: number | null;
  method?: string | null;
  planId?: number | null;
};

/** A donation and its gift ledger row, as recording a payment leaves them. */
export async function addGift(db: Db, npoId: number, gift: Gift): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO donations (npo_id, campaign_id, donor_id, amount_minor, currency, base_amount_minor, base_currency,
      interval, status, payment_method, recurring_plan_id, created_at)
    VALUES (${npoId}, ${gift.campaignId ?? null}, ${gift.donorId}, ${gift.amount ?? gift.base}, ${gift.currency ?? 'USD'},
      ${gift.base}, 'USD', ${gift.interval ?? 'once'}, ${gift.status ?? 'succeeded'}, ${gift.method ?? 'card'},
      ${gift.planId ?? null}, ${gift.at}::timestamptz)
    RETURNING id`);
  const id = Number(rows[0]?.id);
  await db.execute(sql`
    INSERT INTO ledger_entries (npo_id, donation_id, kind, amount_minor, currency, base_amount_minor, base_currency, created_at)
    VALUES (${npoId}, ${id}, 'gift', ${gift.amount ?? gift.base}, ${gift.currency ?? 'USD'}, ${gift.base}, 'USD', ${gift.at}::timestamptz)`);
  return id;
}

/** A refund: a negative ledger row (never an edit of the gift), and the status when it is full. */
export async function refund(db: Db, npoId: number, donationId: number, base: number, full: boolean): Promise<void> {
  await db.execute(sql`
    INSERT INTO ledger_entries (npo_id, donation_id, kind, amount_minor, currency, base_amount_minor, base_currency)
    VALUES (${npoId}, ${donationId}, 'refund', ${-base}, 'USD', ${-base}, 'USD')`);
  if (full)
    await db.execute(sql`UPDATE donations SET status = 'refunded', refunded_at = now() WHERE id = ${donationId}`);
}

export type Plan = {
  donorId: number;
  firstDonationId: number;
  amount: number;
  currency?: string;
  interval: 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'yearly';
  startedAt: string;
  status?: 'active' | 'paused' | 'past_due' | 'cancelled' | 'failed';
  failureReason?: string | null;
  cancelledAt?: string | null;
};

export async function addPlan(db: Db, npoId: number, plan: Plan): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO recurring_plans (npo_id, donor_id, amount_minor, currency, interval, provider, status, failure_reason,
      anchor_at, started_at, cancelled_at, first_donation_id)
    VALUES (${npoId}, ${plan.donorId}, ${plan.amount}, ${plan.currency ?? 'USD'}, ${plan.interval}, 'sandbox',
      ${plan.status ?? 'active'}, ${plan.failureReason ?? null}, ${plan.startedAt}::timestamptz,
      ${plan.startedAt}::timestamptz, ${plan.cancelledAt ?? null}::timestamptz, ${plan.firstDonationId})
    RETURNING id`);
  const id = Number(rows[0]?.id);
  await db.execute(sql`UPDATE donations SET recurring_plan_id = ${id} WHERE id = ${plan.firstDonationId}`);
  return id;
}

export async function addFailedAttempt(db: Db, npoId: number, planId: number, at: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO payment_attempts (npo_id, provider, provider_reference, recurring_plan_id, amount_minor, currency,
      status, failure_code, created_at)
    VALUES (${npoId}, 'sandbox', ${`attempt-${planId}-${at}`}, ${planId}, 1000, 'USD', 'failed', 'card_declined',
      ${at}::timestamptz)`);
}

/** What the closing job does for one organisation: sum its days up to its yesterday into giving_days. */
export async function closeGivingDays(db: Db, npoId: number): Promise<void> {
  await db.execute(sql`
    SELECT close_giving_days(n.id, (now() AT TIME ZONE n.time_zone)::date - 1) FROM npos n WHERE n.id = ${npoId}`);
}
