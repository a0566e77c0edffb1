import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';

const SHOTS = '/tmp/shots';

describe('the donors pages', () => {
  const { newPage } = useBrowser();

  for (const width of [375, 1280]) {
    it(`let staff find a donor, open them and see their giving history (${width} px)`, async () => {
      const phone = width < 768;
      const { page } = await newPage({ width, height: phone ? 740 : 900 });
      await fs.mkdir(SHOTS, { recursive: true });
      await signIn(page, 'staff@kindling.test');
      await page.waitForURL('**/dashboard/home');
      await page.goto('/dashboard/donors');

      const firstLink = page.locator('a[href^="/dashboard/donor/"]').first();
      await firstLink.waitFor();
      await page.screenshot({ path: `${SHOTS}/donors-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // Search by a seeded donor's e-mail; the list narrows to that donor.
      const email = (await page.locator('a[href^="/dashboard/donor/"] + p').first().innerText()).trim();
      expect(email).toContain('@');
      await page.getByRole('textbox', { name: 'Search donors' }).fill(email);
      await page.waitForURL(/search=/);
      await expect.poll(() => page.locator('a[href^="/dashboard/donor/"]').count()).toBe(1);
      await expect.poll(() => page.getByText('1 donor', { exact: true }).count()).toBe(1);
      const link = page.locator('a[href^="/dashboard/donor/"]').first();
      const name = (await link.innerText()).trim();
      await link.click();
      await page.waitForURL(/\/dashboard\/donor\/\d+$/);

      await page.getByRole('heading', { level: 1, name }).waitFor();
      const history = page.getByRole('region', { name: 'Giving history' });
      await history
        .getByRole('link', { name: /^Gift · / })
        .first()
        .waitFor();
      expect(await history.getByRole('link', { name: /Annual statement/ }).getAttribute('href')).toMatch(
        /^\/api\/v1\/npo_admin\/donors\/\d+\/statement\.pdf\?year=\d{4}$/,
      );
      expect(await page.getByText(email).count()).toBeGreaterThan(0);
      // Staff read only: no edit or merge.
      expect(await page.getByRole('button', { name: 'Edit profile' }).count()).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/donor-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
