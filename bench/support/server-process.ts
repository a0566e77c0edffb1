// One server for a benchmark, run as a child process so its CPU and memory are its own. Started by
// processes.ts with DATABASE_URL and DATA_DIR; reports its port and answers memory and stop
// requests. BENCH_SERVER=bare starts a plain Fastify instance with one JSON route instead (GET
// /bare answering the JSON in the file BENCH_BARE_BODY), the yardstick of the campaign_page benchmark.
import fs from 'node:fs';
import { Session } from 'node:inspector';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { createDb } from '../../apps/server/src/platform/db/client.ts';
import { createMailer } from '../../apps/server/src/platform/mail/mailer.ts';

type Request =
  | { type: 'memory'; gc?: boolean }
  | { type: 'stop' }
  | { type: 'profile-start' }
  | { type: 'profile-stop'; file: string };

const inspector = new Session();
const post = <T>(method: string) =>
  new Promise<T>((resolve, reject) =>
    inspector.post(method, (error, result) => (error ? reject(error) : resolve(result as T))),
  );

async function profile(request: Request) {
  if (request.type === 'profile-start') {
    inspector.connect();
    await post('Profiler.enable');
    await post('Profiler.start');
  } else if (request.type === 'profile-stop') {
    const { profile } = await post<{ profile: object }>('Profiler.stop');
    fs.writeFileSync(request.file, JSON.stringify(profile));
    inspector.disconnect();
  }
  send({ type: 'profiled' });
}

const send = (message: unknown) => process.send?.(message);

async function kindling() {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const db = createDb(process.env.DATABASE_URL ?? '');
  // mkt21: SMTP_URL reaches the benchmark's local SMTP sink (bench/email-marketing).
  const mailer = createMailer({ from: config.MAIL_FROM, dataDir: config.dataDir, smtpUrl: config.SMTP_URL, db });
  const app = await buildApp({ config, db, mailer });
  const close = async () => {
    await app.close();
    await db.$client.end();
  };
  return { app, close };
}

async function bare() {
  const app = Fastify({ logger: false });
  const file = process.env.BENCH_BARE_BODY;
  const body: unknown = file ? JSON.parse(fs.readFileSync(file, 'utf8')) : { ok: true };
  app.get('/bare', async () => body);
  return { app, close: () => app.close() };
}

async function main() {
  const server = process.env.BENCH_SERVER === 'bare' ? await bare() : await kindling();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  process.on('message', async (request: Request) => {
    if (request.type === 'memory') {
      // A full collection first, so the figures are live objects rather than garbage not yet collected
      // (gc: false samples the process as it is, e.g. at the peak of an import's check).
      if (request.gc !== false) (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
      send({ type: 'memory', rss, heapTotal, heapUsed, external, arrayBuffers });
    } else if (request.type === 'stop') {
      await server.close();
      process.exit(0);
    } else {
      await profile(request);
    }
  });
  send({ type: 'ready', port });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
