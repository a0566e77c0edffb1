// Which statements the console's reads spend their time in, on the kept benchmark database
// (run.ts --keep DIR first): each read called in-process 10 times (no HTTP, no session), its
// time, then the statements by total time from pg_stat_statements. Indicative under load.
// Run: npx tsx bench/console/statements.ts --keep DIR
import { parseArgs } from 'node:util';
import { ZConsoleListQuery, ZConsoleTransactionQuery } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { organisationDetail } from '../../apps/server/src/modules/console/console.service.ts';
import { consoleIndex } from '../../apps/server/src/modules/console/console-index.service.ts';
import { listOrganisations } from '../../apps/server/src/modules/console/console-organisations.repository.ts';
import { consoleTransactions } from '../../apps/server/src/modules/console/console-transactions.service.ts';
import { listUsers } from '../../apps/server/src/modules/console/console-users.repository.ts';
import { startBenchDatabase } from '../support/processes.ts';

const { values: args } = parseArgs({ options: { keep: { type: 'string' } } });

async function main() {
  if (!args.keep) throw new Error('--keep DIR: the database run.ts kept');
  const database = await startBenchDatabase('kindling_bench_console', { keepIn: args.keep, statementStats: true });
  const { db } = database;
  try {
    const { rows } = await db.execute<{ id: number }>(sql`
      SELECT npo_id AS id FROM donations GROUP BY npo_id ORDER BY count(*) DESC LIMIT 1`);
    const largest = Number(rows[0]?.id);
    const list = (q: Record<string, string>) => ZConsoleListQuery.parse(q);
    const reads: [string, () => Promise<unknown>][] = [
      ['index', () => consoleIndex(db)],
      ['organisations p1', () => listOrganisations(db, list({}))],
      ['organisations p20', () => listOrganisations(db, list({ page: '20' }))],
      ['organisations suspended', () => listOrganisations(db, list({ status: 'suspended' }))],
      ['organisations search', () => listOrganisations(db, list({ q: 'organisation 9' }))],
      ['largest organisation', () => organisationDetail(db, largest)],
      ['users p1', () => listUsers(db, list({}))],
      ['users search', () => listUsers(db, list({ q: 'bench 12' }))],
      ['transactions p1', () => consoleTransactions(db, ZConsoleTransactionQuery.parse({}))],
      [
        'transactions e-mail',
        () => consoleTransactions(db, ZConsoleTransactionQuery.parse({ q: 'donor7.1001@bench.example' })),
      ],
      [
        'transactions refunds',
        () => consoleTransactions(db, ZConsoleTransactionQuery.parse({ kind: 'refund', npo_id: String(largest) })),
      ],
    ];
    for (const [name, read] of reads) {
      await read();
      await db.execute(sql`SELECT pg_stat_statements_reset()`);
      const times: number[] = [];
      for (let i = 0; i < 10; i++) {
        const started = performance.now();
        await read();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(`\n${name}: median ${times[5]?.toFixed(1)} ms, max ${times[9]?.toFixed(1)} ms`);
      const { rows: top } = await db.execute<{ ms: number; calls: number; query: string }>(sql`
        SELECT round(mean_exec_time::numeric, 2)::float AS ms, calls::int, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query
        FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 4`);
      for (const t of top) console.log(`  ${String(t.ms).padStart(8)} ms x${t.calls / 10}  ${t.query}`);
    }
  } finally {
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
