import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';

const SHOTS = '/tmp/shots';
/** A demo gift of the seed (campaigns-seed.ts): its provider reference is fixed. */
const REFERENCE = 'seed_spring_007';

describe('the donations list', () => {
  const { newPage } = useBrowser();

  it('lets staff on a phone filter to one donation, see its totals and export it as CSV (375 px)', async () => {
    const { page } = await newPage({ width: 375, height: 740 });
    await fs.mkdir(SHOTS, { recursive: true });
    await signIn(page, 'staff@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.goto('/dashboard/donations');

    const cards = page.getByRole('list', { name: 'Donations' });
    await cards.getByRole('listitem').first().waitFor();
    const totals = page.getByRole('region', { name: 'Totals of the filtered donations' });
    expect(Number((await totals.getByTestId('totals-count').innerText()).replace(/,/g, ''))).toBeGreaterThanOrEqual(48);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/donations-list-375.png`, fullPage: true });

    // Search by the provider reference, then narrow by status in the collapsed filter bar.
    await page.getByRole('textbox', { name: 'Search donations' }).fill(REFERENCE);
    await page.waitForURL(`**/dashboard/donations?search=${REFERENCE}`);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Status', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Succeeded' }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL(/status=succeeded/);
    await expect.poll(() => cards.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => totals.getByTestId('totals-count').innerText()).toBe('1');
    const card = cards.getByRole('listitem').first();
    const donorLink = card.getByRole('link');
    const donor = (await donorLink.innerText()).trim();
    expect(await donorLink.getAttribute('href')).toMatch(/^\/dashboard\/donation\/\d+$/);
    expect(await card.innerText()).toMatch(/succeeded/i);
    expect(await totals.getByTestId('totals-base').innerText()).toMatch(/^\$\d/);
    await page.screenshot({ path: `${SHOTS}/donations-list-filtered-375.png`, fullPage: true });

    // The filtered list is the URL: opening it again shows the same.
    const shared = page.url();
    expect(shared).toContain('status=succeeded');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^donations-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await fs.readFile((await file.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Provider reference');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(REFERENCE);
    expect(lines[1]).toContain(donor);
    await page.getByText('Export of 1 donation saved as').waitFor();

    // The same shared address on a wide screen: the filters are open and the table is sortable.
    const wide = await newPage({ width: 1280, height: 900 });
    await signIn(wide.page, 'staff@kindling.test');
    await wide.page.waitForURL('**/dashboard/home');
    await wide.page.goto(shared);
    await wide.page.getByRole('table', { name: 'Donations' }).getByRole('link', { name: donor }).waitFor();
    expect(await wide.page.getByRole('columnheader', { name: /Date/ }).getAttribute('aria-sort')).toBe('descending');
    expect(await seriousViolations(wide.page)).toEqual([]);
    await wide.page.screenshot({ path: `${SHOTS}/donations-list-filtered-1280.png`, fullPage: true });
  });
});
