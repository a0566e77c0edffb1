import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { giveTwentyFiveToSpringAppeal } from '../support/donation-form.ts';
import { mailsTo } from '../support/mail-outbox.ts';

const SHOTS = '/tmp/shots';
const RECEIVER_PORT = 4321;
const poll = { timeout: 90_000, interval: 1_000 };

type Received = { path: string; signature: string; body: string };
const received: Received[] = [];
// The organisation's own server: it records each delivery as it arrived.
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
  if (Math.abs(Date.now() / 1000 - Number(parts.t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${r.body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A JSON call as the signed-in page makes it (with its CSRF header). */
async function call(context: BrowserContext, url: string, data: unknown) {
  const csrf = (await context.storageState()).cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
  const res = await context.request.fetch(url, { method: 'POST', data, headers: { 'x-csrf-token': csrf } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/** Mantine's Select is a textbox or a combobox depending on its state. */
const select = (scope: Page | ReturnType<Page['locator']>, name: string) =>
  scope
    .getByRole('textbox', { name, exact: true })
    .or(scope.getByRole('combobox', { name, exact: true }))
    .first();

// Needs the workflow tick and the webhook relay on (e2e/support/global-setup.ts).
describe('workflow automation', () => {
  const { newPage } = useBrowser();
  beforeAll(() => new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve)));
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  for (const width of [375, 1280]) {
    it(`staff make a welcome workflow; a donation through the form brings its e-mail and a signed webhook (${width} px)`, async () => {
      const phone = width < 768;
      const { page, context } = await newPage({ width, height: phone ? 740 : 900 });
      page.setDefaultTimeout(60_000);
      await fs.mkdir(SHOTS, { recursive: true });
      const stamp = `${width}-${Date.now() % 100000}`;
      const name = `Welcome ${stamp}`;
      const path = `/workflow-${stamp}`;
      try {
        await signIn(page, 'admin@kindling.test');
        await page.waitForURL('**/dashboard/home');
        // The receiver takes the workflow's event (the integrations page has its own journey).
        const { secret } = await call(context, '/api/v1/npo_admin/webhook_endpoints', {
          url: `http://127.0.0.1:${RECEIVER_PORT}${path}`,
          description: `Workflow receiver ${stamp}`,
          events: ['workflow.step'],
        });
        expect(secret).toMatch(/^whsec_/);

        // The workflow: first gift → a welcome e-mail written in the rich-text editor → the webhooks.
        await page.goto('/dashboard/crm/workflow-automation');
        await page.getByRole('heading', { name: 'Workflow automation', level: 1 }).waitFor();
        await page.getByRole('button', { name: 'New workflow' }).click();
        await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
        await page.getByRole('textbox', { name: 'Subject' }).fill(`${name}: thank you`);
        const message = page.getByRole('textbox', { name: 'Step 1 message' });
        await message.click();
        await page.keyboard.type('Dear ');
        await expect.poll(() => message.innerText(), { timeout: 30_000 }).toContain('Dear');
        await page.getByRole('button', { name: '{{donor_first_name}}' }).click();
        // Typing on before the editor has taken the merge field loses keys on a loaded machine.
        await expect.poll(() => message.innerText(), { timeout: 30_000 }).toContain('{{donor_first_name}}');
        await message.press('End');
        await page.keyboard.type(', welcome to Riverside Food Bank.');
        await expect
          .poll(() => message.innerText(), { timeout: 30_000 })
          .toContain('Dear {{donor_first_name}}, welcome to Riverside Food Bank.');
        await page.getByRole('button', { name: 'Add a step' }).click();
        const second = page.getByRole('group', { name: 'Step 2' });
        await select(second, 'Action').click();
        await page.getByRole('option', { name: 'Call the webhooks' }).click();
        // A new step waits a day by default: this one follows at once.
        await second.getByRole('textbox', { name: 'Wait (days) after the previous step' }).fill('0');
        await page.screenshot({ path: `${SHOTS}/workflow-editor-${width}.png`, fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole('button', { name: 'Save workflow' }).click();
        await page.getByRole('heading', { name, level: 2 }).waitFor();

        // A first-time donor gives through the public form.
        const donor = { first: 'Wren', last: `Welcome${width}`, email: `wren-${stamp}@example.org` };
        const { page: donorPage } = await newPage({ width, height: 900 });
        await giveTwentyFiveToSpringAppeal(donorPage, donor, '4242424242424242');

        // The welcome e-mail arrives, merged, with its unsubscribe link and one-click headers.
        await expect
          .poll(async () => (await mailsTo(donor.email)).find((m) => m.includes(`${name}: thank you`)) ?? '', poll)
          .toContain('Dear Wren, welcome to Riverside Food Bank.');
        const mail = (await mailsTo(donor.email)).find((m) => m.includes(`${name}: thank you`)) ?? '';
        expect(mail).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
        expect(mail).toMatch(/\/api\/v1\/email\/unsubscribe\/[0-9a-f-]{36}/);

        // The webhook step's event reaches the receiver, signed with the endpoint's secret.
        // Every endpoint that chose workflow.step gets every workflow's event: this workflow's is the one.
        const ours = () => received.find((r) => r.path === path && JSON.parse(r.body).data?.workflow_name === name);
        await expect.poll(() => Boolean(ours()), poll).toBe(true);
        const delivery = ours();
        if (!delivery) throw new Error('no delivery');
        expect(verifies(secret, delivery)).toBe(true);
        const event = JSON.parse(delivery.body);
        expect(event).toMatchObject({ type: 'workflow.step', data: { workflow_name: name, email: donor.email } });

        // Staff see both steps done in the run history.
        const runs = page.getByRole('table', { name: 'Runs' });
        await expect.poll(async () => (await runs.getByText('Done', { exact: true }).count()) >= 2, poll).toBe(true);
        await runs
          .getByText(/Webhook event recorded/)
          .first()
          .waitFor();
        await page.screenshot({ path: `${SHOTS}/workflow-runs-${width}.png`, fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);
      } catch (error) {
        await page.screenshot({ path: `${SHOTS}/workflow-failed-${width}.png`, fullPage: true });
        throw error;
      }
    }, 300_000);
  }
});
