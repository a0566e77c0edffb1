import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { donationsBy, fillDonorDetails, payWithSandboxCard, staffApi } from '../support/donation-form.ts';

/**
 * The conversion features against the real server and the sandbox card (decision 037), at 375 and
 * 1280 px with axe: a donor chooses a one-off amount, gives in memory of someone, accepts the
 * monthly upsell and pays; staff see the tribute on the donation and the funnel counts on the
 * campaign's donations page. Nothing of the demo's settings is changed.
 */
const unique = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.org`;

describe('donation form conversion', () => {
  const { newPage } = useBrowser();
  let staff: { context: BrowserContext; api: APIRequestContext } | null = null;
  let campaignId = 0;

  async function staffClient() {
    if (!staff) {
      const { context } = await newPage({ width: 1280, height: 900 });
      staff = { context, api: await staffApi(context.request, 'admin@kindling.test') };
      const res = await context.request.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal');
      campaignId = (await res.json()).campaign.campaign_id;
    }
    return staff;
  }

  afterAll(async () => {
    await staff?.context.close();
  });

  it.each([
    [375, 812],
    [1280, 900],
  ])('at %i px a donor gives monthly in memory of someone after the upsell', async (width, height) => {
    const { api } = await staffClient();
    const before = await (await api.get(`/api/v1/npo_admin/campaigns/${campaignId}/conversion?days=1`)).json();
    const email = unique(`tribute${width}`);
    const { page, context } = await newPage({ width, height });
    await page.goto('/spring-appeal');
    await page.getByRole('group', { name: 'How often' }).waitFor({ timeout: 15_000 });
    await page
      .getByRole('button', { name: /^\$50 / })
      .first()
      .click();
    await page.getByRole('checkbox', { name: 'Give in honour or in memory of someone' }).check();
    await page.getByRole('radio', { name: 'In memory of' }).check();
    await page.getByLabel(/^Their name/).fill('Grace Hopper');
    await page.getByLabel(/^E-card to \(name\)/).fill('Walter Hopper');
    await page.getByLabel(/^E-card to \(email\)/).fill(unique('walter'));
    await page.getByRole('combobox', { name: /How did you hear/ }).selectOption('Social media');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await page.getByRole('heading', { name: 'Could you give monthly instead?' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Yes, give $10.00 monthly' }).click();
    await page
      .getByRole('heading', { name: /^Payment/ })
      .filter({ hasText: '$10.00 · Monthly' })
      .waitFor();

    await fillDonorDetails(page, { first: 'Ada', last: 'Lovelace', email });
    await page.getByLabel('Card number').waitFor();
    await payWithSandboxCard(page, '4242 4242 4242 4242');
    await page.getByRole('heading', { name: /Thank you for your monthly \$10(\.00)? donation/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();

    let found = await donationsBy(api, campaignId, email);
    for (let i = 0; i < 40 && found.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 250));
      found = await donationsBy(api, campaignId, email);
    }
    expect(found[0]).toMatchObject({ amount_minor: 1000, interval: 'monthly' });
    const detail = await (await api.get(`/api/v1/npo_admin/donations/${found[0]?.id}`)).json();
    expect(detail.donation.tribute).toMatchObject({ type: 'memory', honoree_name: 'Grace Hopper' });

    // The page's beacons reached the funnel: a view, step 1, the payment step, the offer and its acceptance.
    const after = await (await api.get(`/api/v1/npo_admin/campaigns/${campaignId}/conversion?days=1`)).json();
    expect(after.totals.views).toBeGreaterThan(before.totals.views);
    expect(after.totals.step1).toBeGreaterThan(before.totals.step1);
    expect(after.totals.payment).toBeGreaterThan(before.totals.payment);
    expect(after.totals.gifts).toBeGreaterThan(before.totals.gifts);
    expect(after.upsell.accepted).toBeGreaterThan(before.upsell.accepted);
  });

  it.each([
    [375, 812],
    [1280, 900],
  ])('at %i px staff see conversion per step and the abandoned gifts', async (width, height) => {
    const { context } = await staffClient();
    const page = await context.newPage();
    await page.setViewportSize({ width, height });
    await page.goto(`/dashboard/campaign-donations/${campaignId}`);
    const funnel = page.getByRole('table', { name: 'Conversion per step, last 30 days' });
    await funnel.waitFor({ timeout: 15_000 });
    const views = await funnel
      .getByRole('row', { name: /Page views/ })
      .getByRole('cell')
      .first()
      .innerText();
    expect(Number(views.replace(/\D/g, ''))).toBeGreaterThan(0);
    await funnel.getByRole('row', { name: /Gifts/ }).waitFor();
    const abandoned = page.getByRole('table', { name: 'Abandoned gifts' });
    await abandoned.getByText(/hana\.ito@example\.org/).waitFor();
    // The new panels; the rest of the page is checked by its own specs.
    for (const include of [
      'section[aria-labelledby="kd-conversion-title"]',
      'section[aria-labelledby="kd-abandoned-title"]',
    ]) {
      expect(await seriousViolations(page, { include })).toEqual([]);
    }
    await page.close();
  });
});
