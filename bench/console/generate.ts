// Data generator of the console benchmark (bench/console/run.ts): N organisations (default 1,000)
// with M gifts spread across them (default 1,000,000; a few large organisations, most small),
// their donors, one campaign each, members and accounts, ledger rows (gifts, refunds, platform
// fees), recurring plans, with set-based SQL (generate_series) in one transaction, triggers off, as
// bench/dashboard/generate.ts does for one organisation.
// Alone: npx tsx bench/console/generate.ts [--organisations 1000] [--donations 1000000]
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import type { Db } from '../../apps/server/src/platform/db/client.ts';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.ts';
import { startBenchDatabase } from '../support/processes.ts';

export type Shape = { organisations: number; donations: number };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const DONORS_PER_ORGANISATION = 200;

async function step(label: string, run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await run();
  console.log(`  ${label.padEnd(34)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Organisations (every 50th suspended, a third with Stripe), three members each, a campaign each. */
const organisations = async (tx: Tx, shape: Shape) => {
  await tx.execute(sql`
    INSERT INTO npos (name, slug, base_currency, status, status_reason, stripe_account_id, created_at)
    SELECT 'Bench organisation ' || g, 'bench-org-' || g,
      CASE g % 10 WHEN 0 THEN 'GBP' WHEN 1 THEN 'EUR' ELSE 'USD' END,
      CASE WHEN g % 50 = 0 THEN 'suspended' ELSE 'active' END, CASE WHEN g % 50 = 0 THEN 'Bench' ELSE '' END,
      CASE WHEN g % 3 = 0 THEN 'acct_bench_' || g END, now() - interval '1100 days' * random()
    FROM generate_series(1, ${shape.organisations}) g`);
  await tx.execute(sql`
    INSERT INTO users (email, first_name, last_name, last_sign_in_at, otp_enabled)
    SELECT 'member' || g || '@bench.example', 'Member', 'Bench ' || g, now() - interval '60 days' * random(), g % 4 = 0
    FROM generate_series(1, ${shape.organisations * 3}) g`);
  await tx.execute(sql`
    INSERT INTO memberships (npo_id, user_id, role_code, role_name)
    SELECT n.id, u.id, CASE WHEN u.rn % 3 = 0 THEN 5150 ELSE 1984 END, CASE WHEN u.rn % 3 = 0 THEN 'admin' ELSE 'staff' END
    FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS rn FROM users WHERE email LIKE '%@bench.example') u
    JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS rn FROM npos WHERE slug LIKE 'bench-org-%') n ON n.rn = u.rn / 3`);
  await tx.execute(sql`
    INSERT INTO campaigns (npo_id, name, campaign_url, status, currency)
    SELECT id, 'Bench appeal', 'bench-appeal-' || id, 'active', base_currency FROM npos WHERE slug LIKE 'bench-org-%'`);
  await tx.execute(sql`
    INSERT INTO donors (npo_id, email, first_name, last_name, created_at)
    SELECT n.id, 'donor' || k || '.' || n.id || '@bench.example', 'Donor', 'Bench ' || k, n.created_at
    FROM npos n, generate_series(1, ${DONORS_PER_ORGANISATION}) k WHERE n.slug LIKE 'bench-org-%' ORDER BY n.id, k`);
};

/**
 * Gifts: the organisation drawn with a skew (r^3: a few large, most small), dates weighted to the
 * recent past over three years, 97% succeeded, 1.2% refunded, the rest failed or pending.
 */
const donations = (tx: Tx, shape: Shape) =>
  tx.execute(sql`
    WITH ids AS (
      SELECT (SELECT min(id) FROM npos WHERE slug LIKE 'bench-org-%') AS first_npo,
        (SELECT min(id) FROM donors WHERE email LIKE 'donor%@bench.example') AS first_donor,
        (SELECT min(id) FROM campaigns WHERE campaign_url LIKE 'bench-appeal-%') AS first_campaign
    ),
    shaped AS (
      SELECT g, floor(${shape.organisations} * random() ^ 3)::bigint AS org, random() AS r_status, random() AS r_amount,
        now() - interval '1095 days' * (random() ^ 1.2) AS at
      FROM generate_series(1, ${shape.donations}) g
    )
    INSERT INTO donations (npo_id, campaign_id, donor_id, amount_minor, currency, base_amount_minor, base_currency, fx_rate,
      interval, status, payment_method, provider, provider_reference, receipt_number, refunded_at, created_at, updated_at)
    SELECT ids.first_npo + s.org, ids.first_campaign + s.org,
      ids.first_donor + s.org * ${DONORS_PER_ORGANISATION} + (s.g % ${DONORS_PER_ORGANISATION}),
      a.amount, n.base_currency, a.amount, n.base_currency, 1, 'once',
      CASE WHEN s.r_status < 0.97 THEN 'succeeded' WHEN s.r_status < 0.982 THEN 'refunded'
        WHEN s.r_status < 0.995 THEN 'failed' ELSE 'pending' END,
      'card', 'sandbox', 'console_bench_' || s.g, 'C-' || s.g,
      CASE WHEN s.r_status >= 0.97 AND s.r_status < 0.982 THEN s.at + interval '3 days' END, s.at, s.at
    FROM shaped s CROSS JOIN ids
    JOIN npos n ON n.id = ids.first_npo + s.org
    CROSS JOIN LATERAL (SELECT (ARRAY[500, 1000, 2000, 2500, 5000, 10000, 25000])[1 + floor(s.r_amount * 7)::int] AS amount) a`);

/**
 * A gift row per recorded gift, a 2% platform fee on each, a refund per refunded gift, written in
 * time order as an installation appends them (the ledger is append-only and dated when the money
 * moved), so the table lies on disk as a real one does (decision 056).
 */
const ledger = async (tx: Tx) => {
  await tx.execute(sql`
    INSERT INTO ledger_entries (npo_id, donation_id, kind, amount_minor, currency, base_amount_minor, base_currency, created_at)
    SELECT * FROM (
      SELECT npo_id, id, 'gift', amount_minor, currency, base_amount_minor, base_currency, created_at
      FROM donations WHERE provider_reference LIKE 'console_bench_%' AND status IN ('succeeded', 'refunded')
      UNION ALL
      SELECT npo_id, id, 'platform_fee', -(amount_minor / 50), currency, -(base_amount_minor / 50), base_currency, created_at
      FROM donations WHERE provider_reference LIKE 'console_bench_%' AND status IN ('succeeded', 'refunded')
      UNION ALL
      SELECT npo_id, id, 'refund', -amount_minor, currency, -base_amount_minor, base_currency, refunded_at
      FROM donations WHERE provider_reference LIKE 'console_bench_%' AND status = 'refunded'
    ) l ORDER BY 8`);
};

/** One plan per 20th succeeded gift, most active. */
const plans = (tx: Tx) =>
  tx.execute(sql`
    INSERT INTO recurring_plans (npo_id, donor_id, campaign_id, amount_minor, currency, interval, provider, status, anchor_at,
      started_at, first_donation_id, created_at, updated_at)
    SELECT npo_id, donor_id, campaign_id, amount_minor, currency, 'monthly', 'sandbox',
      CASE WHEN id % 5 = 0 THEN 'cancelled' ELSE 'active' END, created_at, created_at, id, created_at, created_at
    FROM donations WHERE provider_reference LIKE 'console_bench_%' AND status = 'succeeded' AND id % 20 = 0`);

export async function generateConsoleData(db: Db, shape: Shape): Promise<void> {
  console.log(
    `Generating ${shape.organisations.toLocaleString()} organisations and ${shape.donations.toLocaleString()} gifts:`,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await step('organisations, members, donors', () => organisations(tx, shape));
    await step('donations', () => donations(tx, shape));
    await step('ledger rows', () => ledger(tx));
    await step('recurring plans', () => plans(tx));
  });
  await step('VACUUM ANALYZE', () => db.execute(sql`VACUUM ANALYZE`));
}

async function main() {
  const { values } = parseArgs({
    options: {
      organisations: { type: 'string', default: '1000' },
      donations: { type: 'string', default: '1000000' },
    },
  });
  const database = await startBenchDatabase('kindling_bench_console');
  try {
    await seedDemo(database.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir }).totpKey);
    const started = performance.now();
    await generateConsoleData(database.db, {
      organisations: Number(values.organisations),
      donations: Number(values.donations),
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
