import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { payWithSandboxCard } from '../support/donation-form.ts';
import { mailsTo } from '../support/mail-outbox.ts';

const SHOTS = '/tmp/shots';

/** The /pay/{id} path in the request e-mail about `purpose` to `to`, once it is in the outbox. */
async function payLinkFor(to: string, purpose: string): Promise<string> {
  for (let i = 0; i < 80; i++) {
    for (const mail of await mailsTo(to)) {
      if (!mail.includes(purpose)) continue;
      const found = /https?:\/\/[^\s"'<>)]+(\/pay\/[A-Za-z0-9_-]+)/.exec(mail);
      if (found?.[1]) return found[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no payment request e-mail to ${to}`);
}

// Adds a paid payment request and its gift to Spring Appeal each run, for a payer of its own: the
// demo's requests, their counts and totals, which other specs do not read, are left as they are.
describe('payment links', () => {
  const { newPage } = useBrowser();

  for (const width of [375, 1280]) {
    it(`staff e-mail a request, the payer pays it with the sandbox card, and it shows paid (${width} px)`, async () => {
      await fs.mkdir(SHOTS, { recursive: true });
      const size = { width, height: width < 768 ? 740 : 900 };
      const stamp = `${width}-${Date.now()}`;
      const email = `pledger.${stamp}@example.org`;
      const purpose = `Pledge payment ${stamp}`;

      const staff = (await newPage(size)).page;
      await signIn(staff, 'admin@kindling.test');
      await staff.waitForURL('**/dashboard/home');
      await staff.goto('/dashboard/payment-request-new');
      await staff.getByRole('heading', { name: 'New payment request' }).waitFor({ timeout: 15_000 });
      await staff.locator('label', { hasText: /^New donor$/ }).click();
      await staff.getByLabel(/^First name/).fill('Pat');
      await staff.getByLabel(/^Last name/).fill(`Pledger${width}`);
      await staff.getByRole('textbox', { name: 'E-mail' }).fill(email);
      await staff.getByLabel(/^Purpose/).fill(purpose);
      await staff.getByRole('textbox', { name: /^Amount/ }).fill('120');
      await staff
        .getByLabel(/^Campaign the money counts to/)
        .first()
        .click();
      await staff.getByRole('option', { name: 'Spring Appeal' }).click();
      expect(await staff.getByRole('checkbox', { name: 'E-mail the request to the payer now' }).isChecked()).toBe(true);
      expect(await seriousViolations(staff)).toEqual([]);
      await staff.screenshot({ path: `${SHOTS}/payment-request-new-${width}.png`, fullPage: true });
      await staff.getByRole('button', { name: 'Create request' }).click();
      await staff.getByRole('heading', { name: purpose }).waitFor({ timeout: 15_000 });
      const emails = staff.getByRole('region', { name: 'E-mails' });
      await emails.getByRole('cell', { name: 'Request', exact: true }).waitFor();
      await emails.getByRole('cell', { name: email }).waitFor();
      expect(await seriousViolations(staff)).toEqual([]);
      await staff.screenshot({ path: `${SHOTS}/payment-request-sent-${width}.png`, fullPage: true });

      const payPath = await payLinkFor(email, purpose);
      const payer = (await newPage(size)).page;
      await payer.goto(payPath);
      await payer.getByRole('heading', { level: 1, name: purpose }).waitFor({ timeout: 15_000 });
      await payer.getByText('Amount to pay:').waitFor();
      const overflow = await payer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousViolations(payer)).toEqual([]);
      await payer.screenshot({ path: `${SHOTS}/pay-page-${width}.png`, fullPage: true });
      await payer.getByRole('button', { name: 'Continue to payment' }).click();
      await payer.getByRole('tab', { name: 'Card/Direct Debit' }).click();
      // The payer's details come prefilled from the request.
      await expect.poll(() => payer.getByLabel(/^Email/).inputValue()).toBe(email);
      await payer.getByRole('button', { name: 'Next', exact: true }).click();
      await payer.getByLabel('Card number').waitFor();
      expect(await seriousViolations(payer)).toEqual([]);
      await payWithSandboxCard(payer, '4242 4242 4242 4242');
      await payer.getByRole('heading', { name: 'Thank you! Your payment is received.' }).waitFor({ timeout: 20_000 });
      expect(await seriousViolations(payer)).toEqual([]);
      await payer.screenshot({ path: `${SHOTS}/pay-page-thanks-${width}.png`, fullPage: true });

      // Staff see it paid, with the gift's receipt.
      await expect
        .poll(
          async () => {
            await staff.reload();
            await staff.getByRole('heading', { name: purpose }).waitFor();
            return staff.locator('.mantine-Badge-root', { hasText: /^Paid$/ }).isVisible();
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      const payments = staff.getByRole('region', { name: 'Payments' });
      await payments.getByRole('cell', { name: /^\d+-\d+$/ }).waitFor();
      await payments.getByRole('cell', { name: '$120.00' }).waitFor();
      await staff
        .getByRole('region', { name: 'E-mails' })
        .getByRole('link', { name: /statement/ })
        .waitFor();
      expect(await seriousViolations(staff)).toEqual([]);
      await staff.screenshot({ path: `${SHOTS}/payment-request-paid-${width}.png`, fullPage: true });
    }, 180_000);
  }
});
