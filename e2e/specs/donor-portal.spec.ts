import fs from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { fillDonorDetails, fillStepOne, payWithSandboxCard } from '../support/donation-form.ts';
import { mailsTo } from '../support/mail-outbox.ts';

/**
 * Donor self-service on a phone (375 × 812): a donor starts a monthly gift, opens the portal link
 * from the receipt e-mail in the mail outbox (no sign-in), and changes the plan's amount, which a
 * reload then shows from the server.
 */
const SHOTS = '/tmp/shots';
const email = `portal.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.org`;

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 120; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('donor portal from the receipt e-mail', () => {
  const { newPage } = useBrowser();

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
  });

  it('opens without a sign-in and changes the monthly amount', async () => {
    const { page: donor } = await newPage({ width: 375, height: 812 });
    await donor.goto('/spring-appeal');
    await donor.getByRole('group', { name: 'How often' }).waitFor({ timeout: 15_000 });
    await fillStepOne(donor, { interval: 'Monthly', preset: '$10' });
    await fillDonorDetails(donor, { first: 'Portia', last: 'Portal', email });
    await payWithSandboxCard(donor, '4242 4242 4242 4242');
    await donor
      .getByRole('heading', { name: /Thank you for your monthly/ })
      .waitFor()
      .catch(async (error) => {
        await donor.screenshot({ path: `${SHOTS}/portal-gift-failed-375.png`, fullPage: true });
        throw error;
      });

    // The receipt in the outbox carries the donor's signed portal link.
    const mails = await waitFor(
      () => mailsTo(email),
      (found) => found.some((m) => /\/portal\/p1\.[A-Za-z0-9._-]+/.test(m)),
      'the receipt e-mail with a portal link',
    );
    const link = mails.map((m) => /https?:\/\/[^\s"'<>)]+(\/portal\/p1\.[A-Za-z0-9._-]+)/.exec(m)).find(Boolean);
    expect(link?.[1]).toBeTruthy();

    // A fresh browser on a phone: no session, no cookies.
    const { page } = await newPage({ width: 375, height: 812 });
    await page.goto(link?.[1] ?? '/portal');
    await page
      .getByRole('heading', { name: 'Hello Portia' })
      .waitFor({ timeout: 15_000 })
      .catch(async (error) => {
        await page.screenshot({ path: `${SHOTS}/portal-open-failed-375.png`, fullPage: true });
        throw new Error(`${error} at ${page.url()} from ${link?.[0]}`);
      });
    await page.waitForURL(/\/portal$/);
    const plans = page.getByRole('list', { name: 'Recurring donations' });
    await plans.getByText('$10.00 monthly').waitFor();
    await page
      .getByRole('link', { name: /Receipt/ })
      .first()
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/portal-375.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await plans.getByRole('link', { name: 'Change $10.00 monthly' }).click();
    const amount = page.getByLabel('Amount (USD)');
    await amount.fill('15');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your recurring donation was updated.').waitFor();
    await page.getByText('$15.00 monthly').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/portal-plan-375.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Stored on the server: a reload (the portal cookie, no token any more) shows the new amount.
    await page.goto('/portal');
    await page
      .getByRole('list', { name: 'Recurring donations' })
      .getByText('$15.00 monthly')
      .waitFor()
      .catch(async (error) => {
        await page.screenshot({ path: `${SHOTS}/portal-reload-failed-375.png`, fullPage: true });
        throw error;
      });

    // The same portal at desktop width, for the screenshot.
    const { page: wide } = await newPage();
    await wide.goto(link?.[1] ?? '/portal');
    await wide.getByRole('heading', { name: 'Hello Portia' }).waitFor({ timeout: 15_000 });
    await wide.getByRole('list', { name: 'Recurring donations' }).getByText('$15.00 monthly').waitFor();
    await wide.screenshot({ path: `${SHOTS}/portal-1280.png`, fullPage: true });
  });

  it('shows the signed-in donor (role 1123) the same gifts and plans on /my-donations and /recurring-donations', async () => {
    // The seeded peer fundraiser gives under their account's e-mail.
    const { page: donor } = await newPage({ width: 375, height: 812 });
    await donor.goto('/spring-appeal');
    await donor.getByRole('group', { name: 'How often' }).waitFor({ timeout: 15_000 });
    await fillStepOne(donor, { interval: 'Monthly', preset: '$10' });
    await fillDonorDetails(donor, { first: 'Fern', last: 'Raiser', email: 'fundraiser@kindling.test' });
    await payWithSandboxCard(donor, '4242 4242 4242 4242');
    await donor.getByRole('heading', { name: /Thank you for your monthly/ }).waitFor();

    for (const width of [375, 1280]) {
      const { page } = await newPage({ width, height: 812 });
      await signIn(page, 'fundraiser@kindling.test');
      await page.waitForURL(/\/peer-dashboard/);
      await page.goto('/recurring-donations');
      const plans = page.getByRole('list', { name: 'Recurring donations' });
      await plans.getByText('$10.00 monthly').first().waitFor({ timeout: 15_000 });
      await page.screenshot({ path: `${SHOTS}/recurring-donations-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.goto('/my-donations');
      await page.getByRole('list', { name: 'Past donations' }).getByText('$10.00').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/my-donations-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
