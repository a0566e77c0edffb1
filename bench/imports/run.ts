// Benchmark of the donations import at migration size (docs/product/imports.md#the-file, decision 102):
// generates CSV files of historic gifts (100,000 and, on request, 1,000,000 rows), uploads each
// through the real HTTP server as the imports page does, polls its progress as the page does until
// the check and then the recording are done, and prints the time, rows per second and the server's
// peak resident memory (sampled from /proc). The organisation's past days are closed first (as the
// nightly close leaves them), so the re-sum of closed days is part of what is measured.
// Targets: 100,000 rows in under 15 s end to end; server RSS under 300 MB for 1,000,000 rows.
// Not part of npm test. Run: npx tsx bench/imports/run.ts [--rows 100000,1000000] [--check-only]
// (--check-only stops after the check: the upload, preview and check's time and memory alone;
// --keep-data DIR keeps the database in a new directory DIR after the run).

import { once } from 'node:events';
import { createWriteStream, openAsBlob, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.ts';
import {
  type BenchDatabase,
  type Memory,
  memoryOf,
  sleep,
  startBenchDatabase,
  startInstance,
  stopInstance,
} from '../support/processes.ts';
import { signedInCookies } from '../support/staff-session.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    'check-only': { type: 'boolean', default: false },
    // --stats: pg_stat_statements over the run, the statements that took the most time printed at the end.
    stats: { type: 'boolean', default: false },
    // --keep-data DIR: the database is made in DIR (empty or new) and kept after the run, to study the
    // run end's statements on the tables an import left (EXPLAIN ANALYZE in psql).
    'keep-data': { type: 'string' },
  },
});
const SIZES = args.rows.split(',').map(Number);
const HEADER = 'date,first_name,last_name,email,amount,currency,campaign_url,payment_method,reference';
const METHODS = ['cash', 'cheque', 'bank_transfer', ''];

