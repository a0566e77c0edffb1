import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { fillDonorDetails, fillStepOne, springAppealGiftId, staffApi } from '../support/donation-form.ts';

/**
 * Wallets and bank debits through the sandbox on the demo's Spring Appeal (decision 038): a donor
 * pays with the sandbox wallet button and sees the thank-you; another starts an ACH debit that is
 * shown as processing, and staff make "days later" happen now: the bank refuses it and the gift
 * reads failed. On a phone and a wide screen, with axe.
 */
const SHOTS = '/tmp/shots';

describe('wallet and bank debit through the sandbox', () => {
  const { newPage } = useBrowser();

  for (const width of [375, 1280]) {
    it(`pays with the sandbox wallet button at ${width} px`, async () => {
      await fs.mkdir(SHOTS, { recursive: true });
      const { page } = await newPage({ width, height: 900 });
      await page.goto('/spring-appeal');
      await page.getByRole('group', { name: 'How often' }).waitFor({ timeout: 15_000 });
      await fillStepOne(page, { preset: '$25' });
      await fillDonorDetails(page, { first: 'Walt', last: 'Lett', email: `wallet.${width}.${Date.now()}@example.org` });
      const wallet = page.getByRole('button', { name: /^Pay with Sandbox Pay/ });
      await wallet.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/donation-wallet-${width}.png`, fullPage: true });
      await wallet.click();
      await page.getByRole('heading', { name: /Thank you for your one time \$25/ }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  it('shows an ACH debit as processing, then failed once staff settle it days later', async () => {
    const email = `debit.${Date.now()}@example.org`;
    const { page } = await newPage({ width: 375, height: 900 });
    await page.goto('/spring-appeal');
    await page.getByRole('group', { name: 'How often' }).waitFor({ timeout: 15_000 });
    await fillStepOne(page, { preset: '$25' });
    await fillDonorDetails(page, { first: 'Deb', last: 'Itt', email });
    await page.getByRole('radio', { name: 'Bank account (ACH)' }).check();
    await page.getByLabel('Routing number').fill('110000000');
    await page.getByLabel('Account number').fill('000111111113');
    await page.getByRole('checkbox', { name: /I authorise .* to debit this account once/ }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/donation-debit-375.png`, fullPage: true });
    await page.getByRole('button', { name: 'Complete Donation' }).click();
    await page.getByText('Your bank is still confirming the payment.', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/donation-debit-processing-375.png`, fullPage: true });

    const { page: staff, context } = await newPage({ width: 1280, height: 900 });
    const id = await springAppealGiftId(await staffApi(context.request, 'admin@kindling.test'), email);
    await signIn(staff, 'admin@kindling.test');
    await staff.waitForURL('**/dashboard/home');
    await staff.goto(`/dashboard/donation/${id}`);
    const settle = staff.getByRole('button', { name: 'Sandbox: settle this debit now' });
    await settle.waitFor();
    expect(await seriousViolations(staff)).toEqual([]);
    await settle.click();
    await staff.getByText('The bank refused the debit: the gift failed.').waitFor();
    await staff.getByText('Failed', { exact: true }).first().waitFor();
    expect(await settle.count()).toBe(0);
    await staff.screenshot({ path: `${SHOTS}/donation-debit-failed-1280.png`, fullPage: true });
    // Two browsers and a staff sign-in on a shared machine: more than the default minute.
  }, 180_000);
});
