import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';

const SHOTS = '/tmp/shots';

/** The administration overview, the launchpad and the dashboard settings on a phone and a desktop. */
describe('overview, launchpad and dashboard settings', () => {
  const { newPage } = useBrowser();

  for (const width of [375, 1280]) {
    it(`an admin reads the overview and the launchpad at ${width} px`, async () => {
      await fs.mkdir(SHOTS, { recursive: true });
      const { page, context } = await newPage({ width, height: 800 });
      await signIn(page, 'admin@kindling.test');
      await page.waitForURL('**/dashboard/home');

      await page.goto('/admin');
      await page
        .getByRole('region', { name: 'Team' })
        .getByText(/members/)
        .waitFor();
      expect(await page.getByRole('region', { name: 'Security' }).textContent()).toContain('Ada Admin');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/admin-overview-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/dashboard/launchpad');
      await page.getByText(/of 8 steps done/).waitFor();
      expect(await page.getByRole('article', { name: 'Publish your first campaign' }).textContent()).toContain('Done');
      expect(await page.getByRole('article', { name: 'Add your logo' }).textContent()).toContain('Done');
      expect(await page.getByRole('article', { name: 'Connect a payment provider' }).textContent()).toContain('To do');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/launchpad-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it('the demo manager’s saved settings shape the home page, and saving new ones changes it (375 px)', async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    await signIn(page, 'manager@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.getByRole('region', { name: 'Raised over the last 6 months' }).waitFor();
    expect(await page.getByRole('article', { name: 'Average gift' }).count()).toBe(0);

    await page.goto('/dashboard/settings');
    await page.getByRole('checkbox', { name: 'Average gift' }).check();
    await page.getByRole('radio', { name: 'Last 12 months' }).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/dashboard-settings-375.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Dashboard settings saved').waitFor();

    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.getByRole('region', { name: 'Raised over the last 12 months' }).waitFor();
    await page.getByRole('article', { name: 'Average gift' }).waitFor();
    await context.close();
  });
});
