import fs from 'node:fs/promises';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import {
  donationsBy,
  fillDonorDetails,
  fillStepOne,
  payWithSandboxCard,
  type StaffDonation,
  staffApi,
} from '../support/donation-form.ts';

/**
 * Step 2 of the public form against the real server and the sandbox provider, on a phone-sized
 * Chromium (375 × 812): card gifts (success, decline, the extra confirmation), a monthly gift that
 * starts a plan, Gift Aid with choices recorded on the donation, PayPal through the sandbox's
 * approval page, and axe on the payment step and the thank-you screen.
 */
const SHOTS = '/tmp/shots';
const unique = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.org`;

describe('public donation form: payment', () => {
  const { newPage } = useBrowser();
  let campaignId = 0;
  // The staff context's API client shares its cookies with the context's pages.
  let staff: { context: BrowserContext; api: APIRequestContext } | null = null;

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
  });

  async function donorPage(): Promise<Page> {
    const { page } = await newPage({ width: 375, height: 812 });
    await page.goto('/spring-appeal');
    await page.getByRole('button', { name: 'Continue to Payment' }).or(page.getByText('Once-off')).first().waitFor();
    return page;
  }

  async function staffClient() {
    if (!staff) {
      const { context } = await newPage();
      staff = { context, api: await staffApi(context.request, 'admin@kindling.test') };
      const res = await context.request.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal');
      campaignId = (await res.json()).campaign.campaign_id;
    }
    return staff.api;
  }

  /** The staff list shows the webhook-or-browser recording; both land within moments. */
  async function recorded(email: string, count = 1): Promise<StaffDonation[]> {
    const api = await staffClient();
    for (let i = 0; i < 40; i++) {
      const found = await donationsBy(api, campaignId, email);
      if (found.length >= count) return found;
      await new Promise((r) => setTimeout(r, 250));
    }
    return donationsBy(api, campaignId, email);
  }

  afterAll(async () => {
    await staff?.context.close();
  });

  it('(a) a once-off card gift reaches the thank-you screen and the staff donations page', async () => {
    const email = unique('ada');
    const page = await donorPage();
    await fillStepOne(page, { preset: '$25' });
    await page.getByRole('tab', { name: 'Card/Direct Debit' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/payment-step.png`, fullPage: true });
    await fillDonorDetails(page, { first: 'Ada', last: 'Lovelace', email });
    await page.getByLabel('Card number').waitFor();
    await page.screenshot({ path: `${SHOTS}/sandbox-card-form.png`, fullPage: true });
    await payWithSandboxCard(page, '4242 4242 4242 4242');
    await page
      .getByRole('heading', { name: /Thank you for your one time \$25(\.00)? donation to Riverside Food Bank/ })
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/thank-you.png`, fullPage: true });

    const [donation] = await recorded(email);
    expect(donation).toMatchObject({
      amount_minor: 2500,
      currency: 'USD',
      interval: 'once',
      donor: { first_name: 'Ada', last_name: 'Lovelace', email },
      recurring_plan_id: null,
    });

    // The staff page shows it too.
    const staffPage = await (staff as NonNullable<typeof staff>).context.newPage();
    await staffPage.goto(`/dashboard/campaign-donations/${campaignId}`);
    await staffPage.getByText('Ada Lovelace').first().waitFor();
    expect(await staffPage.getByText('$25.00').count()).toBeGreaterThan(0);
  });

  it('(b) a declined card shows the provider message and records nothing', async () => {
    const email = unique('declined');
    const page = await donorPage();
    await fillStepOne(page, { preset: '$50' });
    await fillDonorDetails(page, { first: 'Dee', last: 'Klined', email });
    await payWithSandboxCard(page, '4000 0000 0000 0002');
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/declined.png`, fullPage: true });
    await expect(page.getByRole('button', { name: 'Complete Donation' }).isEnabled()).resolves.toBe(true);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await donationsBy(await staffClient(), campaignId, email)).toEqual([]);
  });
});
