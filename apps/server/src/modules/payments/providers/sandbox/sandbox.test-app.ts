// Test harness: the real app with the sandbox provider's routes, on a fresh database.
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
import { npos } from '../../../organisations/organisations.tables.ts';
import type { ProviderAccount } from '../payment-provider.ts';
import { sandboxOnlyProviders } from '../registry.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox.provider.ts';

export type SandboxTestContext = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  sandbox: SandboxProvider;
  /** Two organisations, to check one cannot reach the other's payments. */
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
    // Two organisations of our own: the sandbox needs nothing else from the demo data.
    const [first, second] = await ctx.db
      .insert(npos)
      .values([
        { name: 'Sandbox Charity One', slug: 'sandbox-charity-one' },
        { name: 'Sandbox Charity Two', slug: 'sandbox-charity-two' },
      ])
      .returning({ id: npos.id });
    if (!first || !second) throw new Error('the test organisations were not created');
    ctx.account = { npoId: first.id, accountId: 'acct_sandbox_first' };
    ctx.otherAccount = { npoId: second.id, accountId: 'acct_sandbox_second' };
    ctx.sandbox = createSandboxProvider({ db: ctx.db, sessionSecret: ctx.config.sessionSecret });
    // The app registers the sandbox routes for the provider it is given: this test's instance.
    ctx.app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      mailer: createMailer({ from: ctx.config.MAIL_FROM, dataDir, db: ctx.db }),
      payments: sandboxOnlyProviders(ctx.sandbox),
    });
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
