import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { giveTwentyFiveToSpringAppeal } from '../support/donation-form.ts';

const SHOTS = '/tmp/shots';
const RECEIVER_PORT = 4561;

type Received = { path: string; signature: string; body: string };
const received: Received[] = [];
// A receiver of our own, as an organisation's server would be: it records what arrives.
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    received.push({ path: req.url ?? '/', signature: String(req.headers['kindling-signature'] ?? ''), body });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});

/** The check the product guide gives receivers (docs/product/integrations.md#verifying-a-delivery). */
function verifies(secret: string, r: Received): boolean {
  const parts = Object.fromEntries(r.signature.split(',').map((kv) => kv.split('=')));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${r.body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// Needs the relay on (WEBHOOK_RELAY_SECONDS in e2e/support/global-setup.ts).
describe('outbound webhooks', () => {
  const { newPage } = useBrowser();
  beforeAll(() => new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve)));
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  for (const width of [375, 1280]) {
    it(`lets an admin add an endpoint, and a donation's signed delivery reaches the receiver and the log (${width} px)`, async () => {
      const { page } = await newPage({ width, height: width < 768 ? 740 : 900 });
      await fs.mkdir(SHOTS, { recursive: true });
      const path = `/hooks-${width}`;
      const url = `http://127.0.0.1:${RECEIVER_PORT}${path}`;
      await signIn(page, 'admin@kindling.test');
      await page.waitForURL('**/dashboard/home');
      await page.goto('/dashboard/crm/integrations');
      await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
      // The demo endpoint is listed, pointing at the app's own demo receiver.
      await page.getByRole('article', { name: /Endpoint .*\/demo\/webhook-receiver/ }).waitFor();

      await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
      await page.getByRole('textbox', { name: 'Description' }).fill(`E2E receiver ${width}`);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const shown = page.getByRole('status').filter({ hasText: 'Signing secret for' });
      const secret = ((await shown.getByLabel('Signing secret').innerText()) ?? '').trim();
      expect(secret).toMatch(/^whsec_/);
      await page.screenshot({ path: `${SHOTS}/webhooks-secret-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await shown.getByRole('button', { name: 'I have copied it' }).click();

      // A donation through the public form: its event arrives signed.
      const donor = { first: 'Hook', last: `Tester${width}`, email: `hook-${width}-${Date.now()}@example.org` };
      const { page: donorPage } = await newPage({ width, height: 900 });
      await giveTwentyFiveToSpringAppeal(donorPage, donor, '4242424242424242');
      await expect
        .poll(() => received.filter((r) => r.path === path).length, { timeout: 60_000, interval: 500 })
        .toBeGreaterThan(0);
      const delivery = received.find((r) => r.path === path);
      if (!delivery) throw new Error('no delivery');
      expect(verifies(secret, delivery)).toBe(true);
      const event = JSON.parse(delivery.body);
      expect(event.type).toBe('donation.succeeded');

      // The delivery is in the endpoint's log with the receiver's answer.
      const card = page.getByRole('article', { name: `Endpoint ${url}` });
      await card.getByRole('button', { name: 'Show deliveries' }).click();
      const log = card.getByRole('list', { name: 'Delivery log' });
      await log.getByText(event.id, { exact: true }).first().waitFor({ timeout: 30_000 });
      await log.getByText('Delivered').first().waitFor({ timeout: 30_000 });
      await log.getByText('Request and answer').first().click();
      await log.getByText('HTTP 200', { exact: false }).first().waitFor();
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/webhooks-log-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // The demo receiver page lists deliveries it verified.
      await page.goto('/demo/webhook-receiver');
      await page.getByRole('heading', { name: 'Demo webhook receiver' }).waitFor();
      await page.getByText('Signature verified').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/webhooks-demo-receiver-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    }, 240_000);
  }
});
