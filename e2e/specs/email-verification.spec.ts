import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { mailsTo } from '../support/mail-outbox.ts';

/**
 * E-mail verification (docs/product/sign-in.md#e-mail-verification): a new sign-up sees the banner,
 * opens the link from the outbox and confirms; the banner is gone. The operator sees the demo's
 * unverified sign-up on /console/users. Each width signs up its own address.
 */
async function verificationLink(email: string): Promise<string> {
  for (let i = 0; i < 120; i++) {
    for (const mail of await mailsTo(email)) {
      const found = /https?:\/\/[^\s"'<>)]+(\/verify-email\/[\w-]+)/.exec(mail);
      if (found?.[1]) return found[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no verification link to ${email}`);
}

async function signUp(page: Page, email: string) {
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'First name' }).fill('Vera');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Fied');
  await page.getByRole('textbox', { name: 'Work email' }).fill(email);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill('a-long-password-e2e');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('textbox', { name: 'Organisation name' }).fill(`Verify Trust ${Date.now()}`);
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/home', { timeout: 60_000 });
}

describe('e-mail verification', () => {
  const { newPage } = useBrowser();

  for (const width of [375, 1280]) {
    it(`verifies a new sign-up's address from the e-mailed link at ${width} px`, async () => {
      const { page } = await newPage({ width, height: width === 375 ? 812 : 900 });
      const email = `vera.${width}.${Date.now()}@example.org`;
      await signUp(page, email);
      const banner = page.getByText('Please confirm your e-mail address with the link we sent you.');
      await banner.waitFor({ timeout: 30_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/shots/verify-banner-${width}.png` });

      await page.goto(await verificationLink(email));
      await page.getByRole('heading', { name: 'Confirm your e-mail address' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Confirm my address' }).click();
      await page.getByText('Your e-mail address is verified. Thank you.').waitFor();
      await page.screenshot({ path: `/tmp/shots/verify-page-${width}.png` });

      await page.goto('/dashboard/home');
      await page.getByRole('main').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await banner.count()).toBe(0);
    }, 180_000);
  }

  it('shows the operator the unverified demo sign-up with Resend verification, at 375 and 1280 px', async () => {
    for (const width of [375, 1280]) {
      const { page } = await newPage({ width, height: width === 375 ? 812 : 900 });
      await signIn(page, 'console@kindling.test');
      await page.waitForURL((url) => url.pathname === '/console');
      await page.goto('/console/users');
      await page.getByRole('textbox', { name: 'Search' }).fill('newcomer');
      const row = page.getByRole('row').filter({ hasText: 'nico.newcomer@example.org' });
      await row.getByText('E-mail unverified').waitFor();
      await row.getByRole('button', { name: 'Resend verification to nico.newcomer@example.org' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/shots/verify-console-users-${width}.png` });
    }
  }, 180_000);
});
