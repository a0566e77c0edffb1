import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { giveTwentyFiveToSpringAppeal, springAppealGiftId, staffApi } from '../support/donation-form.ts';

/**
 * Staff on a phone (375 px) open a gift paid through the sandbox and refund it in full: the refund
 * goes through the sandbox provider, the page then shows the donation refunded, and the
 * transactions list shows the refund beside the payment.
 */
const SHOTS = '/tmp/shots';
const email = `refund.${Date.now()}@example.org`;

describe('refunding a donation', () => {
  const { newPage } = useBrowser();

  it('lets staff open a donation on a phone, refund it and see it refunded', async () => {
    await fs.mkdir(SHOTS, { recursive: true });
    // A donor gives $25 with the sandbox's good card through the public form.
    const donor = (await newPage({ width: 375, height: 812 })).page;
    await giveTwentyFiveToSpringAppeal(donor, { first: 'Rae', last: 'Fund', email }, '4242 4242 4242 4242');

    const { page, context } = await newPage({ width: 375, height: 812 });
    const api = await staffApi(context.request, 'admin@kindling.test');
    const id = await springAppealGiftId(api, email);

    await signIn(page, 'admin@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.goto(`/dashboard/donation/${id}`);
    await page.getByRole('heading', { name: '$25.00 USD from Rae Fund' }).waitFor();
    expect(await page.getByText('Succeeded', { exact: true }).count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/donation-detail-375.png`, fullPage: true });

    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund donation' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText(`goes back to ${email}`).waitFor();
    await page.screenshot({ path: `${SHOTS}/donation-refund-confirm-375.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Refund $25.00' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByText('Refunded', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    await page.getByText('Refunded in full: $25.00 USD').waitFor();
    await page.screenshot({ path: `${SHOTS}/donation-refunded-375.png`, fullPage: true });

    // The server agrees, and the transactions list shows the refund beside the payment.
    const detail = await (await api.get(`/api/v1/npo_admin/donations/${id}`)).json();
    expect(detail.donation).toMatchObject({ status: 'refunded', refunded_minor: 2500, refundable_minor: 0 });
    await page.goto(`/dashboard/transactions?search=${encodeURIComponent(email)}`);
    const list = page.getByRole('list', { name: 'Transactions' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    expect(await list.innerText()).toContain('-$25.00 USD');
    await page.screenshot({ path: `${SHOTS}/transactions-375.png`, fullPage: true });
  });

  it('lets an admin on a wide screen record an offline cheque that opens as a donation', async () => {
    const { page } = await newPage({ width: 1280, height: 900 });
    await signIn(page, 'finance@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.goto('/dashboard/donation-new');
    await page.getByText('New donor', { exact: true }).first().click();
    await page.getByLabel(/^First name/).fill('Chequer');
    await page.getByLabel(/^Last name/).fill('Offline');
    await page.getByLabel(/^E-mail/).fill(`cheque.${Date.now()}@example.org`);
    await page.getByRole('combobox', { name: /^Campaign/ }).click();
    await page.getByRole('option', { name: 'Spring Appeal' }).click();
    await page.getByRole('combobox', { name: /^Currency/ }).click();
    await page.getByRole('option', { name: /^USD/ }).click();
    await page.getByLabel(/^Amount/).fill('75');
    await page.getByLabel(/^Note/).fill('Cheque no. 004512');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/donation-new-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Record donation' }).click();
    await page.waitForURL(/\/dashboard\/donation\/\d+$/);
    await page.getByRole('heading', { name: '$75.00 USD from Chequer Offline' }).waitFor();
    await page.getByText('Cheque no. 004512').waitFor();
    expect(await page.getByText('Finn Finance').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/donation-offline-1280.png`, fullPage: true });

    await page.goto('/dashboard/transactions?status=failed');
    const table = page.getByRole('table', { name: 'Transactions' });
    await table.getByText('Your card has insufficient funds.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/transactions-failed-1280.png`, fullPage: true });
  });
});
