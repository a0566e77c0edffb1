import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';

const SHOTS = '/tmp/shots';

// Staff open the AI insights page, have the job compute them (Refresh Insights) and filter to churn;
// then they ask the assistant for their top donors (a table) and a forecast (a chart), and find both
// among their recent queries.
describe('the AI insights page', () => {
  const { newPage } = useBrowser();

  for (const width of [375, 1280]) {
    it(`shows staff insights from the demo history and filters to churn (${width} px)`, async () => {
      const phone = width < 768;
      const { page } = await newPage({ width, height: phone ? 740 : 900 });
      // On a loaded machine the first page of a fresh server can take longer than the default 30 s.
      page.setDefaultNavigationTimeout(120_000);
      await fs.mkdir(SHOTS, { recursive: true });
      await signIn(page, 'staff@kindling.test');
      await page.waitForURL('**/dashboard/home');
      await page.goto('/dashboard/crm/ai-insights');
      await page.getByRole('heading', { name: 'AI insights', level: 1 }).waitFor();
      // The first run may not have happened yet: ask for one, and wait for the job's result.
      const donors = page.getByRole('tab', { name: /^Donors \(\d+\)$/ });
      await donors.waitFor({ timeout: 30_000 });
      if ((await donors.innerText()).includes('(0)')) {
        await page.getByRole('button', { name: 'Refresh Insights' }).first().click();
      }
      await expect.poll(async () => donors.innerText(), { timeout: 120_000 }).not.toContain('(0)');
      await page.getByRole('article').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/ai-insights-donors-${width}.png`, fullPage: true });

      await page.getByRole('tab', { name: /^Churn/ }).click();
      await page
        .getByText(/^Churn (model: AUC|risk follows stated rules)/)
        .first()
        .waitFor();
      await page.getByRole('article').first().waitFor();
      expect(await page.getByRole('article').count()).toBeGreaterThan(1);
      await page.screenshot({ path: `${SHOTS}/ai-insights-churn-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('tab', { name: /^Geography/ }).click();
      await page.getByRole('img', { name: /^Map of giving by country/ }).waitFor();
      await page.screenshot({ path: `${SHOTS}/ai-insights-map-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // The assistant: a question about top donors answers with a table, a forecast with a chart,
      // and both are kept as recent queries.
      await page.getByRole('button', { name: 'Ask the assistant' }).click();
      const panel = page.getByRole('dialog', { name: 'Insights assistant' });
      await panel.waitFor();
      const question = panel.getByLabel('Your question');
      await question.fill('who are my top donors this quarter');
      await panel.getByRole('button', { name: 'Ask', exact: true }).click();
      const donorsTable = panel.getByRole('table', { name: /^Top \d+ donors, this quarter$/ });
      await donorsTable.waitFor({ timeout: 60_000 });
      expect(await donorsTable.getByRole('row').count()).toBeGreaterThan(1);
      await question.fill('forecast donations for next quarter');
      await panel.getByRole('button', { name: 'Ask', exact: true }).click();
      await panel.getByRole('heading', { name: /^Forecast for next quarter/ }).waitFor({ timeout: 60_000 });
      await panel.locator('[data-testid$="-chart"] svg').first().waitFor();
      await expect.poll(async () => panel.getByText(/^Method: /).count(), { timeout: 30_000 }).toBe(1);
      await page.screenshot({ path: `${SHOTS}/ai-assistant-answers-${width}.png` });
      expect(await seriousViolations(page)).toEqual([]);

      await panel.getByRole('tab', { name: /^Recent/ }).click();
      const recent = panel.getByRole('list', { name: 'Recent queries' });
      await expect
        .poll(async () => recent.getByRole('button').allInnerTexts(), { timeout: 30_000 })
        .toEqual(expect.arrayContaining(['forecast donations for next quarter', 'who are my top donors this quarter']));
      await page.screenshot({ path: `${SHOTS}/ai-assistant-recent-${width}.png` });
      expect(await seriousViolations(page)).toEqual([]);
    }, 420_000);
  }
});
