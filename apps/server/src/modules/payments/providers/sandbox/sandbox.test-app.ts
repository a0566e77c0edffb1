// Test harness: the real app with the sandbox provider's routes, on a fresh seeded database.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../../test/test-database.ts';
import { buildApp } from '../../../../app.ts';
import { type Config, loadConfig } from '../../../../platform/config/config.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { createMailer } from '../../../../platform/mail/mailer.ts';
import { seedDemo } from '../../../../seed/demo-seed.ts';
import { npos } from '../../../organisations/organisations.tables.ts';
import type { ProviderAccount } from '../payment-provider.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox.provider.ts';
import { SANDBOX_CONFIRM_PATH, sandboxPaymentRoutes } from './sandbox.routes.ts';

export type SandboxTestContext = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  sandbox: SandboxProvider;
  /** The first and second demo organisations. */
  account: ProviderAccount;
  otherAccount: ProviderAccount;
};

export function useSandboxApp(): SandboxTestContext {
  const ctx = {} as SandboxTestContext;
  let cleanup = async () => {};
  beforeAll(async () => {
    const database = await createTestDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kindling-sandbox-pay-'));
    ctx.config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    ctx.db = database.db;
    await seedDemo(ctx.db, ctx.config.totpKey);
    const [first, second] = await ctx.db.select({ id: npos.id }).from(npos).orderBy(npos.id).limit(2);
    if (!first || !second) throw new Error('the demo seed has fewer than two organisations');
    ctx.account = { npoId: first.id, accountId: 'acct_sandbox_first' };
    ctx.otherAccount = { npoId: second.id, accountId: 'acct_sandbox_second' };
    ctx.sandbox = createSandboxProvider({ db: ctx.db, sessionSecret: ctx.config.sessionSecret });
    ctx.app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      mailer: createMailer({ from: ctx.config.MAIL_FROM, dataDir }),
    });
    // Until app.ts registers the sandbox routes itself (the donations wiring), add them here.
    if (!ctx.app.hasRoute({ method: 'POST', url: SANDBOX_CONFIRM_PATH })) {
      await ctx.app.register(sandboxPaymentRoutes, { sandbox: ctx.sandbox, config: ctx.config });
    }
    await ctx.app.ready();
    cleanup = async () => {
      await ctx.sandbox.flushWebhooks();
      await ctx.app.close();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => cleanup());
  return ctx;
}
