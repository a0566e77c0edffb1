import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';

const SHOTS = '/tmp/shots';

describe('the contacts import and the CRM settings', () => {
  const { newPage } = useBrowser();

  for (const width of [375, 1280]) {
    it(`lets an admin map a CSV's columns, preview, import contacts and open the CRM settings (${width} px)`, async () => {
      const { page } = await newPage({ width, height: width < 768 ? 740 : 900 });
      await fs.mkdir(SHOTS, { recursive: true });
      // Unique contacts per run: the e2e database outlives one run.
      const tag = `${width}-${Date.now().toString(36)}`;
      const csv = [
        'Mail,Given name,Surname,Type',
        `nia.${tag}@example.org,Nia,Import,prospect`,
        `omar.${tag}@example.org,Omar,Import,volunteer`,
        'not-an-email,Bad,Row,',
      ].join('\n');

      await signIn(page, 'admin@kindling.test');
      await page.waitForURL('**/dashboard/home');
      await page.goto('/dashboard/crm/contacts');
      await page.getByRole('link', { name: 'Import CSV' }).click();
      await page.getByRole('heading', { name: 'Choose a file' }).waitFor();
      await page.locator('input[type="file"]').setInputFiles({
        name: `people-${tag}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await page.getByRole('button', { name: 'Read file' }).click();
      await page.getByRole('heading', { name: 'Map the columns' }).waitFor();
      await page.getByRole('button', { name: 'Check rows' }).click();
      await page.getByRole('heading', { name: 'Check and import' }).waitFor();
      await page.getByText(/2 new, 0 to update, 0 to skip, 1 with errors/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/crm-import-preview-${width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Import 2 contacts' }).click();
      await page
        .getByText('Import finished: 2 created, 0 updated, 0 skipped, 1 could not be imported.')
        .waitFor({ timeout: 20_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/crm-import-finished-${width}.png`, fullPage: true });

      await page.goto(`/dashboard/crm/contacts?search=${tag}`);
      await page.getByRole('link', { name: 'Nia Import' }).first().waitFor();

      await page.goto('/dashboard/crm/settings');
      await page.getByRole('button', { name: 'Remove Won' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/crm-settings-${width}.png`, fullPage: true });
    }, 120_000);
  }
});
