import fs from 'node:fs/promises';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import {
  donationsBy,
  fillDonorDetails,
  fillStepOne,
  newestDonations,
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
    try {
      await page.getByRole('group', { name: 'How often' }).waitFor({ timeout: 15_000 });
    } catch (error) {
      await page.screenshot({ path: `${SHOTS}/donor-page-failed.png`, fullPage: true });
      console.error(page.url(), await page.locator('body').innerText());
      throw error;
    }
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

  it('(c) a card that asks for an extra confirmation succeeds once the donor confirms', async () => {
    const email = unique('confirm');
    const page = await donorPage();
    await fillStepOne(page, { preset: '$100' });
    await fillDonorDetails(page, { first: 'Con', last: 'Firm', email });
    await payWithSandboxCard(page, '4000 0025 0000 3155');
    const dialog = page.getByRole('dialog', { name: 'Confirm this payment' });
    await dialog.waitFor();
    await page.screenshot({ path: `${SHOTS}/extra-confirmation.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: /Thank you for your one time \$100(\.00)? donation/ }).waitFor();
    const [donation] = await recorded(email);
    expect(donation).toMatchObject({ amount_minor: 10000, currency: 'USD', donor: { first_name: 'Con' } });
  });

  it('(d) a monthly card gift starts a recurring plan', async () => {
    const email = unique('monthly');
    const page = await donorPage();
    await fillStepOne(page, { interval: 'Monthly', preset: '$10' });
    await fillDonorDetails(page, { first: 'Mona', last: 'Thly', email });
    await payWithSandboxCard(page, '4242 4242 4242 4242');
    await page.getByRole('heading', { name: /Thank you for your monthly \$10(\.00)? donation/ }).waitFor();
    const [donation] = await recorded(email);
    expect(donation).toMatchObject({ amount_minor: 1000, interval: 'monthly' });
    expect(donation?.recurring_plan_id).toEqual(expect.any(Number));
  });

  it('(e) Gift Aid (GBP, home address), designation, answers and donor wall choices are recorded', async () => {
    const email = unique('giftaid');
    const page = await donorPage();
    await fillStepOne(page, {
      custom: { currency: 'GBP', amount: '20' },
      giftAid: true,
      designation: 'Family hampers',
      comment: 'For the hampers',
      wall: { firstNameOnly: true, showAmount: true },
      heardFrom: 'Local news',
    });
    await page.getByRole('tab', { name: 'Card/Direct Debit' }).click();
    // Gift Aid needs the home address: 'Next' refuses without it.
    await page.getByLabel(/^First Name/).fill('Gil');
    await page.getByLabel(/^Last Name/).fill('Aidan');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Gift Aid needs your home address').waitFor();
    await page.screenshot({ path: `${SHOTS}/gift-aid-details.png`, fullPage: true });
    await fillDonorDetails(page, { first: 'Gil', last: 'Aidan', email, address: '1 High Street', postcode: 's19 2bd' });
    await payWithSandboxCard(page, '4242 4242 4242 4242');
    await page.getByRole('heading', { name: /Thank you for your one time £20(\.00)? donation/ }).waitFor();

    const [donation] = await recorded(email);
    expect(donation).toMatchObject({
      amount_minor: 2000,
      currency: 'GBP',
      gift_aid: true,
      designation: 'Family hampers',
      comment: 'For the hampers',
      add_to_donor_wall: true,
      first_name_only_to_donor_wall: true,
      show_amount_on_donor_wall: true,
      show_comment_on_donor_wall: false,
    });
    expect(donation?.gift_aid_declaration).toMatchObject({ address: expect.stringContaining('1 High Street') });
    expect(donation?.gift_aid_declaration?.postcode.replace(/\s/g, '').toUpperCase()).toBe('S192BD');
    expect(donation?.answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ question: expect.stringMatching(/How did you hear/), answer: 'Local news' }),
      ]),
    );
  });

  it('(f) a once-off PayPal gift completes through the sandbox approval page', async () => {
    const page = await donorPage();
    await fillStepOne(page, {
      custom: { currency: 'USD', amount: '37.45' },
      designation: 'Fresh produce',
      wall: { showAmount: true },
      heardFrom: 'At the food bank',
    });
    // Card is the default tab: the demo campaign has no PayPal merchant id and e-mail of its own
    // (docs/product/donation-form.md#step-2-payment).
    await page.getByRole('tab', { name: 'PayPal' }).click();
    await page.getByRole('tab', { name: 'PayPal', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.getByRole('heading', { name: /Thank you for your one time \$37\.45 donation/ }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    // A reload does not capture or record the order again.
    await page.reload();
    await page.getByRole('group', { name: 'How often' }).waitFor();
    const gifts = (await newestDonations(await staffClient(), campaignId)).filter((d) => d.amount_minor === 3745);
    expect(gifts).toHaveLength(1);
    // The choices made before leaving for PayPal were kept in this browser and sent with the capture.
    expect(gifts[0]).toMatchObject({
      currency: 'USD',
      interval: 'once',
      payment_method: 'paypal',
      designation: 'Fresh produce',
      add_to_donor_wall: true,
      show_amount_on_donor_wall: true,
    });
    expect(gifts[0]?.answers.map((a) => a.answer)).toContain('At the food bank');
  });

  it('(f2) a monthly PayPal gift saves PayPal through the approval page and starts a plan', async () => {
    const page = await donorPage();
    await fillStepOne(page, { interval: 'Monthly', custom: { currency: 'USD', amount: '13.57' } });
    await page.getByRole('tab', { name: 'PayPal' }).click();
    await page.getByRole('button', { name: 'Continue with PayPal' }).click();
    await page.getByRole('button', { name: 'Agree and continue' }).click();
    await page.getByRole('heading', { name: /Thank you for your monthly \$13\.57 donation/ }).waitFor();
    const gifts = (await newestDonations(await staffClient(), campaignId)).filter((d) => d.amount_minor === 1357);
    expect(gifts).toHaveLength(1);
    expect(gifts[0]).toMatchObject({ interval: 'monthly', recurring_plan_id: expect.any(Number) });
  });

  it('(g) the payment step, the card form and the thank-you screen have no serious accessibility violations', async () => {
    const page = await donorPage();
    await fillStepOne(page, { preset: '$25' });
    await page.getByRole('tab', { name: 'PayPal' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Card/Direct Debit' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('First name is required').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await fillDonorDetails(page, { first: 'Axe', last: 'Core', email: unique('axe') });
    await page.getByLabel('Card number').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await payWithSandboxCard(page, '4242 4242 4242 4242');
    await page.getByRole('heading', { name: /Thank you/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
