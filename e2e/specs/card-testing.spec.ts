import fs from 'node:fs/promises';
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { baseURL, useBrowser } from '../support/browser.ts';
import { donationsBy, fillDonorDetails, fillStepOne, payWithSandboxCard, staffApi } from '../support/donation-form.ts';

/**
 * Card testing in a real browser (docs/decisions/025-card-testing.md): a donor whose address has
 * just crossed the decline limit is asked for the proof-of-work on the donation form, the ALTCHA
 * widget solves it in the browser, and the gift then goes through with the sandbox provider.
 * The address comes through X-Forwarded-For (the server trusts its loopback proxy), so the burst
 * gates only this spec's donor and no other spec sharing the server.
 */
const SHOTS = '/tmp/shots';
const ADDRESS = '203.0.113.61';
const DECLINED_CARD = '4000000000000002';
const CHALLENGE_REQUIRED = 'One more step: a quick automatic check of this browser.';

async function csrfOf(api: APIRequestContext): Promise<string> {
  await api.get('/api/v1/auth/config');
  return (await api.storageState()).cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
}

describe('card testing: the challenge on the donation form', () => {
  const { browser } = useBrowser();

  it('asks a donor at an address past the decline limit for the check, solves it, and takes the gift', async () => {
    await fs.mkdir(SHOTS, { recursive: true });
    const context = await browser().newContext({
      baseURL: baseURL(),
      viewport: { width: 375, height: 812 },
      extraHTTPHeaders: { 'x-forwarded-for': ADDRESS },
    });
    const api = context.request;
    const headers = { 'x-csrf-token': await csrfOf(api) };
    const campaign = (await (await api.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal')).json())
      .campaign as { campaign_id: number };
    const choice = {
      campaign_id: campaign.campaign_id,
      amount: 500,
      currency: 'usd',
      interval: 'once',
      included_fees: 0,
    };

    // A card tester's burst from this address: declined payments until the next intent is refused.
    let intent = await api.post('/api/v1/npo_admin/intent', { data: choice, headers });
    for (let tries = 0; intent.status() === 200 && tries < 40; tries++) {
      const { id, client_secret } = (await intent.json()).intent;
      const paid = await api.post(`/api/v1/sandbox/payments/${id}/confirm`, {
        data: { client_secret, card_number: DECLINED_CARD, exp: '12/34', cvc: '123' },
        headers,
      });
      // A decline is an answer (200 with the payer's message), not a failed request.
      expect(paid.status()).toBe(200);
      expect((await paid.json()).last_payment_error?.code).toBe('card_declined');
      await new Promise((r) => setTimeout(r, 150)); // the provider's payment.failed event is counted
      intent = await api.post('/api/v1/npo_admin/intent', { data: choice, headers });
    }
    expect(intent.status(), await intent.text()).toBe(428);

    const page = await context.newPage();
    await page.goto('/spring-appeal');
    await page.getByRole('group', { name: 'How often' }).waitFor({ timeout: 15_000 });
    await fillStepOne(page, { preset: '$25' });
    // The challenge's request is held until the check shows so that axe sees it mid-way.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/npo_admin/payment_challenge**', async (route) => {
      await held;
      await route.continue();
    });
    const email = `careful.donor.${Date.now()}@example.org`;
    await fillDonorDetails(page, { first: 'Careful', last: 'Donor', email });

    const status = page.getByRole('status').filter({ hasText: CHALLENGE_REQUIRED });
    await status.waitFor();
    await page.locator('altcha-widget').waitFor();
    await page.screenshot({ path: `${SHOTS}/card-testing-challenge.png`, fullPage: true });
    expect(await seriousViolations(page, { include: '.kd-pay-challenge' })).toEqual([]);
    release();

    // Solved in the browser, the form retries the intent by itself and shows the card form.
    await page.getByLabel('Card number').waitFor({ timeout: 45_000 });
    await expect(status.count()).resolves.toBe(0);
    await payWithSandboxCard(page, '4242 4242 4242 4242');
    await page.getByRole('heading', { name: /Thank you for your one time \$25/ }).waitFor();

    const staffContext = await browser().newContext({ baseURL: baseURL() });
    const staff = await staffApi(staffContext.request, 'admin@kindling.test');
    let gifts = await donationsBy(staff, campaign.campaign_id, email);
    for (let i = 0; i < 40 && gifts.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 250));
      gifts = await donationsBy(staff, campaign.campaign_id, email);
    }
    expect(gifts.map((g) => g.amount_minor)).toEqual([2500]);
    await staffContext.close();
    await context.close();
  });
});
