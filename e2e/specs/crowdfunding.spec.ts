import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { payWithSandboxCard } from '../support/donation-form.ts';

const SHOTS = '/tmp/shots';

// Adds a backer and a claimed seed packet (an unlimited reward) to the demo's Community Garden each run:
// other specs read neither, so there is nothing to restore.
describe('the public crowdfunding page', () => {
  const { newPage } = useBrowser();

  for (const width of [375, 1280]) {
    it(`lets a visitor read the story, pick a reward and pay for it in the modal (${width} px)`, async () => {
      const { page } = await newPage({ width, height: width < 768 ? 740 : 900 });
      await fs.mkdir(SHOTS, { recursive: true });
      await page.goto('/crowdfunding/community-garden');
      await page.getByRole('heading', { level: 1, name: 'Community Garden' }).waitFor();
      const story = page.getByRole('tabpanel');
      for (const alt of [
        'Raised beds with red and yellow flowers under a blue sky',
        'Three cedar beds with orange and green seedlings',
      ]) {
        // Loaded from its resized WebP variant (docs/decisions/071-crowdfunding-pledge-rewards-and-image-variants.md).
        await expect
          .poll(() =>
            story
              .getByRole('img', { name: alt })
              .evaluate((img: HTMLImageElement) => (img.naturalWidth > 0 ? img.currentSrc : '')),
          )
          .toMatch(/-w480\.webp$/);
      }
      const gallery = page.getByRole('region', { name: 'Campaign images' });
      await gallery.getByRole('button', { name: 'Previous image' }).click();
      await gallery.getByRole('img', { name: 'Purple and orange flowers in the beds on a summer day' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/crowdfunding-${width}.png`, fullPage: true });

      const backers = page.getByTestId('cf-backers');
      const seeds = page.locator('[data-testid^="cf-claimed-"]').first();
      const before = { backers: Number(await backers.innerText()), claimed: Number(await seeds.innerText()) };
      await page.getByRole('button', { name: 'Select Seed packet and thank-you card' }).click();
      const dialog = page.getByRole('dialog', { name: 'Back this project' });
      await dialog.getByText("You're supporting Community Garden").waitFor();
      // The seed packet is posted: where to send it comes first, and the unit is held with it.
      const shipping = dialog.getByRole('form', { name: 'Shipping address' });
      await shipping.getByLabel('Full name').fill(`Rowan Backer${width}`);
      await shipping.getByLabel('Street address').fill('12 Orchard Lane');
      await shipping.getByLabel('Town or city').fill('Riverside');
      await shipping.getByLabel('Postcode / ZIP').fill('92501');
      await shipping.getByLabel('Country').selectOption('US');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/crowdfunding-shipping-${width}.png`, fullPage: true });
      await shipping.getByRole('button', { name: 'Continue to your gift' }).click();
      await dialog.getByRole('button', { name: /^\$25/ }).first().click({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
      await dialog.getByRole('tab', { name: 'Card/Direct Debit' }).click();
      await dialog.getByLabel(/^First Name/).fill('Rowan');
      await dialog.getByLabel(/^Last Name/).fill(`Backer${width}`);
      await dialog.getByLabel(/^Email/).fill(`rowan${width}.${Date.now()}@example.org`);
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByLabel('Card number').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/crowdfunding-modal-${width}.png`, fullPage: true });
      await payWithSandboxCard(page, '4242 4242 4242 4242');
      await dialog.getByText('Seed packet and thank-you card', { exact: true }).waitFor();
      // $25.00 less the seed packet's fair-market value of $3.00.
      await dialog.getByText('Tax-deductible amount: $22.00.').waitFor();
      await page.screenshot({ path: `${SHOTS}/crowdfunding-claimed-${width}.png`, fullPage: true });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(async () => Number(await backers.innerText())).toBe(before.backers + 1);
      await expect.poll(async () => Number(await seeds.innerText())).toBe(before.claimed + 1);
      expect(await seriousViolations(page)).toEqual([]);
    }, 240_000);
  }
});

// cf17c: the all-or-nothing demo takes a pledge: the card is saved, not charged (decision 065). Adds a pledge
// to the Mobile Pantry Van each run; other specs do not read it.
describe('an all-or-nothing crowdfunding page', () => {
  const { newPage } = useBrowser();

  for (const width of [375, 1280]) {
    it(`says backers are only charged if the goal is met, and saves a pledge (${width} px)`, async () => {
      const { page } = await newPage({ width, height: width < 768 ? 740 : 900 });
      await fs.mkdir(SHOTS, { recursive: true });
      await page.goto('/crowdfunding/mobile-pantry-van');
      await page
        .getByText(/You will only be charged if the goal is met by/)
        .first()
        .waitFor();
      const backers = page.getByTestId('cf-backers');
      const before = Number(await backers.innerText());
      await page.getByRole('button', { name: 'Back This Project' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Back this project' });
      await dialog.getByLabel('Pledge amount (USD)').fill('40');
      await dialog.getByLabel('First name').fill('Rowan');
      await dialog.getByLabel('E-mail').fill(`rowan.pledge${width}.${Date.now()}@example.org`);
      await dialog.getByRole('button', { name: 'Continue to card' }).click();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM/YY)').fill('12/34');
      await page.getByLabel('CVC').fill('123');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/crowdfunding-pledge-${width}.png`, fullPage: true });
      await dialog.getByRole('button', { name: 'Pledge $40.00' }).click();
      await dialog.getByText('Your pledge of $40.00 is saved.', { exact: false }).waitFor();
      await page.screenshot({ path: `${SHOTS}/crowdfunding-pledged-${width}.png`, fullPage: true });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(async () => Number(await backers.innerText())).toBe(before + 1);
      expect(await seriousViolations(page)).toEqual([]);
    }, 120_000);
  }
});

