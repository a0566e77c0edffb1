import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { fillDonorDetails, fillStepOne, payWithSandboxCard } from '../support/donation-form.ts';
import { portalLinkFor } from '../support/mail-outbox.ts';

/**
 * A new card from the donor portal with the sandbox card form: a donor's monthly gift, the portal
 * opened from the receipt e-mail in the outbox, the card replaced with one the bank asks to
 * confirm (the sandbox's 3-D Secure step) that expires next month; the plan then shows the new
 * card's last four and "Card expires soon", in the portal and on the staff plan page.
 */
const SHOTS = '/tmp/shots';
const email = `card.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.org`;
const next = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1));
const expiry = { mm: String(next.getUTCMonth() + 1).padStart(2, '0'), yyyy: String(next.getUTCFullYear()) };

async function shoot(page: Page, name: string, width: number) {
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('a new card from the donor portal', () => {
  const { newPage } = useBrowser();

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
  });

  it('replaces the card after the bank’s confirmation and shows the new last four', async () => {
    const { page: donor } = await newPage({ width: 375, height: 812 });
    await donor.goto('/spring-appeal');
    await donor.getByRole('group', { name: 'How often' }).waitFor({ timeout: 15_000 });
    await fillStepOne(donor, { interval: 'Monthly', preset: '$10' });
    await fillDonorDetails(donor, { first: 'Cora', last: 'Card', email });
    await payWithSandboxCard(donor, '4242 4242 4242 4242');
    await donor.getByRole('heading', { name: /Thank you for your monthly/ }).waitFor();

    // A fresh phone browser opens the link from the receipt e-mail.
    const link = await portalLinkFor(email);
    const { page } = await newPage({ width: 375, height: 812 });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Hello Cora' }).waitFor({ timeout: 15_000 });
    const plans = page.getByRole('list', { name: 'Recurring donations' });
    await plans.getByText(/Card ending 4242, expires 12\/2034/).waitFor();
    await plans.getByRole('link', { name: 'Change $10.00 monthly' }).click();
    await page.waitForURL(/\/portal\?plan=\d+/);
    const planId = Number(new URL(page.url()).searchParams.get('plan'));

    await page.getByRole('button', { name: 'Use a new card' }).click();
    const form = page.getByRole('form', { name: 'New card' });
    await form.getByLabel('Card number').fill('4000 0025 0000 3155');
    await form.getByLabel('Expiry (MM/YY)').fill(`${expiry.mm}/${expiry.yyyy.slice(2)}`);
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('button', { name: 'Save card' }).click();
    // The sandbox's 3-D Secure step: the donor confirms with the bank.
    const bank = page.getByRole('dialog', { name: 'Confirm this card' });
    await bank.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The new card is saved.').waitFor();
    await page
      .getByText(`Charged to: Card ending 3155, expires ${expiry.mm}/${expiry.yyyy}.`)
      .waitFor({ timeout: 10_000 })
      .catch(async (error) => {
        await page.screenshot({ path: `${SHOTS}/portal-card-failed-375.png`, fullPage: true });
        throw new Error(`${error}\n${await page.locator('main').innerText()}`);
      });
    await page.getByText('Card expires soon').first().waitFor();
    await shoot(page, 'portal-card-375', 375);

    // Stored on the server: the plan list read afresh shows the new card.
    await page.goto('/portal');
    const reloaded = page.getByRole('list', { name: 'Recurring donations' });
    await reloaded.getByText(new RegExp(`Card ending 3155, expires ${expiry.mm}/${expiry.yyyy}`)).waitFor();
    expect(await reloaded.getByText(/ending 4242/).count()).toBe(0);
    await reloaded.getByText('Card expires soon').waitFor();

    // The same plan at desktop width, and as staff see it.
    const { page: wide } = await newPage();
    await wide.goto(link);
    await wide.getByRole('heading', { name: 'Hello Cora' }).waitFor({ timeout: 15_000 });
    await wide.goto(`/portal?plan=${planId}&edit=1`);
    await wide.getByText(/Charged to: Card ending 3155/).waitFor();
    await shoot(wide, 'portal-card-1280', 1280);

    for (const width of [375, 1280]) {
      const { page: staff } = await newPage({ width, height: 900 });
      await signIn(staff, 'admin@kindling.test');
      await staff.waitForURL(/\/dashboard\//);
      await staff.goto(`/dashboard/recurring-plan/${planId}`);
      const method = staff.getByText('Payment method', { exact: true }).locator('..');
      await method.getByText(/3155/).waitFor({ timeout: 15_000 });
      expect(await method.textContent()).toContain(`Expires ${expiry.mm}/${expiry.yyyy}`);
      await method.getByText('Card expires soon').waitFor();
      await shoot(staff, 'recurring-plan-card', width);
    }
  });
});
