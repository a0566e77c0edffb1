import fs from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { mailsTo } from '../support/mail-outbox.ts';

const SHOTS = '/tmp/shots';

/** A JSON call as the signed-in page makes it (with its CSRF header). */
async function call(context: BrowserContext, method: 'POST', url: string, data: unknown) {
  const csrf = (await context.storageState()).cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
  const res = await context.request.fetch(url, { method, data, headers: { 'x-csrf-token': csrf } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json().catch(() => null);
}

async function writeAndSend(page: Page, name: string, list: string, width: number, shots: boolean) {
  await page.goto('/dashboard/crm/email-marketing');
  await page.getByRole('button', { name: 'New e-mail' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page
    .getByRole('textbox', { name: 'Send to' })
    .or(page.getByRole('combobox', { name: 'Send to' }))
    .first()
    .click();
  await page.getByRole('option', { name: new RegExp(`^${list}`) }).click();
  await page.getByRole('textbox', { name: 'Subject' }).fill(`${name}: what your gifts did`);
  await page.getByRole('textbox', { name: 'Preview text' }).fill('A short report');
  await page.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('Dear ');
  await page.getByRole('button', { name: '{{donor_first_name}}' }).click();
  await page.keyboard.type(', thank you for a wonderful spring.');
  if (shots) {
    await page.screenshot({ path: `${SHOTS}/email-marketing-editor-${width}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.getByRole('button', { name: 'Save e-mail' }).click();
  await page.getByRole('button', { name: 'Send now' }).click();
  await page.getByText('Sending started.').first().waitFor();
  await page.getByRole('heading', { name }).waitFor();
  // The results appear once the job has sent to everyone (the list reads again while sending).
  await expect
    .poll(
      async () =>
        page
          .getByRole('cell', { name: new RegExp(`^${name}`) })
          .locator('xpath=..')
          .innerText(),
      {
        timeout: 60_000,
      },
    )
    .toMatch(/\bsent\b/i);
}

describe('e-mail marketing', () => {
  const { newPage } = useBrowser();

  for (const width of [375, 1280]) {
    it(`staff send a newsletter to a list, a recipient unsubscribes from the e-mail's link, and the next send skips them (${width} px)`, async () => {
      const phone = width < 768;
      const { page, context } = await newPage({ width, height: phone ? 740 : 900 });
      page.setDefaultTimeout(30_000);
      await fs.mkdir(SHOTS, { recursive: true });
      try {
        await signIn(page, 'staff@kindling.test');
        await page.waitForURL('**/dashboard/home');
        const stamp = `${width}-${Date.now() % 100000}`;
        const leaver = `leaver-${stamp}@example.org`;
        const stayer = `stayer-${stamp}@example.org`;
        // The list: two new contacts (set up through the API; the segments screen has its own spec).
        const ids: number[] = [];
        for (const [first, email] of [
          ['Lee', leaver],
          ['Sky', stayer],
        ]) {
          ids.push(
            (
              await call(context, 'POST', '/api/v1/npo_admin/contacts', {
                first_name: first,
                last_name: 'Reader',
                email,
              })
            ).id,
          );
        }
        const list = `Newsletter list ${stamp}`;
        const segment = await call(context, 'POST', '/api/v1/npo_admin/segments', { name: list, kind: 'static' });
        await call(context, 'POST', `/api/v1/npo_admin/segments/${segment.id}/members`, { contact_ids: ids });

        await writeAndSend(page, `Spring news ${stamp}`, list, width, true);
        await page.screenshot({ path: `${SHOTS}/email-marketing-results-${width}.png`, fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);

        // The recipient opens the unsubscribe link of the e-mail they received.
        const [mail] = await mailsTo(leaver);
        expect(mail).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
        expect(mail).toContain('Dear Lee, thank you for a wonderful spring.');
        const link = /https?:\/\/[^\s"<>]+(\/api\/v1\/email\/unsubscribe\/[0-9a-f-]{36})/.exec(mail ?? '')?.[1];
        expect(link).toBeTruthy();
        const reader = (await newPage({ width, height: phone ? 740 : 900 })).page;
        await reader.goto(link ?? '');
        expect(await seriousViolations(reader)).toEqual([]);
        await reader.getByRole('button', { name: 'Unsubscribe' }).click();
        await reader.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
        await reader.screenshot({ path: `${SHOTS}/email-marketing-unsubscribed-${width}.png`, fullPage: true });

        // A second send to the same list skips them.
        await writeAndSend(page, `Summer news ${stamp}`, list, width, false);
        await page.getByText('opted out, suppressed or interrupted').waitFor();
        expect((await mailsTo(stayer)).length).toBe(2);
        expect((await mailsTo(leaver)).length).toBe(1);
        await page.goto('/dashboard/crm/marketing');
        await page.getByRole('heading', { name: 'Recently sent' }).waitFor();
        await page.screenshot({ path: `${SHOTS}/email-marketing-overview-${width}.png`, fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);
      } catch (error) {
        await page.screenshot({ path: `${SHOTS}/email-marketing-failed-${width}.png`, fullPage: true });
        throw error;
      }
    }, 300_000);
  }
});
