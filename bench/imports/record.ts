// Benchmark of the import's batch recording alone (decision 102, "Recording speed"): records the
// bench file's gifts (dates over 2019–2024, about three gifts per donor) straight through
// recordImportedGifts, a batch per transaction as the import job does, into the demo organisation
// with its past days closed, and prints each batch's time, the function times PostgreSQL counted
// (pg_stat_user_functions) and, with --explain, the plan of one batch (auto_explain, rolled back).
// Not part of npm test. Run: npx tsx bench/imports/record.ts [--rows 20000] [--batch 2000] [--mode before|analyze|after] [--explain]
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { deferClosedDays } from '../../apps/server/src/modules/analysis/index.ts';
import {
  type ImportedGift,
  importedGiftRows,
  recordImportedGifts,
  upsertImportedDonors,
} from '../../apps/server/src/modules/donations/index.ts';
import { deferDonorGiving, refreshDonorGivingOf } from '../../apps/server/src/modules/donors/index.ts';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.ts';
import { startBenchDatabase } from '../support/processes.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '20000' },
    batch: { type: 'string', default: '2000' },
    explain: { type: 'boolean', default: false },
    // before: the insert triggers add each batch to the donors' totals (as before decision 102's
    // "Recording speed"); after: deferred to one re-sum at the end, with statistics kept fresh.
    mode: { type: 'string', default: 'after' },
  },
});
const ROWS = Number(args.rows);
const BATCH = Number(args.batch);
const DEFER = args.mode === 'after';
// analyze: the triggers as before, with the job's statistics (to tell the two changes apart).
const ANALYZE = DEFER || args.mode === 'analyze';

function gift(i: number): ImportedGift {
  const donor = i % Math.ceil(ROWS / 3);
  return {
    reference: `bench-${i}`,
    campaignId: null,
    peerCampaignId: null,
    amountMinor: (1 + ((i * 31) % 500)) * 100 + (i % 100),
    currency: 'USD',
    fxRate: '1',
    shift: 0,
    paymentMethod: ['cash', 'cheque', 'bank_transfer', null][i % 4] ?? null,
    comment: `Imported, reference OLD-${i}`,
    email: `donor${donor}@import.bench`,
    firstName: 'Donor',
    lastName: `Number${donor}`,
    occurredAt: new Date(Date.UTC(2019, 0, 1, 12) + ((i * 7919) % 2190) * 86_400_000),
  };
}

async function main() {
  const database = await startBenchDatabase('kindling_bench_record');
  const { db } = database;
  try {
    await seedDemo(db, loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir }).totpKey);
    await db.execute(sql`SELECT close_giving_days(n.id, (now() AT TIME ZONE n.time_zone)::date - 1) FROM npos n`);
    const npo = (
      await db.execute<{ id: number; base: string }>(
        sql`SELECT id::int, base_currency AS base FROM npos WHERE slug = 'riverside-food-bank'`,
      )
    ).rows[0];
    if (!npo) throw new Error('no demo organisation');
    await db.execute(sql`SELECT pg_stat_reset()`);
    const batch = (from: number) => ({
      npoId: npo.id,
      provider: 'import',
      baseCurrency: npo.base,
      createdByUserId: null,
      gifts: importedGiftRows(Array.from({ length: Math.min(BATCH, ROWS - from) }, (_, k) => gift(from + k))),
    });
    const analyze = () => db.execute(sql`ANALYZE donations, donors, donor_giving, report_donor_years, ledger_entries`);
    const started = performance.now();
    for (let from = 0, n = 1; from < ROWS; from += BATCH, n += 1) {
      const t = performance.now();
      await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL track_functions = 'all'`);
        await deferClosedDays(tx);
        if (DEFER) await deferDonorGiving(tx);
        // The job writes a file's donors before its batches; here each batch's, just before its gifts.
        const gifts = batch(from);
        await upsertImportedDonors(tx, gifts);
        await recordImportedGifts(tx, gifts);
      });
      // As the import job does (imports.jobs.ts): statistics after batches 1, 4, 16, 64…
      if (ANALYZE && Math.log2(n) % 2 === 0) await analyze();
      console.log(`batch at ${from}: ${(performance.now() - t).toFixed(0)} ms`);
    }
    const written = (performance.now() - started) / 1000;
    console.log(
      `${ROWS} gifts written in ${written.toFixed(2)} s: ${(ROWS / written).toFixed(0)} rows/s (batch ${BATCH}, ${args.mode})`,
    );
    if (DEFER) {
      const t = performance.now();
      await analyze();
      await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL track_functions = 'all'`);
        await refreshDonorGivingOf(
          tx,
          sql`SELECT npo_id, donor_id, created_at FROM donations WHERE provider = 'import'`,
        );
      });
      console.log(
        `run-end re-sum of the donors' totals and year rows: ${((performance.now() - t) / 1000).toFixed(2)} s`,
      );
    }
    const took = (performance.now() - started) / 1000;
    console.log(
      `in all ${took.toFixed(2)} s: ${(ROWS / took).toFixed(0)} rows/s; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    const fns = await db.execute<{ funcname: string; calls: number; self_ms: number; total_ms: number }>(sql`
      SELECT funcname, calls::int, round(self_time)::int AS self_ms, round(total_time)::int AS total_ms
      FROM pg_stat_user_functions ORDER BY total_time DESC LIMIT 12`);
    console.table(fns.rows);
    if (args.explain) {
      const client = await db.$client.connect();
      client.on('notice', (n) => console.log(n.message));
      try {
        await client.query('BEGIN');
        await client.query(`LOAD 'auto_explain'`);
        await client.query(`SET LOCAL auto_explain.log_min_duration = 20`);
        await client.query(`SET LOCAL auto_explain.log_analyze = on`);
        await client.query(`SET LOCAL auto_explain.log_nested_statements = on`);
        await client.query(`SET LOCAL auto_explain.log_triggers = on`);
        await client.query(`SET LOCAL client_min_messages = log`);
        await client.query(`SELECT set_config('kindling.defer_closed_days', 'on', true)`);
        if (DEFER) await client.query(`SELECT set_config('kindling.defer_donor_giving', 'on', true)`);
        const explained = {
          ...batch(0),
          gifts: importedGiftRows(
            Array.from({ length: Math.min(BATCH, ROWS) }, (_, k) => ({ ...gift(k), reference: `explain-${k}` })),
          ),
        };
        const query = recordImportedGifts as unknown as (tx: unknown, b: unknown) => Promise<unknown>;
        const { drizzle } = await import('drizzle-orm/node-postgres');
        const t = performance.now();
        await query(drizzle(client), explained);
        console.log(`explained batch: ${(performance.now() - t).toFixed(0)} ms`);
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    }
  } finally {
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