// fin17: the staff side of a reward, end to end: staff create a page with a reward and publish it, a backer
// claims the reward by paying, staff mark it sent. Each run makes its own page; other specs do not read it.
describe('a crowdfunding reward from creation to fulfilment', () => {
  const { newPage } = useBrowser();

  for (const width of [375, 1280]) {
    it(`staff create a page with a reward, a backer claims it, staff mark it fulfilled (${width} px)`, async () => {
      const size = { width, height: width < 768 ? 740 : 900 };
      const { page: staff } = await newPage(size);
      await fs.mkdir(SHOTS, { recursive: true });
      const stamp = `${width}-${Date.now()}`;
      await signIn(staff, 'admin@kindling.test');
      await staff.waitForURL('**/dashboard/home');
      await staff.goto('/dashboard/crowdfunding/new');
      await staff.getByLabel('Name').fill(`Tool Library ${stamp}`);
      await staff.getByLabel('Page address').fill(`tool-library-${stamp}`);
      await staff.getByLabel(/^Goal/).fill('5000');
      await staff.getByRole('button', { name: 'Create the page' }).click();
      await staff.waitForURL('**/edit');
      await staff.getByRole('button', { name: 'Add a reward' }).click();
      await staff.getByLabel(/^Pledge amount/).fill('30');
      await staff.getByLabel('Title').fill('Tool library card');
      await staff.getByLabel(/^Fair-market value/).fill('5');
      await staff.getByRole('button', { name: 'Save', exact: true }).click();
      await staff.getByText('Crowdfunding page saved.').waitFor();
      await staff.getByRole('link', { name: "Back to the page's figures" }).click();
      await staff.getByRole('button', { name: 'Publish page' }).click();
      await staff.getByText('The crowdfunding page is live.').waitFor();

      const { page: backer } = await newPage(size);
      await backer.goto(`/crowdfunding/tool-library-${stamp}`);
      await backer.getByRole('button', { name: 'Select Tool library card' }).click();
      const dialog = backer.getByRole('dialog', { name: 'Back this project' });
      await dialog.getByRole('button', { name: /^\$30/ }).first().click();
      await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
      await dialog.getByRole('tab', { name: 'Card/Direct Debit' }).click();
      await dialog.getByLabel(/^First Name/).fill('Rowan');
      await dialog.getByLabel(/^Last Name/).fill(`Tools${width}`);
      await dialog.getByLabel(/^Email/).fill(`rowan.tools${stamp}@example.org`);
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await payWithSandboxCard(backer, '4242 4242 4242 4242');
      await dialog.getByText('Tool library card', { exact: true }).waitFor();
      await dialog.getByText('Tax-deductible amount: $25.00.').waitFor();

      await staff.reload();
      const sent = staff.getByRole('switch', { name: `Tool library card sent to Rowan Tools${width}` });
      await sent.waitFor();
      expect(await sent.isChecked()).toBe(false);
      await sent.click({ force: true });
      await expect.poll(() => sent.isChecked()).toBe(true);
      await staff.reload();
      await expect
        .poll(() => staff.getByRole('switch', { name: `Tool library card sent to Rowan Tools${width}` }).isChecked())
        .toBe(true);
      expect(await seriousViolations(staff)).toEqual([]);
      await staff.screenshot({ path: `${SHOTS}/crowdfunding-staff-fulfilled-${width}.png`, fullPage: true });
    }, 180_000);
  }
});
