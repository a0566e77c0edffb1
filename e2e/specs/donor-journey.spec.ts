import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';

/**
 * One donor's whole journey on the demo's Winter Coat Drive (/coat-drive), at 375 and 1280 px with
 * axe: they skip the optional question to reach the required one, see the presets converted when
 * they switch currency (and the long yen amount stay inside its tile in the four-column layout),
 * accept the monthly upsell, go back from the payment step and find their details and chosen
 * method kept, pay with the sandbox wallet and see their first name on the donor wall without a
 * reload. The campaign belongs to this journey; it changes no setting of the demo.
 */
const SHOTS = '/tmp/shots';
const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** The once-off preset tiles' amount texts, in order. */
async function presetLabels(page: Page): Promise<string[]> {
  return page.locator('.kd-tiles .kd-tile-amount').allInnerTexts();
}

async function chooseCurrency(page: Page, code: string) {
  await page.getByRole('button', { name: /^Currency:/ }).click();
  await page.getByRole('combobox', { name: 'Search currencies...' }).fill(code);
  await page
    .getByRole('option', { name: new RegExp(code) })
    .first()
    .click();
  await expect.poll(() => page.getByRole('button', { name: /^Currency:/ }).innerText()).toContain(code);
}

/** Each tile's content, the amount's own box too, fits inside the tile (measured, not styled). */
async function overflowingTiles(page: Page): Promise<string[]> {
  return page.locator('.kd-tiles .kd-tile').evaluateAll((tiles) =>
    tiles.flatMap((tile) => {
      const amount = tile.querySelector('.kd-tile-amount');
      const box = tile.getBoundingClientRect();
      const inner = amount?.getBoundingClientRect();
      // The amount is inline: its box must end inside the tile as well.
      const fits =
        tile.scrollWidth <= tile.clientWidth &&
        (!inner || (inner.left >= box.left - 0.5 && inner.right <= box.right + 0.5));
      return fits ? [] : [`${amount?.textContent}: ${tile.scrollWidth}/${inner?.width} > ${tile.clientWidth}`];
    }),
  );
}

