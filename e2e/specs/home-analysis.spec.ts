import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';

const SHOTS = '/tmp/shots';

/** The home page's charts and the analysis page's period, on a phone (375 px) and a desktop. */
describe('home and analysis', () => {
  const { newPage } = useBrowser();

  for (const width of [375, 1280]) {
    it(`home draws its charts and lists recent donations at ${width} px`, async () => {
      await fs.mkdir(SHOTS, { recursive: true });
      const { page } = await newPage({ width, height: 800 });
      await signIn(page, 'admin@kindling.test');
      await page.waitForURL('**/dashboard/home');
      for (const name of ['Raised over the last 12 months', 'By campaign', 'By payment method']) {
        const region = page.getByRole('region', { name });
        // The drawing: recharts' SVG surface inside the card.
        await region.locator('svg.recharts-surface').first().waitFor();
      }
      const recent = page.getByRole('region', { name: 'Recent donations' });
      const first = recent.getByRole('link').first();
      expect(await first.getAttribute('href')).toMatch(/^\/dashboard\/donation\/\d+$/);
      await expect
        .poll(() => page.getByRole('region', { name: 'Monthly goal' }).textContent())
        .toMatch(/of|No monthly goal/);
      // The demo's Harvest Gala, three weeks ahead, is the upcoming event.
      expect(await page.getByRole('region', { name: 'Upcoming event' }).textContent()).toContain('Harvest Gala');
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/home-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  it('analysis: choosing another period updates the figures (375 px)', async () => {
    const { page } = await newPage({ width: 375, height: 800 });
    await signIn(page, 'admin@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.goto('/dashboard/analysis?period=last-30-days');
    const raised = page.getByRole('article', { name: 'Raised' });
    await raised.waitFor();
    const recent = await raised.textContent();
    await page.getByRole('region', { name: 'Gifts in this period' }).locator('svg.recharts-surface').first().waitFor();

    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 12 months' }).click();
    await page.waitForURL('**/dashboard/analysis?period=last-12-months');
    // The demo's gifts go back two years: twelve months hold more than the last thirty days.
    await expect.poll(() => raised.textContent()).not.toBe(recent);
    // The first amount in the card, e.g. 'Raised£1,234.00No refunds' → 1234.
    const amount = (text: string | null) =>
      Number(/[$£€]([\d,]+\.\d{2})/.exec(text ?? '')?.[1]?.replace(/,/g, '') ?? Number.NaN);
    const later = await raised.textContent();
    expect(amount(later), `${recent} → ${later}`).toBeGreaterThan(amount(recent));
    await page
      .getByRole('region', { name: 'Lapsed donors' })
      .getByRole('tab', { name: /LYBUNT/ })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/analysis-375.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('analysis at 1280 px', async () => {
    const { page } = await newPage({ width: 1280, height: 900 });
    await signIn(page, 'admin@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.goto('/dashboard/analysis?period=last-12-months');
    await page.getByRole('region', { name: 'Recurring giving' }).locator('svg.recharts-surface').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/analysis-1280.png`, fullPage: true });
  });
});
