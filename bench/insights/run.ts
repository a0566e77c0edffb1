// AI insights benchmark (decision 076): fills the demo organisation with N donations and M donors
// (default 1,000,000 and 200,000, the dashboard benchmark's generator), times one full computation of
// the insights job, then GET /insights p50/p95 over HTTP with the filters the page sends.
// npx tsx bench/insights/run.ts [--donations 1000000] [--donors 200000] [--requests 300] [--port 4700]
//   [--skip-compute]: with a kept database whose insights were computed before, time only the call.
//   [--keep-data DIR]: the database is kept in DIR and, when it already holds the generated gifts, reused.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { computeInsights } from '../../apps/server/src/modules/insights/index.ts';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { createMailer } from '../../apps/server/src/platform/mail/mailer.ts';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.ts';
import { benchOrganisationId, generateDashboardData } from '../dashboard/generate.ts';
import { type BenchDatabase, startBenchDatabase } from '../support/processes.ts';
import { signInStaff } from '../support/staff-session.ts';

const { values } = parseArgs({
  options: {
    donations: { type: 'string', default: '1000000' },
    donors: { type: 'string', default: '200000' },
    requests: { type: 'string', default: '300' },
    port: { type: 'string', default: '4700' },
    'keep-data': { type: 'string' },
    /** With a kept database whose insights were computed before: time only GET /insights. */
    'skip-compute': { type: 'boolean', default: false },
  },
});
const PORT = Number(values.port);
const QUERIES = [
  '',
  '?insights=churn_insights',
  '?time_range=last_90_days',
  '?time_range=last_7_days&risk_threshold=50',
  '?insights=geographical_insights&location=US',
  '?amount=100&payment_method=card',
];

/** Gifts already generated in a kept database (0 in a fresh one). */
async function generatedGifts(db: BenchDatabase['db']): Promise<number> {
  const found = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM donations WHERE npo_id = (SELECT id FROM npos WHERE slug = 'riverside-food-bank')`);
  return Number(found.rows[0]?.n ?? 0);
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const bench = await startBenchDatabase('kindling_bench_insights', { keepIn: values['keep-data'] });
try {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: bench.dataDir, PORT: String(PORT) });
  if ((await generatedGifts(bench.db)) < Number(values.donations)) {
    await seedDemo(bench.db, config.totpKey);
    const npoId = await benchOrganisationId(bench.db);
    await generateDashboardData(bench.db, npoId, {
      donations: Number(values.donations),
      donors: Number(values.donors),
    });
  } else console.log('Reusing the kept database and its generated gifts.');
  const npoId = await benchOrganisationId(bench.db);
  console.log(
    `load average before computing: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (!values['skip-compute']) {
    const started = performance.now();
    await computeInsights(bench.db, npoId);
    console.log(
      `full recomputation (three time ranges, churn model): ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const app = await buildApp({
    config,
    db: bench.db,
    mailer: createMailer({ from: config.MAIL_FROM, dataDir: bench.dataDir, db: bench.db }),
  });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const get = await signInStaff(`http://127.0.0.1:${PORT}`, 'staff@kindling.test');
  const times: number[] = [];
  for (let i = 0; i < Number(values.requests); i++) {
    const t = performance.now();
    const response = await get(`/insights${QUERIES[i % QUERIES.length]}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET /insights answered ${response.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `GET /insights over ${times.length} requests: p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms`,
  );
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await app.close();
} finally {
  await bench.stop();
}
