import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';

const SHOTS = '/tmp/shots';

describe('the donations import', () => {
  const { newPage } = useBrowser();

  it('lets an admin on a phone upload a CSV, see the preview errors, run it and find the gifts (375 px, then 1280 px)', async () => {
    const { page } = await newPage({ width: 375, height: 740 });
    await fs.mkdir(SHOTS, { recursive: true });
    // Unique donors per run: the e2e database outlives one run.
    const tag = Date.now().toString(36);
    const csv = [
      'date,first_name,last_name,email,amount,currency,campaign_url,payment_method,reference',
      `2024-03-15,Ada,Import,ada.${tag}@example.org,25.00,USD,spring-appeal,cheque,CHQ-1`,
      `2024-04-02,Hiro,Import,hiro.${tag}@example.org,5000,JPY,,bank_transfer,`,
      `2024-04-03,Bad,Row,bad.${tag}@example.org,12.345,USD,,,`,
    ].join('\n');

    await signIn(page, 'admin@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.goto('/dashboard/imports');
    await page.getByRole('heading', { name: 'Import donations from a CSV file' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: `gifts-${tag}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Check file' }).click();
    const preview = page.getByRole('list', { name: 'Preview of the first rows' });
    await preview.getByRole('listitem').nth(2).waitFor();
    expect(await preview.getByRole('listitem').nth(2).innerText()).toContain('USD amounts have at most 2 decimals');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/imports-preview-375.png`, fullPage: true });

    await page.getByRole('button', { name: 'Import 2 donations' }).click();
    await page
      .getByText('Import finished: 2 donations imported, 1 row could not be imported.')
      .waitFor({ timeout: 20_000 });
    const history = page.getByRole('list', { name: 'Past imports' });
    const done = history.getByRole('listitem').filter({ hasText: `gifts-${tag}.csv` });
    await expect.poll(async () => done.innerText()).toMatch(/2 imported · 1 failed[\s\S]*finished/i);
    await page.screenshot({ path: `${SHOTS}/imports-finished-375.png`, fullPage: true });

    // The imported gifts count like any other: the donations list finds them.
    await page.goto(`/dashboard/donations?search=${tag}`);
    const totals = page.getByRole('region', { name: 'Totals of the filtered donations' });
    await expect.poll(() => totals.getByTestId('totals-count').innerText(), { timeout: 10_000 }).toBe('2');

    // The same page on a wide screen: the past imports as a table.
    const { page: wide } = await newPage({ width: 1280, height: 900 });
    await signIn(wide, 'admin@kindling.test');
    await wide.waitForURL('**/dashboard/home');
    await wide.goto('/dashboard/imports');
    await wide.getByRole('table', { name: 'Past imports' }).waitFor();
    expect(await seriousViolations(wide)).toEqual([]);
    await wide.screenshot({ path: `${SHOTS}/imports-1280.png`, fullPage: true });
  });
});
