// Restarting after a crash, and starting as root (as CI and containers do), with the embedded
// PostgreSQL in DATA_DIR: see docs/decisions/024-restart-and-shared-storage.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres.ts';
import { readPostmasterPid } from '../src/platform/db/embedded-postgres-orphan.ts';
import { FetchClient } from './fetch-client.ts';
import { runServerToExit, type ServerProcess, startServerProcess, stopServerProcess } from './server-process.ts';

const asRoot = process.getuid?.() === 0;
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('SELECT 1 AS one')).rows[0]?.one === 1;
  } finally {
    await client.end();
  }
}

// mkdtemp makes a directory only its owner may enter (mode 0700), as `mktemp -d` does.
let dataDir = '';
let running: ServerProcess | null = null;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kindling-restart-'));
});
afterAll(async () => {
  if (running) await stopServerProcess(running.child);
  // A failed run must not leave a PostgreSQL behind on the removed directory.
  const left = await readPostmasterPid(path.join(dataDir, 'postgres'));
  if (left && isRunning(left.pid)) process.kill(left.pid, 'SIGINT');
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL in DATA_DIR', () => {
  it('starts when DATA_DIR is a private directory (mode 0700) of root', async () => {
    const embedded = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), { durable: false });
    try {
      expect(await answers(embedded.url)).toBe(true);
    } finally {
      await embedded.stop();
    }
  }, 120_000);

  it('stops a PostgreSQL an earlier run left on the directory and starts in its place', async () => {
    const dir = path.join(dataDir, 'postgres');
    // The orphan: the same postgres command line, run by nobody that will stop it.
    const first = await startEmbeddedPostgres(dir, { durable: false });
    const lock = await readPostmasterPid(dir);
    const args = (await fs.readFile(`/proc/${lock?.pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
    await first.stop();
    const owner = await fs.stat(dir);
    const orphan = spawn(args[0] ?? '', args.slice(1), {
      stdio: 'ignore',
      ...(asRoot ? { uid: owner.uid, gid: owner.gid } : {}),
    });
    const orphanPid = orphan.pid ?? 0;
    for (let i = 0; i < 100 && (await readPostmasterPid(dir))?.pid !== orphanPid; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await readPostmasterPid(dir))?.pid).toBe(orphanPid);

    const second = await startEmbeddedPostgres(dir, { durable: false });
    try {
      expect(await answers(second.url)).toBe(true);
      expect(isRunning(orphanPid)).toBe(false);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('comes up again on the same DATA_DIR after the server is killed with SIGKILL, its data kept', async () => {
    running = await startServerProcess({ DATA_DIR: dataDir });
    const staff = new FetchClient(running.url);
    const login = await staff.post('/api/v1/npo_users/sign_in', {
      npo_user: { email: 'staff@kindling.test', password: 'kindling-demo' },
    });
    expect(login.status).toBe(200);

    const killed = running.child;
    await new Promise<void>((resolve) => {
      killed.once('exit', () => resolve());
      killed.kill('SIGKILL');
    });
    running = await startServerProcess({ DATA_DIR: dataDir });

    // The session written before the crash is still there: the same browser is still signed in.
    const again = new FetchClient(running.url);
    for (const [name, value] of staff.cookies) again.cookies.set(name, value);
    expect((await again.get('/api/v1/refresh')).status).toBe(200);
  }, 240_000);

  it.runIf(asRoot)(
    'stops with one sentence when DATA_DIR is inside a directory the postgres user may not enter',
    async () => {
      const privateDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kindling-private-'));
      try {
        const { code, stderr } = await runServerToExit({ DATA_DIR: path.join(privateDir, 'data') });
        expect(code).toBe(1);
        expect(stderr.trim()).toBe(
          `The embedded PostgreSQL runs as the user "postgres", which may not enter ${privateDir}: choose a DATA_DIR outside it, let that user in (chmod o+x ${privateDir}), or set DATABASE_URL to a PostgreSQL server.`,
        );
      } finally {
        await fs.rm(privateDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
