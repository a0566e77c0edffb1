import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';

const SHOTS = '/tmp/shots';

// Year-end statements in bulk (docs/product/reports.md#year-end-statements): finance opens last
// year's statements from the reports centre, looks at the preview, e-mails them and sees the log.
describe('year-end statements', () => {
  const { newPage } = useBrowser();

  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1280, height: 900 },
  ]) {
    it(`finance previews last year's statements and e-mails them once (${viewport.width} px)`, async () => {
      const { page } = await newPage(viewport);
      await fs.mkdir(SHOTS, { recursive: true });
      await signIn(page, 'finance@kindling.test');
      await page.waitForURL('**/dashboard/home');
      await page.goto('/dashboard/reports');
      // The reports centre loads its charts first: slow on a loaded machine.
      await page.getByRole('link', { name: /Year-end statements/ }).click({ timeout: 120_000 });
      await page.waitForURL('**/dashboard/reports/statements');
      await page.getByText(/donors gave\./).waitFor({ timeout: 30_000 });
      // The demo's past run is in the log.
      await page.getByRole('table', { name: 'Every run, newest first' }).waitFor();
      const send = page.getByRole('button', { name: /^E-mail \d+ statements$/ });
      if (await send.isEnabled()) {
        await page.getByRole('table', { name: 'The first statements, in name order' }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/statements-${viewport.width}.png`, fullPage: true });
        await send.click();
        await page.getByText(/^Run finished: \d+ statements e-mailed/).waitFor({ timeout: 90_000 });
        await page.getByRole('table', { name: 'What this run sent, newest first' }).waitFor();
      }
      // Sent once: the year has nothing left to e-mail.
      await expect.poll(() => send.textContent(), { timeout: 30_000 }).toBe('E-mail 0 statements');
      expect(await send.isDisabled()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/statements-sent-${viewport.width}.png`, fullPage: true });
    }, 240_000);
  }
});
