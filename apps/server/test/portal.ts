// Test support for the portal: gifts through the real checkout, and a browser holding a portal
// session opened from a signed link.
import { expect } from 'vitest';
import { createPortalLink } from '../src/platform/security/portal-link.ts';
import { payForGift } from './gift.ts';
import type { TestContext } from './test-app.ts';
import { TestClient } from './test-client.ts';

/** A recorded gift by card for `email` (monthly gifts start a plan). */
export async function give(ctx: TestContext, email: string, interval: 'once' | 'monthly', amount = 1000) {
  const { confirm } = await payForGift(ctx, { amount, currency: 'usd', email, interval });
  return confirm();
}

export const linkFor = (ctx: TestContext, npoId: number, donorId: number, now?: Date) =>
  createPortalLink({ origin: 'http://localhost', secret: ctx.config.sessionSecret, npoId, donorId, now });

export const tokenOf = (link: string) => new URL(link).pathname.replace('/portal/', '');

/** A browser that opened the donor's portal link: it holds the portal cookie. */
export async function portalBrowser(ctx: TestContext, npoId: number, donorId: number): Promise<TestClient> {
  const browser = new TestClient(ctx.app);
  const opened = await browser.post('/api/v1/portal/session', { token: tokenOf(linkFor(ctx, npoId, donorId)) });
  expect(opened.statusCode, opened.body).toBe(200);
  return browser;
}
