// One Kindling server instance for the benchmark, run as a child process so its memory is its own.
// Started by run.ts with DATABASE_URL and DATA_DIR; reports its port and answers memory requests.
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { createDb } from '../../apps/server/src/platform/db/client.ts';
import { createMailer } from '../../apps/server/src/platform/mail/mailer.ts';

type Request = { type: 'memory' } | { type: 'stop' };

const send = (message: unknown) => process.send?.(message);

async function main() {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const db = createDb(process.env.DATABASE_URL ?? '');
  const mailer = createMailer({ from: config.MAIL_FROM, dataDir: config.dataDir });
  const app = await buildApp({ config, db, mailer });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  process.on('message', async (request: Request) => {
    if (request.type === 'memory') {
      // A full collection first, so the figures are live objects rather than garbage not yet collected.
      (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
      send({ type: 'memory', rss, heapUsed, external, arrayBuffers });
    } else if (request.type === 'stop') {
      await app.close();
      await db.$client.end();
      process.exit(0);
    }
  });
  send({ type: 'ready', port });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
