import { type ChildProcess, spawn } from 'node:child_process';
import { findFreePort } from '../src/platform/db/embedded-postgres.ts';

const serverDir = new URL('..', import.meta.url).pathname;

export type ServerProcess = { url: string; child: ChildProcess; output: () => string };

/** Starts `src/main.ts` as `npm start` does, with `env` added, and waits for /healthz. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child, output: () => output };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up: ${output}`);
}

/** Runs `src/main.ts` expecting it to stop by itself; its exit code and what it printed. */
export async function runServerToExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  // A start that does not stop by itself fails the test rather than leaving a server behind.
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  return { code, stderr };
}

/** SIGTERM, as a process manager stops the server; resolves once it has exited. */
export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
