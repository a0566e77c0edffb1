import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/platform/config/config.ts';
import type { Db } from '../src/platform/db/client.ts';
import { createMailer, type Mailer } from '../src/platform/mail/mailer.ts';
import { seedDemo } from '../src/seed/demo-seed.ts';
import { createTestDatabase } from './test-database.ts';
import { testTotpKey } from './test-totp-key.ts';

export type TestContext = { app: FastifyInstance; db: Db; config: Config; mailer: Mailer; dataDir: string };

/**
 * Builds the real app on a fresh database copy for one test file, seeded with the demo
 * organisations unless `seed: false`. Use inside a describe block or at file level; `env` adds
 * settings (see platform/config/config.ts).
 */
export function useTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string> | (() => Record<string, string>);
    /** Connections in the app's pool (5 unless set); 1 proves a path never needs a second one. */
    poolMax?: number;
  } = {},
): TestContext {
  const ctx = {} as TestContext;
  let drop = async () => {};
  beforeAll(async () => {
    ctx.dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kindling-test-data-'));
    // A function lets a test start a stand-in server first and point the settings at it.
    const env = typeof options.env === 'function' ? options.env() : options.env;
    ctx.config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: ctx.dataDir, ...env });
    // The run's seeded template was seeded with the default test key; another key seeds afresh.
    const seed = options.seed !== false;
    const fromSeeded = seed && ctx.config.totpKey.equals(testTotpKey());
    const database = await createTestDatabase({ poolMax: options.poolMax, seeded: fromSeeded });
    drop = database.drop;
    ctx.db = database.db;
    if (seed && !fromSeeded) await seedDemo(ctx.db, ctx.config.totpKey);
    ctx.mailer = createMailer({ from: ctx.config.MAIL_FROM, dataDir: ctx.dataDir, db: ctx.db });
    ctx.app = await buildApp({ config: ctx.config, db: ctx.db, mailer: ctx.mailer });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    // Work the app started just before closing (a job past its graceful stop, a provider event
    // delivered after the response) may still be querying: let it finish before the pool ends.
    const pool = ctx.db?.$client;
    for (let i = 0; pool && i < 40 && (pool.idleCount < pool.totalCount || pool.waitingCount > 0); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await drop();
    if (ctx.dataDir) await fs.rm(ctx.dataDir, { recursive: true, force: true });
  });
  return ctx;
}
