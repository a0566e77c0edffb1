// Development aid: starts the kept benchmark database (--keep-data DIR of run.ts), migrates it and
// prints its URL for psql, until interrupted. Run: npx tsx bench/dashboard/serve-kept.ts DIR
import { startBenchDatabase } from '../support/processes.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: serve-kept.ts DIR');
const started = performance.now();
const database = await startBenchDatabase('kindling_bench_dashboard', { keepIn: dir, statementStats: true });
console.log(`migrated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(database.url);
const stop = async () => {
  await database.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => {}, 60_000);
