// Data generator of the dashboard benchmark (bench/dashboard/run.ts): fills one organisation with N donors and M
// donations spread over three years (default 200,000 and 1,000,000), their gift ledger rows, full
// and partial refunds, recurring plans with failed charge attempts, and the donor totals, with
// set-based SQL (generate_series) in one transaction. Triggers are off while it loads (the donor
// totals' per-row triggers would cost hours at this size); the totals are then built in one
// statement by the same rule the triggers keep (migration 0012), and the daily giving sums by the
// database function the periodic job calls (close_giving_days).
// Alone: npx tsx bench/dashboard/generate.ts [--donations 1000000] [--donors 200000]
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import type { Db } from '../../apps/server/src/platform/db/client.ts';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.ts';
import { startBenchDatabase } from '../support/processes.ts';

export type Volume = { donations: number; donors: number };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function step(label: string, run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await run();
  console.log(`  ${label.padEnd(34)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const campaignsAndDonors = async (tx: Tx, npoId: number, volume: Volume) => {
  await tx.execute(sql`
    INSERT INTO campaigns (npo_id, name, campaign_url, status, currency)
    SELECT ${npoId}, 'Bench campaign ' || g, 'bench-campaign-' || g, CASE WHEN g <= 15 THEN 'active' ELSE 'ended' END, 'USD'
    FROM generate_series(1, 20) g`);
  await tx.execute(sql`
    INSERT INTO donors (npo_id, email, first_name, last_name, postal_code, city, country, created_at)
    SELECT ${npoId}, 'donor' || g || '@bench.example',
      (ARRAY['Ada','Grace','Alan','Edsger','Barbara','Donald','Frances','Ken','Margaret','Linus'])[1 + g % 10],
      (ARRAY['Lovelace','Hopper','Turing','Dijkstra','Liskov','Knuth','Allen','Thompson','Hamilton','Torvalds'])[1 + (g / 10) % 10]
        || ' ' || g,
      'AB' || (g % 90 + 10) || ' ' || (g % 9 + 1) || 'CD', 'Springfield', 'US',
      now() - interval '1100 days' * random()
    FROM generate_series(1, ${volume.donors}) g`);
};

/**
 * Donations: donors drawn with a skew (some give often, most once or twice), dates weighted to the
 * recent past, 97% succeeded, 1.2% fully refunded, the rest failed or pending; 85% USD, the rest
 * EUR and GBP at fixed rates; 18% recurring intervals.
 */
const donations = (tx: Tx, npoId: number, volume: Volume) =>
  tx.execute(sql`
    WITH ids AS (
      SELECT min(id) AS first_donor, (SELECT min(id) FROM campaigns WHERE npo_id = ${npoId} AND campaign_url LIKE 'bench-campaign-%') AS first_campaign
      FROM donors WHERE npo_id = ${npoId} AND email LIKE '%@bench.example'
    ),
    draws AS (
      SELECT g, random() AS r_donor, random() AS r_date, random() AS r_status, random() AS r_currency,
        random() AS r_amount, random() AS r_interval, random() AS r_method, random() AS r_campaign
      FROM generate_series(1, ${volume.donations}) g
    ),
    shaped AS (
      SELECT g, ids.first_donor + floor(${volume.donors} * r_donor ^ 1.6)::bigint AS donor_id,
        ids.first_campaign + floor(20 * r_campaign ^ 2)::bigint AS campaign_id,
        now() - interval '1095 days' * (r_date ^ 1.2) AS at,
        CASE WHEN r_status < 0.97 THEN 'succeeded' WHEN r_status < 0.982 THEN 'refunded'
          WHEN r_status < 0.995 THEN 'failed' ELSE 'pending' END AS status,
        CASE WHEN r_currency < 0.85 THEN 'USD' WHEN r_currency < 0.95 THEN 'EUR' ELSE 'GBP' END AS currency,
        (ARRAY[500, 1000, 2000, 2500, 5000, 7500, 10000, 25000, 50000, 100000])[1 + floor(r_amount * 10)::int] AS amount,
        CASE WHEN r_interval < 0.82 THEN 'once' WHEN r_interval < 0.97 THEN 'monthly' WHEN r_interval < 0.99 THEN 'yearly'
          ELSE 'weekly' END AS interval,
        CASE WHEN r_method < 0.7 THEN 'card' WHEN r_method < 0.9 THEN 'paypal' WHEN r_method < 0.95 THEN 'bank_transfer'
          ELSE 'cash' END AS method
      FROM draws, ids
    )
    INSERT INTO donations (npo_id, campaign_id, donor_id, amount_minor, currency, base_amount_minor, base_currency, fx_rate,
      interval, status, payment_method, provider, provider_reference, receipt_number, refunded_at, created_at, updated_at)
    SELECT ${npoId}, campaign_id, donor_id, amount, currency,
      CASE currency WHEN 'EUR' THEN round(amount * 1.08) WHEN 'GBP' THEN round(amount * 1.27) ELSE amount END, 'USD',
      CASE currency WHEN 'EUR' THEN 1.08 WHEN 'GBP' THEN 1.27 ELSE 1 END,
      interval, status, method, 'sandbox', 'bench_' || g, 'B-' || g,
      CASE WHEN status = 'refunded' THEN at + interval '3 days' END, at, at
    FROM shaped`);

/** A gift row per recorded donation; refunds: a full one per refunded gift, half of 0.5% of the others. */
const ledger = async (tx: Tx, npoId: number) => {
  await tx.execute(sql`
    INSERT INTO ledger_entries (npo_id, donation_id, kind, amount_minor, currency, base_amount_minor, base_currency, created_at)
    SELECT npo_id, id, 'gift', amount_minor, currency, base_amount_minor, base_currency, created_at
    FROM donations WHERE npo_id = ${npoId} AND status IN ('succeeded', 'refunded')`);
  await tx.execute(sql`
    INSERT INTO ledger_entries (npo_id, donation_id, kind, amount_minor, currency, base_amount_minor, base_currency, created_at)
    SELECT npo_id, id, 'refund', -amount_minor, currency, -base_amount_minor, base_currency, refunded_at
    FROM donations WHERE npo_id = ${npoId} AND status = 'refunded'`);
  await tx.execute(sql`
    INSERT INTO ledger_entries (npo_id, donation_id, kind, amount_minor, currency, base_amount_minor, base_currency, created_at)
    SELECT npo_id, id, 'refund', -(amount_minor / 2), currency, -(base_amount_minor / 2), base_currency, created_at + interval '5 days'
    FROM donations WHERE npo_id = ${npoId} AND status = 'succeeded' AND id % 200 = 7`);
};

/**
 * A plan per donor with a recurring gift (their first such gift starts it), in every status, and
 * failed charge attempts for the past-due, failed and some recovered plans.
 */
const plans = async (tx: Tx, npoId: number) => {
  await tx.execute(sql`
    INSERT INTO recurring_plans (npo_id, donor_id, campaign_id, amount_minor, currency, interval, provider, payment_method_id,
      status, failure_reason, anchor_at, started_at, next_charge_at, paused_at, cancelled_at, first_donation_id,
      base_rate, created_at, updated_at)
    SELECT ${npoId}, donor_id, campaign_id, amount_minor, currency, interval, 'sandbox', 'pm_sandbox_bench_' || id,
      s.status, CASE WHEN s.status = 'failed' THEN 'retries_exhausted' END, created_at, created_at,
      CASE WHEN s.status IN ('active', 'past_due') THEN now() + interval '10 days' END,
      CASE WHEN s.status = 'paused' THEN now() - interval '20 days' END,
      CASE WHEN s.status IN ('cancelled', 'failed') THEN created_at + (now() - created_at) * 0.7 END,
      id, base_amount_minor::numeric / nullif(amount_minor, 0), created_at, now()
    FROM (
      SELECT DISTINCT ON (donor_id) *, (id % 100) AS bucket FROM donations
      WHERE npo_id = ${npoId} AND interval <> 'once' AND status = 'succeeded' AND provider_reference LIKE 'bench\_%'
      ORDER BY donor_id, created_at
    ) first_gifts,
    LATERAL (SELECT CASE WHEN bucket < 80 THEN 'active' WHEN bucket < 85 THEN 'paused' WHEN bucket < 89 THEN 'past_due'
      WHEN bucket < 96 THEN 'cancelled' ELSE 'failed' END AS status) s`);
  await tx.execute(sql`
    UPDATE donations d SET recurring_plan_id = p.id
    FROM recurring_plans p
    WHERE p.npo_id = ${npoId} AND p.payment_method_id LIKE 'pm\_sandbox\_bench\_%' AND d.npo_id = ${npoId}
      AND d.donor_id = p.donor_id AND d.interval <> 'once' AND d.provider_reference LIKE 'bench\_%'`);
  await tx.execute(sql`
    INSERT INTO payment_attempts (npo_id, provider, provider_reference, donor_id, recurring_plan_id, amount_minor, currency,
      status, failure_code, failure_message, created_at)
    SELECT p.npo_id, 'sandbox', 'bench_attempt_' || p.id || '_' || n, p.donor_id, p.id, p.amount_minor, p.currency, 'failed',
      'card_declined', 'Your card was declined.', now() - interval '1 day' * (40 - n * 5) - interval '1 day' * (p.id % 200)
    FROM recurring_plans p, generate_series(1, 3) n
    WHERE p.npo_id = ${npoId} AND p.payment_method_id LIKE 'pm\_sandbox\_bench\_%'
      AND (p.status IN ('past_due', 'failed') OR p.id % 50 = 0)`);
};

/** The donor totals (donor_giving), by the rule of its triggers, in one statement. */
const donorTotals = (tx: Tx, npoId: number) =>
  tx.execute(sql`
    INSERT INTO donor_giving AS g (donor_id, npo_id, gift_count, recurring_gift_count, lifetime_base_minor, first_gift_at,
      last_gift_at)
    SELECT dn.id, dn.npo_id, coalesce(s.gift_count, 0), coalesce(s.recurring, 0), coalesce(s.gross, 0) + coalesce(r.refunded, 0),
      s.first_at, s.last_at
    FROM donors dn
    LEFT JOIN (
      SELECT donor_id, count(*) FILTER (WHERE status = 'succeeded') AS gift_count,
        count(*) FILTER (WHERE status = 'succeeded' AND interval <> 'once') AS recurring, sum(base_amount_minor) AS gross,
        min(created_at) FILTER (WHERE status = 'succeeded') AS first_at, max(created_at) FILTER (WHERE status = 'succeeded') AS last_at
      FROM donations WHERE npo_id = ${npoId} AND status IN ('succeeded', 'refunded') GROUP BY donor_id
    ) s ON s.donor_id = dn.id
    LEFT JOIN (
      SELECT d.donor_id, sum(l.base_amount_minor) AS refunded
      FROM ledger_entries l JOIN donations d ON d.id = l.donation_id
      WHERE l.npo_id = ${npoId} AND l.kind IN ('refund', 'dispute') GROUP BY d.donor_id
    ) r ON r.donor_id = dn.id
    WHERE dn.npo_id = ${npoId}
    ON CONFLICT (donor_id) DO UPDATE SET gift_count = EXCLUDED.gift_count, recurring_gift_count = EXCLUDED.recurring_gift_count,
      lifetime_base_minor = EXCLUDED.lifetime_base_minor, first_gift_at = EXCLUDED.first_gift_at,
      last_gift_at = EXCLUDED.last_gift_at`);

/** Fills organisation `npoId` (which should hold no donations yet) and refreshes the planner's statistics. */
export async function generateDashboardData(db: Db, npoId: number, volume: Volume): Promise<void> {
  console.log(
    `Generating ${volume.donations.toLocaleString()} donations and ${volume.donors.toLocaleString()} donors:`,
  );
  await db.transaction(async (tx) => {
    // Triggers off for this transaction only (the donor totals are built below, set-based).
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await step('campaigns and donors', () => campaignsAndDonors(tx, npoId, volume));
    await step('donations', () => donations(tx, npoId, volume));
    await step('ledger rows and refunds', () => ledger(tx, npoId));
    // Fresh statistics for the joins below (without them the planner expects empty tables).
    await tx.execute(sql`ANALYZE donors, donations, ledger_entries`);
    await step('recurring plans and attempts', () => plans(tx, npoId));
    await step('donor totals', () => donorTotals(tx, npoId));
    await step('last year giving', () =>
      tx.execute(
        sql`SELECT refresh_last_year_giving(ARRAY(SELECT donor_id FROM donor_giving WHERE npo_id = ${npoId}))`,
      ),
    );
    // The daily sums up to yesterday, as the periodic job keeps them (decision 013).
    await step('giving days', () =>
      tx.execute(sql`SELECT close_giving_days(${npoId}, (now() AT TIME ZONE 'UTC')::date - 1)`),
    );
  });
  await step('VACUUM ANALYZE', () => db.execute(sql`VACUUM ANALYZE`));
}

export async function benchOrganisationId(db: Db): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`);
  const id = rows[0]?.id;
  if (!id) throw new Error('the demo organisation is missing: run seedDemo first');
  return Number(id);
}

/** Whether the database already holds generated data (a database kept with --keep-data). */
export async function hasDashboardData(db: Db): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM donations WHERE provider = 'sandbox' AND provider_reference = 'bench_1'`,
  );
  return rows.length > 0;
}

async function main() {
  const { values } = parseArgs({
    options: { donations: { type: 'string', default: '1000000' }, donors: { type: 'string', default: '200000' } },
  });
  const database = await startBenchDatabase('kindling_bench_dashboard');
  try {
    await seedDemo(database.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir }).totpKey);
    const started = performance.now();
    await generateDashboardData(database.db, await benchOrganisationId(database.db), {
      donations: Number(values.donations),
      donors: Number(values.donors),
    });
    console.log(`Generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
