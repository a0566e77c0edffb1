import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';

const SHOTS = '/tmp/shots';
/** A 1×1 PNG: the server looks at the bytes, not the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Opens a section: tabs on wide screens, the 'Section' select on a phone. */
async function openSection(page: Page, phone: boolean, name: string, value: string) {
  if (phone) await page.getByLabel('Section').selectOption(value);
  else await page.getByRole('tab', { name, exact: true }).click();
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the campaign editor', () => {
  const { newPage } = useBrowser();

  for (const width of [1280, 375]) {
    it(`lets an admin create and activate a campaign whose public form shows its presets (${width} px)`, async () => {
      const phone = width < 768;
      const { page, context } = await newPage({ width, height: phone ? 740 : 900 });
      await fs.mkdir(SHOTS, { recursive: true });
      await signIn(page, 'admin@kindling.test');
      await page.waitForURL('**/dashboard/home');
      await page.goto('/dashboard/campaign-new');

      await page.getByLabel(/^Campaign name/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      const name = `Winter Coats ${width}`;
      const slug = `winter-coats-${width}`;
      await page.getByLabel(/^Campaign name/).fill(name);
      expect(await page.getByLabel(/^Campaign URL/).inputValue()).toBe(slug);
      await chooseOption(page, 'Status', 'Active');
      await page.screenshot({ path: `${SHOTS}/campaign-new-details-${width}.png`, fullPage: true });

      await openSection(page, phone, 'Amounts', 'amounts');
      for (const [i, amount] of ['25', '50'].entries()) {
        await page.getByRole('button', { name: 'Add once-off amount' }).click();
        await page
          .getByLabel(/^Amount\W*$/)
          .nth(i)
          .fill(amount);
        await page
          .getByLabel('Description')
          .nth(i)
          .fill(i === 0 ? 'A scarf' : 'A warm coat');
      }

      await page.screenshot({ path: `${SHOTS}/campaign-new-amounts-${width}.png`, fullPage: true });
      await openSection(page, phone, 'Questions', 'questions');
      await page.getByRole('button', { name: 'Add question' }).click();
      await page.getByLabel(/^Question\W*$/).fill('How did you hear about us?');
      await page.screenshot({ path: `${SHOTS}/campaign-new-questions-${width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Create campaign' }).click();
      await page.waitForURL(/\/dashboard\/campaign-edit\/\d+$/);
      const id = Number(page.url().split('/').at(-1));
      await page.getByRole('heading', { level: 1, name }).waitFor();

      // The preview: beside the editor on a wide screen, behind the Preview switch on a phone.
      if (phone) await page.getByText('Preview', { exact: true }).click();
      const preview = page.getByRole('region', { name: 'Preview of the donation form' });
      await preview.getByRole('button', { name: /\$25/ }).waitFor();
      await page.screenshot({ path: `${SHOTS}/campaign-edit-preview-${width}.png`, fullPage: true });
      if (phone) await page.getByText('Edit', { exact: true }).click();

      // An image upload, then a save of the edit page.
      await page
        .locator('input[type="file"]')
        .first()
        .setInputFiles({ name: 'coat.png', mimeType: 'image/png', buffer: PNG });
      await page.getByRole('img', { name: 'Campaign image preview' }).waitFor();
      await openSection(page, phone, 'Form design', 'design');
      await page.getByLabel('Theme colour').fill('#7c3aed');
      await page.screenshot({ path: `${SHOTS}/campaign-edit-design-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Campaign saved').waitFor();

      await openSection(page, phone, 'Embed', 'embed');
      const snippet = await page.getByTestId('embed-snippet').textContent();
      expect(snippet).toContain(`/campaign-embed/${id}" title="Donate to ${name}"`);
      await page.screenshot({ path: `${SHOTS}/campaign-edit-embed-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // What the public form reads, then the public page itself.
      const api = await page.request.get(`/api/v1/npo_admin/campaign_page?campaign_url=${slug}`);
      expect(api.status()).toBe(200);
      const { campaign } = await api.json();
      expect(campaign.amounts.map((a: { amount_minor: number }) => a.amount_minor)).toEqual([2500, 5000]);
      expect(campaign.questions.map((q: { content: string }) => q.content)).toEqual(['How did you hear about us?']);
      expect(campaign.image_url).toMatch(/^\/uploads\/.+\.png$/);
      expect(campaign.campaign_settings.theme_color).toBe('#7c3aed');

      await page.goto(`/${slug}`);
      await page.getByRole('button', { name: /\$25/ }).waitFor();
      expect(await page.getByRole('button', { name: /\$50/ }).isVisible()).toBe(true);
      await page.screenshot({ path: `${SHOTS}/campaign-public-${width}.png`, fullPage: true });
      await context.close();
    });
  }
});
