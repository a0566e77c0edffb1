import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { staffApi } from '../support/donation-form.ts';

const SHOTS = '/tmp/shots';

describe('the reports centre', () => {
  const { newPage } = useBrowser();

  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1280, height: 900 },
  ]) {
    it(`finance opens last year's income and downloads it as XLSX and PDF (${viewport.width} px)`, async () => {
      const { page } = await newPage(viewport);
      await fs.mkdir(SHOTS, { recursive: true });
      await signIn(page, 'finance@kindling.test');
      await page.waitForURL('**/dashboard/home');
      await page.goto('/dashboard/reports');
      await page.getByRole('table', { name: 'Income', exact: true }).waitFor({ timeout: 90_000 });

      await page.getByRole('combobox', { name: 'Period' }).click();
      await page.getByRole('option', { name: 'Last year' }).click();
      await page.waitForURL(/period=last-year/);
      const lastYear = new Date().getFullYear() - 1;
      await page.getByText(`${lastYear}-01-01 – ${lastYear}-12-31`, { exact: false }).waitFor({ timeout: 60_000 });
      const table = page.getByRole('table', { name: 'Income', exact: true });
      // The demo organisation gave last year: months and a total line.
      await expect.poll(() => table.getByRole('row').count(), { timeout: 90_000 }).toBeGreaterThan(3);
      const total = table.getByRole('row', { name: /^Total/ });
      expect(await total.innerText()).toMatch(/\$\d/);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/reports-income-${viewport.width}.png`, fullPage: true });

      const xlsxDownload = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Excel (XLSX)' }).click();
      const xlsx = await xlsxDownload;
      expect(xlsx.suggestedFilename()).toMatch(/^income-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const book = await fs.readFile((await xlsx.path()) ?? '');
      expect(book.subarray(0, 2).toString('latin1')).toBe('PK');

      const pdfDownload = page.waitForEvent('download');
      await page.getByRole('link', { name: 'PDF' }).click();
      const pdf = await pdfDownload;
      expect(pdf.suggestedFilename()).toMatch(/^income-\d{4}-\d{2}-\d{2}\.pdf$/);
      const document = await fs.readFile((await pdf.path()) ?? '');
      expect(document.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // The picker opens the campaigns report with the same period (docs/product/reports.md).
      await page
        .getByRole('navigation', { name: 'Reports' })
        .getByRole('link', { name: 'Campaigns and appeals' })
        .click();
      await page.waitForURL(/report=campaigns/);
      expect(page.url()).toContain('period=last-year');
      const campaigns = page.getByRole('table', { name: 'Campaigns and appeals: Raised against goal' });
      await expect.poll(() => campaigns.getByRole('row').count(), { timeout: 90_000 }).toBeGreaterThan(2);
      expect(await campaigns.getByRole('row', { name: /^Total/ }).innerText()).toMatch(/\$\d/);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/reports-campaigns-${viewport.width}.png`, fullPage: true });

      // sr23: save the campaigns report, then open the demo's saved income report with its columns.
      await page.getByRole('button', { name: 'Save report' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save report' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(`Campaigns last year ${viewport.width}`);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      const saved = page.getByRole('region', { name: 'Saved reports' });
      await saved.getByRole('link', { name: `Campaigns last year ${viewport.width}` }).waitFor({ timeout: 60_000 });
      // The confirmation toast, closed: fading out later it would be measured by axe at half opacity.
      const toast = page.getByRole('alert').filter({ hasText: `Saved “Campaigns last year ${viewport.width}”.` });
      await toast.waitFor({ timeout: 30_000 });
      await toast.getByRole('button', { name: 'Close notification' }).click();
      await toast.waitFor({ state: 'detached', timeout: 30_000 });
      await saved.getByRole('link', { name: 'Monthly income by campaign' }).click();
      await page.waitForURL(/columns=gifts/);
      const chosen = page.getByRole('table', { name: 'Income', exact: true });
      await expect
        .poll(() => chosen.getByRole('columnheader').allInnerTexts(), { timeout: 90_000 })
        .toEqual(['Campaign', 'Gifts', 'Gross', 'Refunds', 'Net']);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/reports-saved-${viewport.width}.png`, fullPage: true });

      // The recurring report: a line per month of the period, MRR at month end in the total line.
      await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Recurring' }).click();
      await page.waitForURL(/report=recurring/);
      const recurring = page.getByRole('table', { name: 'Recurring: MRR movement' });
      await expect.poll(() => recurring.getByRole('row').count(), { timeout: 90_000 }).toBeGreaterThan(12);
      expect(await recurring.getByRole('row', { name: /^Total/ }).innerText()).toMatch(/\$\d/);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/reports-recurring-${viewport.width}.png`, fullPage: true });

      // rc23: the reconciliation report: the demo's weekly sandbox payouts of the last 12 months,
      // each adding up to its amount; PayPal and the unconnected Stripe say they report none.
      await page.goto('/dashboard/reports?report=reconciliation&period=last-12-months');
      const payouts = page.getByRole('table', { name: 'Reconciliation: Payouts' });
      await expect.poll(() => payouts.getByRole('row').count(), { timeout: 90_000 }).toBeGreaterThan(3);
      expect(await payouts.getByRole('row', { name: /^Total/ }).innerText()).toMatch(/\$\d/);
      await page.getByText('PayPal: not reported').waitFor({ timeout: 30_000 });
      await page.getByText('Stripe: not reported').waitFor({ timeout: 30_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/reports-reconciliation-${viewport.width}.png`, fullPage: true });
    }, 300_000);
  }

  it('a member without “View reports” sees why instead of a blank page (375 and 1280 px)', async () => {
    const { page, context } = await newPage({ width: 375, height: 740 });
    const admin = await staffApi(context.request, 'admin@kindling.test');
    const csrf = (await context.storageState()).cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
    const team = (await (await admin.get('/api/v1/npo_admin/team')).json()) as {
      members: { user_id: number; email: string }[];
    };
    const staffId = team.members.find((m) => m.email === 'staff@kindling.test')?.user_id;
    const url = `/api/v1/npo_admin/user_permissions/${staffId}`;
    const before = ((await (await admin.get(url)).json()) as { data: { permissions: string[] } }).data.permissions;
    const put = (permissions: string[]) =>
      admin.put(url, { data: { permissions: { permissions } }, headers: { 'x-csrf-token': csrf } });
    expect((await put(before.filter((p) => p !== 'reports.view'))).status()).toBe(200);
    try {
      await context.clearCookies();
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
        if (width === 375) {
          await signIn(page, 'staff@kindling.test');
          await page.waitForURL('**/dashboard/home');
        }
        await page.goto('/dashboard/reports');
        await page.getByRole('heading', { name: "You don't have access to reports" }).waitFor({ timeout: 90_000 });
        expect(await page.getByRole('link', { name: 'PDF' }).count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/reports-no-access-${width}.png`, fullPage: true });
      }
    } finally {
      // Put the demo staff member's permissions back for the specs after this one.
      const restore = await newPage();
      const again = await staffApi(restore.context.request, 'admin@kindling.test');
      const token = (await restore.context.storageState()).cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
      await again.put(url, { data: { permissions: { permissions: before } }, headers: { 'x-csrf-token': token } });
    }
  }, 300_000);
  // g23: Gift Aid claims (docs/product/reports.md#gift-aid-claims), kept in its own block.
  it('finance prepares a Gift Aid claim for last year and downloads the schedule (375 and 1280 px)', async () => {
    const { page } = await newPage({ width: 375, height: 740 });
    await fs.mkdir(SHOTS, { recursive: true });
    await signIn(page, 'finance@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.goto('/dashboard/reports');
    await page.getByRole('link', { name: /Gift Aid claims/ }).click();
    await page.waitForURL('**/dashboard/reports/gift-aid');
    const summary = page.getByText(/gifts can be claimed:/);
    await summary.waitFor({ timeout: 90_000 });
    // The demo: a refunded gift and the first quarter's claim are left out, with their reasons.
    const reasons = page.getByRole('list', { name: 'Gifts left out, by reason' });
    await reasons.getByText(/^Refunded: \d+$/).waitFor({ timeout: 60_000 });
    await reasons.getByText(/^Already claimed: \d+$/).waitFor({ timeout: 60_000 });
    await page.getByRole('table', { name: 'Gifts left out of the claim, newest first' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/gift-aid-375.png`, fullPage: true });

    const mark = page.getByRole('button', { name: /^Mark \d+ gifts as claimed$/ });
    await mark.click();
    const prepared = page.getByRole('status').filter({ hasText: 'prepared' });
    await prepared.waitFor({ timeout: 60_000 });
    const reference = /Claim (\S+) prepared/.exec(await prepared.innerText())?.[1] ?? '';
    expect(reference).toMatch(/^GA-\d{4}-\d{3}$/);
    await expect.poll(() => summary.innerText(), { timeout: 60_000 }).toMatch(/^0 gifts can be claimed/);

    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: `Schedule of ${reference} (XLSX)` }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toBe(`gift-aid-schedule-${reference}.xlsx`);
    expect((await fs.readFile((await xlsx.path()) ?? '')).subarray(0, 2).toString('latin1')).toBe('PK');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await page.getByRole('link', { name: `Schedule of ${reference} (CSV)` }).waitFor({ timeout: 90_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/gift-aid-1280.png`, fullPage: true });
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: `Schedule of ${reference} (CSV)` }).click();
    const csv = (await fs.readFile((await (await csvDownload).path()) ?? '')).toString('utf8');
    expect(csv.split('\n')[0]).toBe(
      'Item,Title,First name or initial,Last name,House name or number,Postcode,Aggregated donations,Sponsored event,Donation date,Amount',
    );
    expect(csv).not.toContain('Grant');
  }, 300_000);
});
