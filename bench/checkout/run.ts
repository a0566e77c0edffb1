// Benchmark of the sandbox card path's confirm_payment (decision 010): donations recorded per second
// through POST /api/v1/npo_admin/confirm_payment on the real server, each payment confirmed twice
// at once (as a double-clicking donor or a retrying browser would), then a check that every payment
// became exactly one donation: none lost, none doubled. Target: ≥ 300 per second.
// Not part of npm test. Run: npx tsx bench/checkout/run.ts [--payments 2000] [--concurrency 32]
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.ts';
import { printCpuPerUnit, sampleCpu } from '../support/cpu.ts';
import { jsonClient } from '../support/json-client.ts';
import {
  type Instance,
  printStatementStats,
  profiled,
  resetStatementStats,
  startBenchDatabase,
  startInstance,
  stopInstance,
} from '../support/processes.ts';

const { values: args } = parseArgs({
  options: {
    payments: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '32' },
    // off: the measured server only enqueues receipts (JOB_WORKERS=off), as a web instance beside
    // worker instances would; on: it also renders and sends them while taking the gifts.
    'job-workers': { type: 'string', default: 'on' },
    // 2: every payment confirmed twice at once (the no-double check under load); 1: once, as most are.
    confirms: { type: 'string', default: '2' },
    // Print PostgreSQL's time per statement during the measured phase (pg_stat_statements).
    'pg-stats': { type: 'boolean', default: false },
  },
});
const PAYMENTS = Number(args.payments);
const CONCURRENCY = Number(args.concurrency);
const CONFIRMS = args.confirms === '1' ? 1 : 2;

type Intent = { id: string; client_secret: string };
type Campaign = { campaign_id: number };

/** Runs `task` over `items` with at most `limit` in flight; returns each result in order. */
async function pool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const gift = (campaign: Campaign) => ({
  campaign_id: campaign.campaign_id,
  peer_campaign_id: null,
  amount: 2500,
  currency: 'usd',
  interval: 'once',
  payment_method: 'card',
  included_fees: 0,
});

async function main() {
  const database = await startBenchDatabase('kindling_bench_checkout', { statementStats: args['pg-stats'] });
  let instance: Instance | null = null;
  try {
    await seedDemo(database.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir }).totpKey);
    instance = await startInstance({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      JOB_WORKERS: args['job-workers'] === 'off' ? 'off' : 'on',
      // As outside tests (the benchmark's server runs with NODE_ENV=test for the sandbox).
      CAMPAIGN_PAGE_CACHE_MS: '2000',
    });
    // The payment calls are origin-only (decision 006): a same-origin Origin header, no CSRF token.
    const http = jsonClient(instance.url, { sockets: CONCURRENCY, headers: { origin: instance.url } });
    const post = http.post;
    const page = await fetch(`${instance.url}/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal`);
    const campaign = ((await page.json()) as { campaign: Campaign }).campaign;

    console.log(`Preparing ${PAYMENTS} paid sandbox intents (intent + card 4242) …`);
    // No donor details on the intent: its webhook then only acknowledges, and confirm_payment is
    // what records each gift, which is what is measured.
    const intents = await pool(
      Array.from({ length: PAYMENTS }, (_, i) => i),
      CONCURRENCY,
      async () => {
        const created = await post<{ intent: Intent }>('/api/v1/npo_admin/intent', gift(campaign));
        if (created.status !== 200) throw new Error(`intent answered ${created.status}`);
        const { intent } = created.json;
        const paid = await post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
          client_secret: intent.client_secret,
          card_number: '4242424242424242',
          exp: '12/34',
          cvc: '123',
        });
        if (paid.status !== 200) throw new Error(`sandbox confirm answered ${paid.status}`);
        return intent;
      },
    );

    const calls = intents.flatMap((intent, i) => {
      const body = {
        ...gift(campaign),
        payment_intent: intent.id,
        first_name: 'Bench',
        last_name: `Donor ${i}`,
        email: `donor${i}@bench.test`,
      };
      return CONFIRMS === 1 ? [body] : [body, body];
    });
    console.log(
      `Confirming each ${CONFIRMS === 1 ? 'once' : 'twice'}: ${calls.length} confirm_payment calls, ${CONCURRENCY} at a time …`,
    );
    const started = performance.now();
    const server = instance;
    if (args['pg-stats']) await resetStatementStats(database.db);
    const cpuBefore = sampleCpu(server.child.pid as number, database.dataDir);
    const answers = await profiled(server, () =>
      pool(calls, CONCURRENCY, (body) =>
        post<{ status: string; donation: { id: number } | null }>('/api/v1/npo_admin/confirm_payment', body),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = sampleCpu(server.child.pid as number, database.dataDir);

    const failed = answers.filter((a) => a.status !== 200 || a.json.status !== 'success').length;
    const pairsDisagreeing =
      CONFIRMS === 1
        ? 0
        : intents.filter((_, i) => answers[2 * i]?.json.donation?.id !== answers[2 * i + 1]?.json.donation?.id).length;
    const { rows } = await database.db.execute<{ references: number; donations: number }>(sql`
      SELECT count(DISTINCT provider_reference)::int AS references, count(*)::int AS donations
      FROM donations WHERE provider_reference = ANY(${`{${intents.map((i) => i.id).join(',')}}`}::text[])`);
    const recorded = rows[0] ?? { references: 0, donations: 0 };

    console.log(`\nResults (receipt workers ${args['job-workers'] === 'off' ? 'off' : 'on'} in the measured server)`);
    console.log(
      `  ${PAYMENTS} payments in ${seconds.toFixed(2)} s: ${(PAYMENTS / seconds).toFixed(0)} donations/s recorded (target ≥ 300)`,
    );
    console.log(`  ${(calls.length / seconds).toFixed(0)} confirm_payment calls/s, ${failed} not 'success'`);
    console.log(
      `  payments with a donation: ${recorded.references}/${PAYMENTS} (lost: ${PAYMENTS - recorded.references}); ` +
        `donation rows: ${recorded.donations} (doubled: ${recorded.donations - recorded.references}); ` +
        `pairs answered with different donations: ${pairsDisagreeing}`,
    );
    printCpuPerUnit(cpuBefore, cpuAfter, PAYMENTS, 'donation');
    if (args['pg-stats']) await printStatementStats(database.db);
    http.close();
  } finally {
    if (instance) await stopInstance(instance);
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
