import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { giveTwentyFiveToSpringAppeal, springAppealGiftId, staffApi } from '../support/donation-form.ts';

/**
 * A donor pays with the sandbox's card whose refunds fail later (4000 0000 0000 5126, as in
 * Stripe's test mode). Staff refund it; the sandbox then reports the refund as failed through its
 * signed webhook, and the page shows the gift as succeeded again with the refund marked failed.
 */
const SHOTS = '/tmp/shots';
const email = `refund.failed.${Date.now()}@example.org`;

describe('a refund that fails at the provider', () => {
  const { newPage } = useBrowser();

  it('shows staff the failed refund and the gift counted again, on a phone and a wide screen', async () => {
    await fs.mkdir(SHOTS, { recursive: true });
    const donor = (await newPage({ width: 375, height: 812 })).page;
    await giveTwentyFiveToSpringAppeal(donor, { first: 'Fay', last: 'Leddy', email }, '4000 0000 0000 5126');

    const { page, context } = await newPage({ width: 375, height: 812 });
    const api = await staffApi(context.request, 'admin@kindling.test');
    const id = await springAppealGiftId(api, email);

    await signIn(page, 'admin@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.goto(`/dashboard/donation/${id}`);
    await page.getByRole('heading', { name: '$25.00 USD from Fay Leddy' }).waitFor();
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund donation' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Refund $25.00' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The failure arrives by webhook after the refund's answer: the server reverses the refund.
    await expect
      .poll(async () => (await (await api.get(`/api/v1/npo_admin/donations/${id}`)).json()).donation.refunds[0]?.status)
      .toBe('failed');
    const detail = (await (await api.get(`/api/v1/npo_admin/donations/${id}`)).json()).donation;
    expect(detail).toMatchObject({ status: 'succeeded', refunded_minor: 0, refundable_minor: 2500 });

    await page.reload();
    const refunds = page.getByRole('region', { name: 'Refunds' });
    await refunds.getByText('Refund failed (expired or canceled card): the money was not returned').waitFor();
    expect(await page.getByRole('button', { name: 'Refund' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/donation-refund-failed-375.png`, fullPage: true });

    const wide = (await newPage({ width: 1280, height: 900 })).page;
    await signIn(wide, 'admin@kindling.test');
    await wide.waitForURL('**/dashboard/home');
    await wide.goto(`/dashboard/donation/${id}`);
    await wide
      .getByRole('region', { name: 'Refunds' })
      .getByText(/^Refund failed/)
      .waitFor();
    expect(await seriousViolations(wide)).toEqual([]);
    await wide.screenshot({ path: `${SHOTS}/donation-refund-failed-1280.png`, fullPage: true });
  });
});
