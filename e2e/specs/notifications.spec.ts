import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';

/**
 * A donor gives through the real checkout calls from a second browser context (the public form's
 * screens arrive with the donation-flow issue; these are the calls it makes), while a staff browser
 * watches the bell.
 */
async function giveThroughCheckout(request: APIRequestContext, email: string): Promise<void> {
  const page = await request.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal');
  expect(page.status()).toBe(200);
  const { campaign } = await page.json();
  const csrf = (await request.storageState()).cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
  const headers = { 'x-csrf-token': csrf };
  const choice = {
    campaign_id: campaign.campaign_id,
    peer_campaign_id: null,
    amount: 2500,
    currency: 'usd',
    interval: 'once',
    payment_method: 'card',
    included_fees: 0,
  };
  const intentRes = await request.post('/api/v1/npo_admin/intent', { data: choice, headers });
  expect(intentRes.status(), await intentRes.text()).toBe(200);
  const { intent } = await intentRes.json();
  const card = await request.post(`/api/v1/sandbox/payments/${intent.id}/confirm`, {
    data: { client_secret: intent.client_secret, card_number: '4242424242424242', exp: '12/34', cvc: '123' },
    headers,
  });
  expect(card.status(), await card.text()).toBe(200);
  const confirm = await request.post('/api/v1/npo_admin/confirm_payment', {
    data: { ...choice, payment_intent: intent.id, first_name: 'Grace', last_name: 'Hopper', email },
    headers,
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  expect((await confirm.json()).status).toBe('success');
}

describe('live notifications', () => {
  const { newPage } = useBrowser();

  it('raises the unread count and shows a toast when a donation arrives from another browser', async () => {
    const staff = await newPage();
    await signIn(staff.page, 'admin@kindling.test');
    await staff.page.waitForURL('**/dashboard/home');
    const bell = staff.page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    // The bell shows before its unread count has loaded; read the count once the page is idle, or
    // a count that arrives late looks like the new donation's.
    await staff.page.waitForLoadState('networkidle');
    const unread = async () => Number((await bell.getAttribute('aria-label'))?.match(/\((\d+) unread\)/)?.[1] ?? 0);
    const before = await unread();

    const donor = await newPage({ width: 375, height: 740 });
    await donor.page.goto('/');
    await giveThroughCheckout(donor.context.request, `grace.${Date.now()}@example.org`);

    await staff.page
      .getByText(/Grace Hopper/)
      .first()
      .waitFor({ timeout: 15_000 });
    // At least one more: other specs share the server and may notify this admin at the same time.
    await staff.page.waitForFunction(
      (n) =>
        Number(
          /\((\d+) unread\)/.exec(
            document.querySelector('[aria-label^="Notifications"]')?.getAttribute('aria-label') ?? '',
          )?.[1] ?? 0,
        ) >= n,
      before + 1,
    );
    expect(await unread()).toBeGreaterThanOrEqual(before + 1);
    await donor.context.close();
    await staff.context.close();
  });
});
