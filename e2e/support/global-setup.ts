import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}/healthz within ${timeoutMs} ms`);
}

/** Starts the real server (built web app, embedded PostgreSQL, demo seed) once for the suite. */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kindling-e2e-'));
  await fs.chmod(dataDir, 0o755);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = await fs.open(path.join(dataDir, 'server.log'), 'w');
  // The server as `npm start` runs it: bundled to JavaScript, run by plain node (decision 106).
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`building the server failed (exit ${built.status})`);
  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.mjs'], {
    cwd: repoRoot,
    // wh21: webhook deliveries are relayed every second (off by default under NODE_ENV=test).
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEBHOOK_RELAY_SECONDS: '1',
      // w21: workflow automation's tick (off by default under NODE_ENV=test).
      WORKFLOW_TICK_SECONDS: '2',
    },
    stdio: ['ignore', logFile.fd, logFile.fd],
  });
  try {
    // E2E_START_S: a loaded shared machine needs longer to start the embedded database and seed.
    await waitForHealth(baseURL, server, Number(process.env.E2E_START_S ?? 300) * 1000);
  } catch (error) {
    console.error(await fs.readFile(path.join(dataDir, 'server.log'), 'utf8'));
    server.kill('SIGTERM');
    throw error;
  }
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  return async () => {
    await new Promise<void>((resolve) => {
      server.once('close', () => resolve());
      server.kill('SIGTERM');
      setTimeout(() => {
        server.kill('SIGKILL');
        resolve();
      }, 15_000).unref();
    });
    await logFile.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
