// Benchmark of GET /api/v1/npo_admin/campaign_page (docs/product/campaigns.md#campaigns): requests per second of the
// public campaign read on the real server (all its hooks: sessions, CSRF, security headers, metrics),
// against a bare Fastify JSON route answering the same body from memory, measured in the same run
// on the same machine, alternating (target: at least 0.5 of it). Not part of npm test.
// Run: npx tsx bench/campaign-page/run.ts [--seconds 10] [--connections 20] [--rounds 2] [--page campaign|crowdfunding]
// `--page crowdfunding` measures the crowdfunding page's read (docs/product/crowdfunding.md, same target).
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.ts';
import { describeLoad, type LoadResult, load } from '../support/load.ts';
import { type Instance, sleep, startBenchDatabase, startInstance, stopInstance } from '../support/processes.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '2' },
    page: { type: 'string', default: 'campaign' },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const ROUNDS = Number(args.rounds);
const PAGES: Record<string, { label: string; path: string }> = {
  campaign: { label: 'campaign_page', path: '/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal' },
  crowdfunding: { label: 'crowdfunding', path: '/api/v1/crowdfunding_page/community-garden' },
};
const PAGE = PAGES[args.page ?? 'campaign'];
if (!PAGE) throw new Error(`--page is one of ${Object.keys(PAGES).join(', ')}`);

async function measure(url: string, label: string): Promise<LoadResult> {
  await load({ url, connections: CONNECTIONS, duration: 2 }); // warm-up: JIT, query plans, pools
  const result = await load({ url, connections: CONNECTIONS, duration: SECONDS });
  console.log(`  ${label.padEnd(14)} ${describeLoad(result)}`);
  return result;
}

async function main() {
  const database = await startBenchDatabase('kindling_bench_campaign_page');
  const instances: Instance[] = [];
  try {
    await seedDemo(database.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir }).totpKey);
    const env = { DATABASE_URL: database.url, DATA_DIR: database.dataDir, CAMPAIGN_PAGE_CACHE_MS: '2000' };
    const kindling = await startInstance(env);
    instances.push(kindling);
    const pageUrl = `${kindling.url}${PAGE.path}`;
    const check = await fetch(pageUrl);
    const body = (await check.json()) as object;
    if (!check.ok) throw new Error(`${PAGE.label} answered ${check.status}`);
    // The yardstick answers the same JSON from memory: what the simplest server could do with it.
    const bodyFile = path.join(database.dataDir, 'campaign-page.json');
    await fs.writeFile(bodyFile, JSON.stringify(body));
    const bare = await startInstance({ ...env, BENCH_SERVER: 'bare', BENCH_BARE_BODY: bodyFile });
    instances.push(bare);
    console.log(
      `${PAGE.label} body: ${JSON.stringify(body).length} bytes; ` +
        `${CONNECTIONS} connections, ${SECONDS} s per measurement, ${ROUNDS} rounds (alternating)\n`,
    );
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`Round ${round}`);
      const bareResult = await measure(`${bare.url}/bare`, 'bare route');
      await sleep(500);
      const pageResult = await measure(pageUrl, PAGE.label);
      if (pageResult.errors + pageResult.non2xx > 0) console.log(`  (${PAGE.label} had failed requests)`);
      ratios.push(pageResult.rps / bareResult.rps);
      console.log(`  ratio ${PAGE.label} / bare: ${(pageResult.rps / bareResult.rps).toFixed(2)} (target ≥ 0.50)\n`);
    }
    const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
    console.log(`Mean ratio over ${ROUNDS} rounds: ${mean.toFixed(2)} (target ≥ 0.50)`);
  } finally {
    await Promise.all(instances.map(stopInstance));
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
