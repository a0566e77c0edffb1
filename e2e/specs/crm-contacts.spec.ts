import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';

const SHOTS = '/tmp/shots';
const CONTACT_LINKS = 'a[href^="/dashboard/crm/contacts?contact="]';

async function pick(page: Page, label: string, option: string | RegExp) {
  await page
    .getByRole('textbox', { name: label, exact: true })
    .or(page.getByRole('combobox', { name: label, exact: true }))
    .first()
    .click();
  await page.getByRole('option', { name: option }).first().click();
}

// A long journey (a new contact, a household, a relationship, a saved view): more than the default minute.
describe('the CRM contacts page', () => {
  const { newPage } = useBrowser();

  for (const width of [375, 1280]) {
    it(`lets staff add a prospect to a household, relate them to a donor and find them through a saved view (${width} px)`, async () => {
      const phone = width < 768;
      const { page } = await newPage({ width, height: phone ? 740 : 900 });
      await fs.mkdir(SHOTS, { recursive: true });
      await signIn(page, 'staff@kindling.test');
      await page.waitForURL('**/dashboard/home');

      // The organisation's largest giver: an existing donor to relate the prospect to.
      await page.goto('/dashboard/crm/contacts?sort=lifetime_total&direction=desc');
      const top = page.locator(CONTACT_LINKS).first();
      await top.waitFor();
      const donor = (await top.innerText()).trim();
      await page.screenshot({ path: `${SHOTS}/crm-contacts-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // A new prospect in a new household.
      const first = `Pia${width}`;
      const last = `Prospect${Date.now() % 100000}`;
      const tag = `e2e-${width}-${last.toLowerCase()}`;
      await page.getByRole('button', { name: 'New contact' }).click();
      const dialog = page.getByRole('dialog', { name: 'New contact' });
      await dialog.getByRole('textbox', { name: 'First name' }).fill(first);
      await dialog.getByRole('textbox', { name: 'Last name' }).fill(last);
      await pick(page, 'Household', 'New household…');
      await dialog.getByRole('textbox', { name: 'Household name' }).fill(`The ${last} Family`);
      const tags = dialog.getByLabel('Tags', { exact: true });
      await tags.fill(tag);
      await tags.press('Enter');
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Add contact' }).click();

      await dialog.waitFor({ state: 'detached' });

      // The record (found by name): the household, then a relationship to the donor.
      await page.goto(`/dashboard/crm/contacts?search=${last}`);
      await page.getByRole('link', { name: `${first} ${last}` }).click();
      await page.waitForURL(/contact=\d+/);
      await page.getByRole('heading', { name: `${first} ${last}` }).waitFor();
      const household = page.getByRole('region', { name: 'Household' });
      await household.getByText(`The ${last} Family`).waitFor();
      const relationships = page.getByRole('region', { name: 'Relationships' });
      await pick(page, 'Relationship', 'Spouse of');
      const contactBox = relationships.getByLabel('Contact', { exact: true });
      await contactBox.fill(donor);
      await page.getByRole('option', { name: donor }).first().click();
      await relationships.getByRole('button', { name: 'Add relationship' }).click();
      await relationships
        .getByRole('listitem')
        .filter({ hasText: `Spouse of ${donor}` })
        .waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/crm-contact-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // Back to the list: filter by the tag and save that as a personal view.
      await page.getByRole('link', { name: 'All contacts' }).click();
      await page.locator(CONTACT_LINKS).first().waitFor();
      if (phone) await page.getByRole('button', { name: /^Filters/ }).click();
      const tagFilter = page.getByRole('textbox', { name: 'Tag', exact: true });
      await tagFilter.fill(tag);
      await tagFilter.press('Enter');
      await page.waitForURL(/tag=/);
      await page.getByRole('button', { name: 'Save view' }).click();
      const save = page.getByRole('dialog', { name: 'Save this view' });
      await save.getByRole('textbox', { name: 'Name' }).fill(`Prospects ${last}`);
      await save.getByRole('button', { name: 'Save view' }).click();
      await page.waitForURL(/view=\d+/);

      // From an unfiltered list, the saved view finds the prospect.
      await page.goto('/dashboard/crm/contacts');
      await page.locator(CONTACT_LINKS).first().waitFor();
      await pick(page, 'Saved view', `Prospects ${last}`);
      await page.waitForURL(/view=\d+/);
      await expect.poll(() => page.locator(CONTACT_LINKS).count()).toBe(1);
      expect((await page.locator(CONTACT_LINKS).first().innerText()).trim()).toBe(`${first} ${last}`);
      expect(await seriousViolations(page)).toEqual([]);

      // Leave the shared demo as it was: the personal view goes (the prospect stays, like any added contact).
      await page.getByRole('button', { name: 'Delete view' }).click();
      await page.waitForURL((url) => !url.search.includes('view='));
    }, 180_000);
  }
});

// kb21: the staff knowledge base (docs/product/knowledge-base.md), reached from the top bar's Resources menu.
describe('the knowledge base', () => {
  const { newPage } = useBrowser();

  for (const width of [375, 1280]) {
    it(`lets staff open the knowledge base from Resources, search it and read a built-in and an own article (${width} px)`, async () => {
      const phone = width < 768;
      const { page } = await newPage({ width, height: phone ? 740 : 900 });
      await fs.mkdir(SHOTS, { recursive: true });
      await signIn(page, 'staff@kindling.test');
      await page.waitForURL('**/dashboard/home');

      // Resources → Knowledge base (folded into the one menu on a phone).
      await page.getByRole('button', { name: phone ? 'Open menu' : 'Resources' }).click();
      await page.getByRole('menuitem', { name: 'Knowledge base' }).click();
      await page.waitForURL('**/dashboard/crm/knowledge-base');
      await page.getByRole('heading', { level: 1, name: 'Knowledge base' }).waitFor();
      const list = page.getByRole('list', { name: 'Articles' });
      await list.getByRole('button', { name: 'Thanking a first-time donor' }).waitFor({ timeout: 30_000 });
      expect(await seriousViolations(page)).toEqual([]);

      // A search finds the built-in article on refunds; it opens as an article.
      await page.getByRole('textbox', { name: 'Search the knowledge base' }).fill('refund');
      await expect.poll(() => page.getByText(/articles? match(es)? “refund”/).count(), { timeout: 30_000 }).toBe(1);
      await page.screenshot({ path: `${SHOTS}/knowledge-base-search-${width}.png`, fullPage: true });
      await list.getByRole('button', { name: 'Payments and processors' }).click();
      const article = page.getByRole('article', { name: 'Payments and processors' });
      await article.getByRole('heading', { name: 'Refunds and disputes' }).waitFor({ timeout: 30_000 });
      expect(await article.getByText('Written by the Kindling team.').count()).toBe(1);
      await page.screenshot({ path: `${SHOTS}/knowledge-base-article-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // Back to the list; the organisation's own article is found by a word of its body.
      await page.getByRole('button', { name: 'All articles' }).click();
      await page.getByRole('textbox', { name: 'Search the knowledge base' }).fill('pantries');
      await list.getByRole('button', { name: 'Thanking a first-time donor' }).click();
      const own = page.getByRole('article', { name: 'Thanking a first-time donor' });
      await own.getByRole('heading', { name: 'What to say' }).waitFor({ timeout: 30_000 });
      // Staff read; writing is for those who may change settings.
      expect(await own.getByRole('button', { name: 'Edit' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    }, 180_000);
  }
});
