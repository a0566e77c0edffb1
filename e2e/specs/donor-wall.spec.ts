import fs from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { fillDonorDetails, fillStepOne, payWithSandboxCard } from '../support/donation-form.ts';

/**
 * The page around the form at 375 and 1280 px: the Spring Appeal's donor wall, days left and the
 * demo's custom script (run under the page's CSP nonce), a fundraiser's own goal, axe on each, and a
 * donor who gives with the sandbox card and sees their first name appear on the wall without a reload.
 */
const SHOTS = '/tmp/shots';
const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

describe('donor wall, urgency and custom JS on the public page', () => {
  const { newPage } = useBrowser();

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
  });

  for (const width of [375, 1280]) {
    it(`at ${width} px: a donor's first name appears on the wall without a reload`, async () => {
      const { page, context } = await newPage({ width, height: 900 });
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto('/spring-appeal');
      const wall = page.getByRole('region', { name: 'Recent supporters' });
      await wall.getByRole('listitem').first().waitFor({ timeout: 20_000 });
      await page.getByText(/^\d+ days? left$/).waitFor();
      // The demo's custom script ran after the form loaded, allowed by the response's nonce.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.demoScript), { timeout: 10_000 })
        .toBe('loaded');
      await page.screenshot({ path: `${SHOTS}/donor-wall-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // A marker that a reload would lose.
      await page.evaluate(() => {
        (window as unknown as { wallMarker: number }).wallMarker = 42;
      });
      const first = `Wren${letters()}`;
      await fillStepOne(page, { preset: '$25', wall: { firstNameOnly: true, showAmount: true } });
      await fillDonorDetails(page, { first, last: 'Hidden', email: `${first.toLowerCase()}@example.org` });
      await payWithSandboxCard(page, '4242 4242 4242 4242');
      await page.getByRole('heading', { name: /Thank you for your one time/ }).waitFor();
      const mine = wall.getByRole('listitem').filter({ hasText: first });
      await mine.waitFor({ timeout: 40_000 });
      expect(await mine.innerText()).toContain('$25');
      expect(await wall.innerText()).not.toContain('Hidden');
      expect(await page.evaluate(() => (window as unknown as { wallMarker?: number }).wallMarker)).toBe(42);
      await page.screenshot({ path: `${SHOTS}/donor-wall-after-gift-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // A fundraiser's page: its own goal.
      await page.goto('/raise/spring-appeal-team-sam');
      await page.getByRole('progressbar', { name: /Raised towards .+’s goal/ }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors.filter((e) => /Content Security Policy|custom/i.test(e))).toEqual([]);
      await context.close();
    });
  }
});
