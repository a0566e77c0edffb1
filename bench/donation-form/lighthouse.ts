// Lighthouse mobile performance and accessibility of /spring-appeal (targets: performance ≥ 98,
// accessibility 100; decision 006 set the first performance target at 95). Starts the real server
// (built web app, embedded PostgreSQL, demo seed) on a free port, runs Lighthouse's default mobile
// configuration (simulated slow 4G and a 4× slower CPU) in the Debian Chromium with the e2e flags,
// and prints the score and the main timings. Nothing is downloaded.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../../e2e/support/browser.ts';
// @ts-expect-error: plain ES module of the repo's scripts, without types
import { buildServer } from '../../scripts/build-server.mjs';
// @ts-expect-error: plain ES module of the repo's scripts, without types
import { ensureWebBuild, root } from '../../scripts/lib.mjs';

const TARGET = 98;
const A11Y_TARGET = 100;
const PAGE = process.env.LIGHTHOUSE_PATH ?? '/spring-appeal';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kindling-lighthouse-'));
  await fs.chmod(dataDir, 0o755);
  // LIGHTHOUSE_PORT: a port of one's own on a shared machine; otherwise any free one.
  const port = process.env.LIGHTHOUSE_PORT ? Number(process.env.LIGHTHOUSE_PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = await fs.open(path.join(dataDir, 'server.log'), 'w');
  // The server as npm start runs it, bundled (decision 106).
  await buildServer();
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.mjs'], {
    cwd: root as string,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', log.fd, log.fd],
  });
  // A loaded machine needs longer to start the embedded database and seed: LIGHTHOUSE_START_S.
  const startS = Number(process.env.LIGHTHOUSE_START_S ?? 120);
  const deadline = Date.now() + startS * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM'); // not left running (with its database) after the bench gives up
      throw new Error(`server did not start within ${startS} s`);
    }
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    await new Promise<void>((resolve) => {
      child.once('close', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 15_000).unref();
    });
    await log.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

// LIGHTHOUSE_URL=http://127.0.0.1:PORT scores an already running server instead (to compare two
// builds side by side in one sitting, as docs/product/donation-form.md#performance asks).
const running = process.env.LIGHTHOUSE_URL;
if (!running) ensureWebBuild();
const server = running ? { url: running, stop: async () => {} } : await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROMIUM_FLAGS,
});
try {
  // One warm-up visit, so the figure is not the server's first compile of the page.
  await fetch(`${server.url}${PAGE}`);
  const result = await lighthouse(`${server.url}${PAGE}`, {
    port: chrome.port,
    onlyCategories: ['performance', 'accessibility'],
    output: 'json',
    logLevel: 'error',
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  // LIGHTHOUSE_REPORT=/tmp/lhr.json keeps the whole report, to see which tasks and requests cost.
  if (process.env.LIGHTHOUSE_REPORT) await fs.writeFile(process.env.LIGHTHOUSE_REPORT, JSON.stringify(lhr));
  const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  const a11y = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
  console.log(
    `Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling`,
  );
  // Simulated throttling multiplies the tasks this machine ran: on a busy host (low benchmark
  // index, high load) Total Blocking Time and the score say more about the host than the page.
  const benchmark = Math.round(lhr.environment.benchmarkIndex);
  const load = os.loadavg()[0]?.toFixed(1);
  console.log(`  Host: benchmark index ${benchmark}, load average ${load} on ${os.cpus().length} cores`);
  if (benchmark < 1000) console.log('  (benchmark index under 1000: the host is too busy for a reliable score)');
  console.log(`  First Contentful Paint   ${audit('first-contentful-paint')}`);
  console.log(`  Largest Contentful Paint ${audit('largest-contentful-paint')}`);
  console.log(`  Total Blocking Time      ${audit('total-blocking-time')}`);
  console.log(`  Cumulative Layout Shift  ${audit('cumulative-layout-shift')}`);
  console.log(`  Speed Index              ${audit('speed-index')}`);
  // The accessibility audits that failed, so a score under 100 says what to fix.
  const failing = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
  for (const a of failing) console.log(`  Accessibility: ${a?.id}: ${a?.title}`);
  console.log(`Lighthouse mobile performance of ${PAGE}: ${score} (target ≥ ${TARGET})`);
  console.log(`Lighthouse accessibility of ${PAGE}: ${a11y} (target ${A11Y_TARGET})`);
  process.exitCode = score >= TARGET && a11y >= A11Y_TARGET ? 0 : 1;
} finally {
  await chrome.kill();
  await server.stop();
}
