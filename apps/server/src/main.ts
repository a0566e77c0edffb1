import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './platform/config/config.ts';
import { createDb } from './platform/db/client.ts';
import { ensureDatabase, startEmbeddedPostgres } from './platform/db/embedded-postgres.ts';
import { StartupError } from './platform/db/embedded-postgres-access.ts';
import { runMigrations } from './platform/db/migrate.ts';
import { databaseFileStore } from './platform/files/file-store.ts';
import { importLegacyUploads } from './platform/files/uploads.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed/demo-seed.ts';
// pay25: the demo payment request's stable address.
import { DEMO_PAYMENT_REQUEST_ID } from './seed/payment-requests-seed.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  let stopDatabase = async () => {};
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const dir = path.join(config.dataDir, 'postgres');
    console.log(`Starting embedded PostgreSQL in ${dir} …`);
    const embedded = await startEmbeddedPostgres(dir);
    stopDatabase = embedded.stop;
    databaseUrl = await ensureDatabase(embedded.url, 'kindling');
  }
  const db = createDb(databaseUrl);
  await runMigrations(db, { log: (line) => console.log(line) });
  if (config.SEED_DEMO === 'true') await seedDemo(db, config.totpKey, { insightsHistory: true });

  await importLegacyUploads(databaseFileStore(db), config.dataDir, console.log);

  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir, db });
  const app = await buildApp({ config, db, mailer, serveWeb: true });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: stopping …`);
    await app.close().catch(() => {});
    await db.$client.end().catch(() => {});
    await stopDatabase().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ host: config.HOST, port: config.PORT });
  console.log(`\nKindling is running at ${address.replace('127.0.0.1', 'localhost')}`);
  if (config.SEED_DEMO === 'true') {
    console.log(`Demo sign-ins (password "${DEMO_PASSWORD}"):`);
    for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(26)} ${u.code}  ${u.note}`);
    // pay25: the demo sponsorship invoice's payment page (decision 050).
    console.log(`Demo payment request: ${address.replace('127.0.0.1', 'localhost')}/pay/${DEMO_PAYMENT_REQUEST_ID}`);
  }
}

main().catch((error) => {
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
});
