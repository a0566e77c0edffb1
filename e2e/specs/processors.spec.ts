import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

describe('/admin/processors in the sandbox', () => {
  const { newPage } = useBrowser();

  it('connects Stripe through the sandbox consent page, saves PayPal, and disconnects again', async () => {
    await fs.mkdir(SHOTS, { recursive: true });
    const { page, context } = await newPage();
    await signIn(page, 'admin@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.goto('/admin/processors');
    const stripe = page.getByRole('region', { name: 'Card payments (Stripe)' });
    await stripe.getByText('Sandbox (test mode)').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/processors-1280-sandbox.png`, fullPage: true });

    // The round trip: our server's state, the sandbox's consent page, and back with ?connected=stripe.
    await stripe.getByRole('button', { name: 'Connect with Stripe' }).click();
    await page.waitForURL('**/sandbox/stripe/oauth/authorize?**');
    await page.getByLabel('Account e-mail').fill('owner@riverside.example');
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/processors');
    await page.getByText('Stripe is connected.').waitFor();
    await stripe.getByText('Connected account').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await stripe.getByText(/^acct_…\w{4}$/).isVisible()).toBe(true);

    const paypal = page.getByRole('region', { name: 'PayPal' });
    await paypal.getByLabel(/PayPal merchant id/).fill('7x2kq3plm9abc');
    await paypal.getByLabel(/PayPal account e-mail/).fill('giving@riverside.example');
    await paypal.getByRole('button', { name: 'Save' }).click();
    await page.getByText('PayPal details saved.').waitFor();
    expect(await paypal.getByLabel(/PayPal merchant id/).inputValue()).toBe('7X2KQ3PLM9ABC');
    await page.screenshot({ path: `${SHOTS}/processors-1280-connected.png`, fullPage: true });

    await stripe.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect Stripe?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Stripe is disconnected.').waitFor();
    await stripe.getByRole('button', { name: 'Connect with Stripe' }).waitFor();
    await paypal.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove PayPal?' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByText('PayPal details removed.').waitFor();
    await context.close();
  });

  it('fits a 375 px phone, and shows a refused return from Stripe', async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    await signIn(page, 'finance@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.goto('/admin/processors?error=state_mismatch');
    await page
      .getByText('This Stripe connection link is not valid for your session', { exact: false })
      .first()
      .waitFor();
    await page.getByRole('region', { name: 'PayPal' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/processors-375-error.png`, fullPage: true });
    await page
      .getByRole('region', { name: 'Card payments (Stripe)' })
      .getByRole('button', { name: 'Use an existing account id' })
      .click();
    await page.getByLabel(/Stripe account id/).fill('acc_nope');
    await page.getByRole('button', { name: 'Connect account' }).click();
    await page.getByText('Enter a Stripe account id that starts with acct_', { exact: false }).waitFor();
    await page.screenshot({ path: `${SHOTS}/processors-375-account-id.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('reads well in dark mode', async () => {
    const { page, context } = await newPage({ colorScheme: 'dark' });
    await signIn(page, 'manager@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.goto('/admin/processors?error=access_denied');
    await page.getByRole('region', { name: 'PayPal' }).getByText('Sandbox (test mode)').waitFor();
    await page.getByRole('region', { name: 'PayPal' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('A PayPal merchant id is 13 capital letters', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/processors-1280-dark.png`, fullPage: true });
    await context.close();
  });
});
