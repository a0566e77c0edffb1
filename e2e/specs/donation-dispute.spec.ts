import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { giveTwentyFiveToSpringAppeal, springAppealGiftId, staffApi } from '../support/donation-form.ts';

/**
 * A donor's bank disputes a sandbox gift: the sandbox's signed webhook (what a provider sends)
 * reaches the server, and staff see the dispute on the donation page on a phone and a wide screen,
 * then the gift refunded once the dispute is lost, with the movement on the transactions page.
 */
const SHOTS = '/tmp/shots';
const email = `dispute.${Date.now()}@example.org`;
// The e2e server runs without SESSION_SECRET, so the sandbox signs with the development secret.
const SESSION_SECRET = process.env.SESSION_SECRET ?? 'kindling-development-session-secret-not-for-production';
const hmac = (key: string, value: string) => createHmac('sha256', key).update(value).digest('hex');

/** Posts a sandbox event signed as the sandbox provider signs it (sandbox.webhooks.ts). */
async function sendSandboxEvent(request: APIRequestContext, type: string, data: Record<string, unknown>) {
  const rawBody = JSON.stringify({ id: `evt_e2e_${randomUUID()}`, type, created: Math.floor(Date.now() / 1000), data });
  const t = Math.floor(Date.now() / 1000);
  const key = hmac(SESSION_SECRET, 'sandbox-webhook-signing');
  const res = await request.post('/api/v1/webhooks/sandbox', {
    data: rawBody,
    headers: {
      'content-type': 'application/json',
      'kindling-sandbox-signature': `t=${t},v1=${hmac(key, `${t}.${rawBody}`)}`,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

describe('a disputed donation', () => {
  const { newPage } = useBrowser();

  it('shows staff an open dispute, then the lost dispute as a refunded gift', async () => {
    await fs.mkdir(SHOTS, { recursive: true });
    const donor = (await newPage({ width: 375, height: 812 })).page;
    await giveTwentyFiveToSpringAppeal(donor, { first: 'Dee', last: 'Spute', email }, '4242 4242 4242 4242');

    const { page, context } = await newPage({ width: 375, height: 812 });
    const api = await staffApi(context.request, 'admin@kindling.test');
    const id = await springAppealGiftId(api, email);
    const detail = (await (await api.get(`/api/v1/npo_admin/donations/${id}`)).json()).donation;
    const payment = {
      id: detail.provider_reference,
      npo_id: detail.npo_id,
      account_id: null,
      amount_minor: 2500,
      currency: 'USD',
      metadata: { npo_id: String(detail.npo_id) },
    };
    const dispute = { id: `dp_e2e_${id}`, amount_minor: 2500, reason: 'fraudulent' };
    await sendSandboxEvent(context.request, 'dispute.opened', { ...payment, dispute: { ...dispute, outcome: null } });

    await signIn(page, 'admin@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.goto(`/dashboard/donation/${id}`);
    await page.getByRole('heading', { name: '$25.00 USD from Dee Spute' }).waitFor();
    await page.getByText('Disputed', { exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Disputes' })
      .getByText(/Open: the amount is withdrawn/)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/donation-disputed-375.png`, fullPage: true });

    const wide = (await newPage({ width: 1280, height: 900 })).page;
    await signIn(wide, 'admin@kindling.test');
    await wide.waitForURL('**/dashboard/home');
    await wide.goto(`/dashboard/donation/${id}`);
    await wide.getByText('Dispute opened, amount withdrawn: $25.00 USD').waitFor();
    await wide.screenshot({ path: `${SHOTS}/donation-disputed-1280.png`, fullPage: true });
    // The demo buttons decide the open dispute; here the decision comes from the webhook instead.
    await wide.getByRole('group', { name: 'Decide the sandbox dispute' }).waitFor();
    expect(await seriousViolations(wide)).toEqual([]);

    await sendSandboxEvent(context.request, 'dispute.closed', { ...payment, dispute: { ...dispute, outcome: 'lost' } });
    await page.reload();
    await page.getByText('Refunded', { exact: true }).first().waitFor();
    await page
      .getByRole('region', { name: 'Disputes' })
      .getByText(/Lost: the amount went back to the donor/)
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/donation-dispute-lost-375.png`, fullPage: true });

    await page.goto(`/dashboard/transactions?search=${encodeURIComponent(email)}`);
    const list = page.getByRole('list', { name: 'Transactions' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    expect(await list.innerText()).toMatch(/disputed/i);
    expect(await list.innerText()).toContain('-$25.00 USD');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/transactions-dispute-375.png`, fullPage: true });
  });
});