/** Writes `rows` gifts over 2019–2024, about three gifts per donor, amounts from 1.00 to 500.00. */
async function writeFile(file: string, rows: number): Promise<number> {
  const out = createWriteStream(file);
  out.write(`${HEADER}\n`);
  const start = Date.UTC(2019, 0, 1);
  for (let i = 0; i < rows; i++) {
    const day = new Date(start + ((i * 7919) % 2190) * 86_400_000).toISOString().slice(0, 10);
    const donor = i % Math.ceil(rows / 3);
    const amount = `${1 + ((i * 31) % 500)}.${String(i % 100).padStart(2, '0')}`;
    const line = `${day},Donor,Number${donor},donor${donor}@import.bench,${amount},USD,,${METHODS[i % 4]},OLD-${i}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return (await fs.stat(file)).size;
}

const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const mbOf = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const memoryLine = (m: Memory) =>
  `RSS ${mbOf(m.rss)}, JS heap ${mbOf(m.heapUsed)} used of ${mbOf(m.heapTotal)}, external ${mbOf(m.external)} (array buffers ${mbOf(m.arrayBuffers)})`;

type Summary = {
  id: number;
  status: string;
  valid_rows: number;
  imported_count: number;
  processed_rows: number;
  checked_rows: number;
};

async function main() {
  const database = await startBenchDatabase('kindling_bench_imports', {
    statementStats: args.stats,
    keepIn: args['keep-data'],
  });
  const instance = await (async () => {
    await seedDemo(database.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir }).totpKey);
    // The nightly close: every organisation's days through yesterday are summed and closed.
    await database.db.execute(
      sql`SELECT close_giving_days(n.id, (now() AT TIME ZONE n.time_zone)::date - 1) FROM npos n`,
    );
    return startInstance({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, JOB_WORKERS: 'on' });
  })();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kindling-import-bench-'));
  try {
    const base = instance.url;
    const cookies = await signedInCookies(base, 'admin@kindling.test');
    const token = () => /(?:^|; )csrf_token=([^;]*)/.exec(cookies())?.[1] ?? '';
    const headers = () => ({ cookie: cookies(), origin: base, 'x-csrf-token': token() });
    const get = async (id: number) =>
      (
        (await (await fetch(`${base}/api/v1/npo_admin/imports/${id}`, { headers: headers() })).json()) as {
          import: Summary;
        }
      ).import;
    const pid = instance.child.pid as number;
    for (const rows of SIZES) {
      const file = path.join(dir, `gifts-${rows}.csv`);
      const bytes = await writeFile(file, rows);
      // Live memory (after a full collection) before the file: what the server holds without an import.
      const before = await memoryOf(instance);
      const idle = residentMb(pid);
      console.log(`idle server: RSS ${idle.toFixed(0)} MB; after a full collection: ${memoryLine(before)}`);
      let peak = idle;
      // The server's own account of its memory (no collection) when its RSS was highest: JS heap or not.
      let atPeak: Memory | null = null;
      let asking = false;
      const sampler = setInterval(() => {
        peak = Math.max(peak, residentMb(pid));
        if (asking) return;
        asking = true;
        void memoryOf(instance, false).then((m) => {
          asking = false;
          if (!atPeak || m.rss > atPeak.rss) atPeak = m;
        });
      }, 100);
      const started = performance.now();
      console.log(`${rows.toLocaleString('en')} rows: uploading`);
      const form = new FormData();
      form.append('file', await openAsBlob(file, { type: 'text/csv' }), path.basename(file));
      const res = await fetch(`${base}/api/v1/npo_admin/imports`, { method: 'POST', headers: headers(), body: form });
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      const { import: first } = (await res.json()) as { import: Summary };
      const answered = performance.now();
      let s = first;
      // What the page shows while it waits, every ten seconds: a stall shows as a count that stops.
      let told = performance.now();
      const tell = () => {
        if (performance.now() - told < 10_000) return;
        told = performance.now();
        const at = ((told - started) / 1000).toFixed(0);
        console.log(
          `  ${at} s: ${s.status}, checked ${s.checked_rows}, processed ${s.processed_rows}, RSS ${residentMb(pid).toFixed(0)} MB`,
        );
      };
      while (s.status === 'checking') {
        await sleep(500);
        s = await get(first.id);
        tell();
      }
      if (s.status !== 'previewed') throw new Error(`check ended ${s.status}`);
      const checked = performance.now();
      if (args['check-only']) {
        clearInterval(sampler);
        while (asking) await sleep(50);
        console.log(
          `\n${rows.toLocaleString('en')} rows (${(bytes / 1024 / 1024).toFixed(1)} MB): checked, not recorded`,
        );
        console.log(`  upload answered (first rows previewed) in ${((answered - started) / 1000).toFixed(2)} s`);
        console.log(`  whole file checked after ${((checked - started) / 1000).toFixed(1)} s`);
        console.log(
          `  server peak RSS ${peak.toFixed(0)} MB; at its highest sample: ${atPeak ? memoryLine(atPeak) : '-'}`,
        );
        console.log(
          `  load average ${os
            .loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}`,
        );
        await fs.rm(file);
        continue;
      }
      const start = await fetch(`${base}/api/v1/npo_admin/imports/${first.id}/start`, {
        method: 'POST',
        headers: headers(),
      });
      if (start.status !== 202) throw new Error(`start answered ${start.status}: ${await start.text()}`);
      // When the last gift was written (processed = the file's valid rows), before the run-end steps.
      let written = 0;
      while (s.status !== 'finished' && s.status !== 'failed') {
        await sleep(500);
        s = await get(first.id);
        if (!written && s.processed_rows >= s.valid_rows) written = performance.now();
        tell();
      }
      const done = performance.now();
      clearInterval(sampler);
      while (asking) await sleep(50);
      const recorded = await database.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM donations WHERE provider = 'import' AND provider_reference LIKE ${`import-${first.id}-%`}`);
      const total = (done - started) / 1000;
      console.log(`\n${rows.toLocaleString('en')} rows (${(bytes / 1024 / 1024).toFixed(1)} MB): ${s.status}`);
      console.log(`  upload answered (first rows previewed) in ${((answered - started) / 1000).toFixed(2)} s`);
      console.log(`  whole file checked after ${((checked - started) / 1000).toFixed(1)} s`);
      console.log(
        `  recorded in ${((done - checked) / 1000).toFixed(1)} s: ${s.imported_count} imported, ${recorded.rows[0]?.n} donations`,
      );
      if (written) {
        console.log(
          `  every gift written (processed ${s.processed_rows}) ${((written - checked) / 1000).toFixed(1)} s after the start, ${(
            (s.processed_rows * 1000) / (written - checked)
          ).toFixed(
            0,
          )} rows/s; run-end steps (donors' totals, closed days) ${((done - written) / 1000).toFixed(1)} s more`,
        );
      }
      console.log(
        `  end to end ${total.toFixed(1)} s, ${(rows / total).toFixed(0)} rows/s (target: 100,000 in < 15 s)`,
      );
      const after = await memoryOf(instance);
      console.log(`  after a full collection: ${memoryLine(after)}`);
      console.log(`  at the highest sample: ${atPeak ? memoryLine(atPeak) : '-'}`);
      console.log(
        `  server peak RSS ${peak.toFixed(0)} MB (target < 300 MB); load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
      await fs.rm(file);
    }
    if (args.stats) await printStatements(database.db);
  } finally {
    await stopInstance(instance);
    await database.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Where the database's time went: the statements with the most total time (with --stats). */
async function printStatements(db: BenchDatabase['db']) {
  const top = await db.execute<{ ms: number; calls: number; query: string }>(sql`
    SELECT round(total_exec_time)::int AS ms, calls::int, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 110) AS query
    FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 15`);
  console.log('\nstatements by total time (pg_stat_statements):');
  for (const r of top.rows) console.log(`  ${String(r.ms).padStart(7)} ms ${String(r.calls).padStart(6)}x  ${r.query}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