describe('a donor’s whole journey on the public form', () => {
  const { newPage } = useBrowser();

  for (const width of [375, 1280]) {
    it(`at ${width} px: skip, convert, upsell, back and forth, wallet, donor wall`, async () => {
      await fs.mkdir(SHOTS, { recursive: true });
      const { page, context } = await newPage({ width, height: 900 });
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto('/coat-drive');
      await page.getByRole('group', { name: 'How often' }).waitFor({ timeout: 15_000 });
      expect(await seriousViolations(page)).toEqual([]);

      // Presets follow the currency: converted with the organisation's rates, not the same numbers.
      const dollars = await presetLabels(page);
      expect(dollars).toEqual(['$25', '$60', '$120', '$2,500']);
      await chooseCurrency(page, 'JPY');
      const yen = await presetLabels(page);
      expect(yen.every((label) => label.startsWith('¥'))).toBe(true);
      expect(yen.map((l) => l.replace(/\D/g, ''))).not.toEqual(dollars.map((l) => l.replace(/\D/g, '')));
      // The four-column layout's longest amount stays inside its tile (docs/product/donation-form.md#step-1-amount).
      expect((yen[3] ?? '').length).toBeGreaterThanOrEqual(8);
      expect(await overflowingTiles(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/donor-journey-yen-${width}.png`, fullPage: true });
      await chooseCurrency(page, 'EUR');
      const euros = await presetLabels(page);
      expect(euros.every((label) => label.startsWith('€'))).toBe(true);
      expect(euros.map((l) => l.replace(/\D/g, ''))).not.toEqual(dollars.map((l) => l.replace(/\D/g, '')));
      const gift = euros[1] ?? '';
      await page
        .getByRole('button', { name: new RegExp(`^${gift.replace(/[.]/g, '\\$&')} `) })
        .first()
        .click();

      // The optional question lets the donor past unanswered; the required one after it is reached.
      await page.getByRole('group', { name: 'Which of our winter programmes matters most to you?' }).waitFor();
      await page.getByRole('button', { name: 'Skip', exact: true }).click();
      const heard = page.getByRole('combobox', { name: /How did you hear about the coat drive/ });
      await heard.selectOption('At school');
      await page
        .getByRole('checkbox', { name: /Add Me to Donor Wall/ })
        .or(page.getByRole('switch', { name: 'Add Me to Donor Wall' }))
        .check();
      await page.getByRole('switch', { name: 'Show only my first name' }).check();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/donor-journey-step1-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Continue to Payment' }).click();

      // The monthly upsell, accepted: a smaller monthly gift in the same currency.
      await page.getByRole('heading', { name: 'Could you give monthly instead?' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      const accept = page.getByRole('button', { name: /^Yes, give €[\d.,]+ monthly$/ });
      const monthly = ((await accept.innerText()).match(/€[\d.,]+/) ?? [''])[0];
      await accept.click();
      const payment = page.getByRole('heading', { name: /^Payment/ }).filter({ hasText: `${monthly} · Monthly` });
      await payment.waitFor();

      // The donor looks at PayPal, settles on card and types their details.
      const first = `Juno${letters()}`;
      const details = {
        first,
        last: 'Quill',
        email: `${first.toLowerCase()}.${width}@example.org`,
        address: '12 Orchard Lane',
      };
      await page.getByRole('tab', { name: 'PayPal' }).click();
      await page.getByRole('tab', { name: 'Card/Direct Debit' }).click();
      await page.getByLabel(/^First Name/).fill(details.first);
      await page.getByLabel(/^Last Name/).fill(details.last);
      await page.getByLabel(/^Email/).fill(details.email);
      await page.getByLabel(/^Address\b(?! line)/).fill(details.address);

      // Back to step 1 and forward again: nothing typed is lost, the card tab is still chosen.
      await page.getByRole('button', { name: 'Back to step 1: Amount' }).click();
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      // Step 1 still holds the one-off amount, so the offer comes again; the same answer keeps the gift.
      await page.getByRole('button', { name: `Yes, give ${monthly} monthly` }).click();
      await payment.waitFor();
      expect(await page.getByRole('tab', { name: 'Card/Direct Debit' }).getAttribute('aria-selected')).toBe('true');
      expect(await page.getByLabel(/^First Name/).inputValue()).toBe(details.first);
      expect(await page.getByLabel(/^Last Name/).inputValue()).toBe(details.last);
      expect(await page.getByLabel(/^Email/).inputValue()).toBe(details.email);
      expect(await page.getByLabel(/^Address\b(?! line)/).inputValue()).toBe(details.address);
      await page.screenshot({ path: `${SHOTS}/donor-journey-back-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Next' }).click();

      // The sandbox wallet (the stand-in for Apple Pay and Google Pay) pays at once.
      const wallet = page.getByRole('button', { name: /^Pay with Sandbox Pay/ });
      await wallet.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/donor-journey-wallet-${width}.png`, fullPage: true });
      // A marker that a reload would lose.
      await page.evaluate(() => {
        (window as unknown as { journeyMarker: number }).journeyMarker = 7;
      });
      await wallet.click();
      await page.getByRole('heading', { name: /Thank you for your monthly €[\d.,]+ donation/ }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // The donor wall picks the gift up on its poll: the first name only.
      const wall = page.getByRole('region', { name: 'Recent supporters' });
      const mine = wall.getByRole('listitem').filter({ hasText: first });
      await mine.waitFor({ timeout: 40_000 });
      expect(await wall.innerText()).not.toContain('Quill');
      expect(await page.evaluate(() => (window as unknown as { journeyMarker?: number }).journeyMarker)).toBe(7);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/donor-journey-wall-${width}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
      // Two payment steps, a wallet and the wall's poll on a shared machine: more than the default minute.
    }, 150_000);
  }
});
