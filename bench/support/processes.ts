// Starting and stopping benchmark servers (server-process.ts) and the embedded PostgreSQL they share.
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDb, type Db } from '../../apps/server/src/platform/db/client.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../apps/server/src/platform/db/embedded-postgres.ts';
import { runMigrations } from '../../apps/server/src/platform/db/migrate.ts';
// @ts-expect-error: plain ES module of the repo's scripts, without types
import { buildServer, serverDist } from '../../scripts/build-server.mjs';

export type Memory = { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
export type Instance = { child: ChildProcess; port: number; url: string };
export type BenchDatabase = { url: string; db: Db; dataDir: string; stop: () => Promise<void> };

/**
 * A migrated database on an embedded PostgreSQL: fresh in a temporary directory, or, with `keepIn`,
 * in that directory, created on first use and kept (with its data) after `stop`.
 */
export async function startBenchDatabase(
  name: string,
  options: { statementStats?: boolean; keepIn?: string } = {},
): Promise<BenchDatabase> {
  const dataDir = options.keepIn
    ? path.resolve(options.keepIn)
    : await fs.mkdtemp(path.join(os.tmpdir(), 'kindling-bench-'));
  await fs.mkdir(dataDir, { recursive: true });
  // As root, embedded-postgres runs initdb as another user, who must be able to enter the directory.
  await fs.chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), {
    durable: false,
    settings: options.statementStats
      ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track_planning': 'on' }
      : {},
  });
  const url = await ensureDatabase(embedded.url, name);
  const db = createDb(url);
  await runMigrations(db);
  if (options.statementStats) await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
  return {
    url,
    db,
    dataDir,
    stop: async () => {
      // pool.end() resolves before its sockets close; a connection still closing when the server
      // stops reports an error that must not crash the run after the figures are printed.
      db.$client.on('error', () => {});
      await db.$client.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await embedded.stop();
      if (!options.keepIn) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

// A benchmark's server bundled like `npm start`'s (decision 106), so a benchmark measures the
// JavaScript node runs in production, not the TypeScript loader; each built once per benchmark run.
const builds = new Map<string, Promise<string>>();
/** Bundles `file` (a benchmark's server, path from bench/) into apps/server/dist/bench/; its path. */
export function builtBenchServer(file: string): Promise<string> {
  const name = `bench/${file.replace(/\.ts$/, '').replaceAll('/', '-')}`;
  let built = builds.get(name);
  if (!built) {
    built = buildServer({ [name]: path.join('bench', file) }).then(() => path.join(serverDist, `${name}.mjs`));
    builds.set(name, built);
  }
  return built;
}

/** Forks a server (the real app, or BENCH_SERVER=bare) and waits for its port. */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = fork(await builtBenchServer('support/server-process.ts'), {
    env: { ...process.env, ...env },
    // BENCH_NODE_ARGS: extra node flags for the server (e.g. --heap-growing-percent=0), to compare settings.
    execArgv: ['--expose-gc', ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
    child.once('message', (m: { type: string; port: number }) =>
      resolve({ child, port: m.port, url: `http://127.0.0.1:${m.port}` }),
    );
  });
}

/** Each instance closes its pool before the database stops, or its connections would be killed. */
export function stopInstance(instance: Instance): Promise<void> {
  return new Promise((resolve) => {
    instance.child.once('exit', () => resolve());
    instance.child.send({ type: 'stop' });
  });
}

/** The instance's process.memoryUsage(), after a full collection unless `gc` is false. */
export const memoryOf = (instance: Instance, gc = true): Promise<Memory> =>
  new Promise((resolve) => {
    instance.child.once('message', (m: Memory) => resolve(m));
    instance.child.send({ type: 'memory', gc });
  });

/**
 * With BENCH_CPU_PROF=<file>, records a V8 CPU profile of the server while `measured` runs (open it
 * in Chrome DevTools); otherwise just runs it.
 */
export async function profiled<T>(instance: Instance, measured: () => Promise<T>): Promise<T> {
  const file = process.env.BENCH_CPU_PROF;
  if (!file) return measured();
  const ask = (message: object) =>
    new Promise<void>((resolve) => {
      instance.child.once('message', () => resolve());
      instance.child.send(message);
    });
  await ask({ type: 'profile-start' });
  try {
    return await measured();
  } finally {
    await ask({ type: 'profile-stop', file });
    console.log(`CPU profile of the server written to ${file}`);
  }
}

/** The statements that cost PostgreSQL the most time since `resetStatementStats` (needs statementStats). */
export async function printStatementStats(db: Db, top = 12): Promise<void> {
  const { rows } = await db.execute<{ calls: number; total_ms: number; mean_ms: number; query: string }>(sql`
    SELECT calls::int, round(total_exec_time::numeric, 1)::float AS total_ms,
      round(mean_exec_time::numeric, 3)::float AS mean_ms, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 110) AS query
    FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT ${top}`);
  console.log('\nPostgreSQL time by statement (pg_stat_statements):');
  for (const r of rows)
    console.log(
      `  ${String(r.total_ms).padStart(9)} ms ${String(r.calls).padStart(6)}× ${String(r.mean_ms).padStart(7)} ms  ${r.query}`,
    );
}

export const resetStatementStats = (db: Db) => db.execute(sql`SELECT pg_stat_statements_reset()`);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
