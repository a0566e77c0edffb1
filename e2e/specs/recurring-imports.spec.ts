import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';

/**
 * Recurring imports in sandbox mode (docs/product/imports.md#recurring-imports): an admin on a
 * phone takes the page's sample CSV of ten plans (its dates from tomorrow in the organisation's
 * zone, America/New_York for Riverside Food Bank), uploads it, sees ten valid rows, confirms,
 * follows the progress to the end and finds the ten plans on /dashboard/recurring with their next
 * charge dates; then the same screens at 1280 px.
 */
const SHOTS = '/tmp/shots';
const ZONE = 'America/New_York';
// Unique donors per run: the e2e database outlives one run, and a row imported again is "already imported".
const tag = `ri${Date.now().toString(36)}`;

/** The organisation's calendar day, `offset` days from today, as YYYY-MM-DD. */
function dayInZone(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}
/** A day as the dashboard writes it for an en-US organisation ('Nov 28, 2026'). */
const shown = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** The sample CSV behind the page's link, with this run's e-mail addresses. */
async function sampleOf(page: Page): Promise<{ csv: string; days: string[] }> {
  const href = await page.getByRole('link', { name: /Download a sample CSV/ }).getAttribute('href');
  const text = decodeURIComponent((href ?? '').replace(/^data:text\/csv;charset=utf-8,/, ''));
  const csv = text.replaceAll('@example.org', `.${tag}@example.org`);
  const [header, ...rows] = csv.trim().split('\n');
  const at = header?.split(',').indexOf('next_charge_date') ?? -1;
  return { csv, days: rows.map((r) => r.split(',')[at] ?? '') };
}

async function upload(page: Page, csv: string) {
  await page.locator('input[type="file"]').setInputFiles({
    name: `plans-${tag}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  await page.getByText(/10 ready to import, 0 rows with errors/).waitFor({ timeout: 30_000 });
}

describe('recurring imports', () => {
  const { newPage } = useBrowser();

  it('imports the sample’s ten plans in sandbox mode and lists them on /dashboard/recurring with their next dates', async () => {
    await fs.mkdir(SHOTS, { recursive: true });
    const { page } = await newPage({ width: 375, height: 740 });
    await signIn(page, 'admin@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.goto('/dashboard/recurring_imports');
    await page.getByRole('heading', { name: 'Import recurring plans from a CSV file' }).waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);

    // The sample's dates start tomorrow on the organisation's calendar, one a day.
    const { csv, days } = await sampleOf(page);
    expect(days).toEqual(Array.from({ length: 10 }, (_, i) => dayInZone(i + 1)));

    await upload(page, csv);
    const preview = page.getByRole('list', { name: 'Preview of the first rows' });
    await expect.poll(() => preview.getByRole('listitem').count()).toBe(10);
    const cards = await preview.getByRole('listitem').allInnerTexts();
    expect(cards.every((c) => c.includes('Ready'))).toBe(true);
    expect(cards[0]).toContain(`amara.okafor.${tag}@example.org`);
    expect(cards[0]).toContain(`monthly from ${days[0]}`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/recurring-imports-preview-375.png`, fullPage: true });

    await page.getByRole('button', { name: 'Import 10 plans' }).click();
    await page
      .getByText('Import finished: 10 plans imported, 0 already imported, 0 rows could not be imported.')
      .waitFor({ timeout: 90_000 });
    await page.screenshot({ path: `${SHOTS}/recurring-imports-finished-375.png`, fullPage: true });

    // The plans are plans like any other: /dashboard/recurring finds them, each with its next date.
    await page.goto(`/dashboard/recurring?q=${tag}`);
    const plans = page.getByRole('list', { name: 'Recurring plans' });
    await expect.poll(() => plans.getByRole('listitem').count(), { timeout: 30_000 }).toBe(10);
    const listed = await plans.innerText();
    for (const day of days) expect(listed).toContain(`Next: ${shown(day)}`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/recurring-imports-plans-375.png`, fullPage: true });

    // At 1280 px: the preview as a table (checked, not confirmed again), then the plans' table.
    const { page: wide } = await newPage({ width: 1280, height: 900 });
    await signIn(wide, 'admin@kindling.test');
    await wide.waitForURL('**/dashboard/home');
    await wide.goto('/dashboard/recurring_imports');
    await wide.getByRole('heading', { name: 'Import recurring plans from a CSV file' }).waitFor({ timeout: 30_000 });
    await upload(wide, csv);
    const table = wide.getByRole('table', { name: 'Preview of the first rows' });
    await expect.poll(() => table.getByRole('row').count()).toBe(11);
    expect(await seriousViolations(wide)).toEqual([]);
    await wide.screenshot({ path: `${SHOTS}/recurring-imports-preview-1280.png`, fullPage: true });
    await wide.getByRole('button', { name: 'Choose another file' }).click();
    await wide.getByRole('button', { name: 'Check file' }).waitFor();
    await wide.screenshot({ path: `${SHOTS}/recurring-imports-1280.png`, fullPage: true });

    await wide.goto(`/dashboard/recurring?q=${tag}`);
    const wideTable = wide.getByRole('table', { name: 'Recurring plans' });
    await expect.poll(() => wideTable.getByRole('row').count(), { timeout: 30_000 }).toBe(11);
    const rows = await wideTable.innerText();
    for (const day of days) expect(rows).toContain(shown(day));
    expect(await seriousViolations(wide)).toEqual([]);
    await wide.screenshot({ path: `${SHOTS}/recurring-imports-plans-1280.png`, fullPage: true });
  }, 300_000);
});
