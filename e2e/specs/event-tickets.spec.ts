import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { mailsTo } from '../support/mail-outbox.ts';

const SHOTS = '/tmp/shots';

/** Before a full-page screenshot: no focused control (the skip link shows on focus), scrolled to the top. */
const settle = (page: Page) =>
  page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });

// Adds orders to the demo's Harvest Gala (General admission has 172 seats left): nothing to restore.
describe('the public event page', () => {
  const { newPage } = useBrowser();

  for (const width of [375, 1280]) {
    it(`sells two tickets with EARLYBIRD and a gift through the sandbox (${width} px)`, async () => {
      const { page } = await newPage({ width, height: width < 768 ? 740 : 900 });
      await fs.mkdir(SHOTS, { recursive: true });
      await page.goto('/event-page/harvest-gala');
      await page.getByRole('heading', { level: 1, name: 'Harvest Gala' }).waitFor();
      await expect
        .poll(() => page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href'))
        .toBe('/api/v1/event_page/harvest-gala/calendar.ics');
      expect(await page.getByText('Only 2 left').count()).toBeGreaterThan(0);
      // e18: the gala's three images: the first as the hero, the others in a strip, with WebP variants.
      const hero = page.getByRole('img', { name: /^Long tables set for dinner/ });
      await hero.waitFor();
      expect(await hero.getAttribute('srcset')).toMatch(/-w480\.webp 480w/);
      await expect
        .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(await page.getByRole('list', { name: 'More images' }).getByRole('img').count()).toBe(2);
      await page.screenshot({ path: `${SHOTS}/event-page-${width}.png` });
      expect(await seriousViolations(page)).toEqual([]);

      const buyer = `Ezra${width}`;
      await page.getByLabel('General admission').selectOption('2');
      await page.getByRole('textbox', { name: 'First name' }).fill(buyer);
      await page.getByRole('textbox', { name: 'Last name' }).fill('Eventgoer');
      await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`ezra${width}@example.org`);
      const names = page.getByRole('textbox', { name: 'Attendee name' });
      await names.nth(1).fill(`Guest of ${buyer}`);
      await page.getByRole('textbox', { name: 'Attendee e-mail' }).nth(1).fill(`guest${width}@example.org`);
      // fin18: the gala asks each attendee's meal (required) and, optionally, allergies.
      await page.getByRole('combobox', { name: 'Meal choice' }).nth(0).selectOption('Roast chicken');
      await page.getByRole('combobox', { name: 'Meal choice' }).nth(1).selectOption('Harvest bowl (vegan)');
      await page.getByRole('textbox', { name: 'Allergies or dietary needs (optional)' }).nth(1).fill('Sesame');
      await page.getByRole('textbox', { name: 'Discount code' }).fill('earlybird');
      await page.getByRole('textbox', { name: /Add a gift/ }).fill('25');
      await page.getByText('Order total:').getByText('$325.00').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Continue to payment' }).click();

      // 2 × $150.00 less 15%, plus the $25.00 gift; deductible: $255.00 − $120.00 + $25.00.
      const payment = page.getByRole('region', { name: 'Payment' });
      await payment.getByText('$280.00').first().waitFor();
      await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
      await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
      await page.getByRole('textbox', { name: 'CVC' }).fill('123');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: /^Pay \$/ }).click();

      const confirmation = page.getByRole('region', { name: /You’re going to Harvest Gala/ });
      await confirmation.waitFor();
      await confirmation.getByText('Tax-deductible amount: $160.00.').waitFor();
      await confirmation.getByText(/which we estimate in good faith at \$120\.00/).waitFor();
      await page.screenshot({ path: `${SHOTS}/event-confirmation-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    }, 120_000);

    it(`shows staff the order of a purchase (${width} px)`, async () => {
      const buyer = `Ezra${width}`;
      // Staff find the order on the event's page and open it.
      const staff = (await newPage({ width, height: width < 768 ? 740 : 900 })).page;
      await signIn(staff, 'staff@kindling.test');
      await staff.waitForURL('**/dashboard/home');
      // e18: the ticket orders list finds the order by an attendee's name, filtered to the gala's paid orders.
      await staff.goto('/dashboard/tickets');
      await staff.getByRole('heading', { level: 1, name: 'Tickets' }).waitFor();
      await staff.getByRole('textbox', { name: 'Search' }).fill(`Guest of ${buyer}`);
      await staff.waitForURL(/search=Guest/, { timeout: 30_000 });
      const found = staff.getByRole(width < 768 ? 'listitem' : 'row').filter({ hasText: `${buyer} Eventgoer` });
      await found.first().waitFor({ timeout: 30_000 });
      await staff
        .getByRole('textbox', { name: 'Status', exact: true })
        .or(staff.getByRole('combobox', { name: 'Status', exact: true }))
        .first()
        .click();
      await staff.getByRole('option', { name: 'Paid', exact: true }).click();
      await staff.waitForURL(/status=paid/);
      await found.first().getByText('Paid', { exact: true }).waitFor();
      expect(await staff.getByRole('link', { name: 'All transactions' }).getAttribute('href')).toBe(
        '/dashboard/transactions',
      );
      expect(await staff.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain(
        '/api/v1/npo_admin/ticket_orders.csv?search=',
      );
      await settle(staff);
      await staff.screenshot({ path: `${SHOTS}/ticket-orders-${width}.png`, fullPage: true });
      expect(await seriousViolations(staff)).toEqual([]);
      await found
        .first()
        .getByRole('link', { name: `${buyer} Eventgoer` })
        .click();
      await staff.getByRole('heading', { level: 1, name: `Order from ${buyer} Eventgoer` }).waitFor();
      // And from the event's own page.
      await staff.goto('/dashboard/events');
      await staff.getByRole('main').getByRole('link', { name: 'Harvest Gala' }).first().click();
      await staff.getByRole('link', { name: `${buyer} Eventgoer` }).click();
      await staff.waitForURL(/\/dashboard\/tickets\/\d+$/);
      await staff.getByRole('heading', { level: 1, name: `Order from ${buyer} Eventgoer` }).waitFor();
      await staff.getByText('EARLYBIRD').first().waitFor();
      expect(await staff.getByRole('cell', { name: `Guest of ${buyer}` }).count()).toBe(1);
      await staff.getByText('Harvest bowl (vegan)').first().waitFor();
      await staff.screenshot({ path: `${SHOTS}/event-order-${width}.png`, fullPage: true });
      expect(await seriousViolations(staff)).toEqual([]);
    }, 120_000);

    // tix18: the buyer's e-mail carries the e-tickets; the door checks one in by its typed code, once.
    it(`checks the buyer's ticket in at the door by its code, once (${width} px)`, async () => {
      const buyer = `Ezra${width}`;
      let code = '';
      let mail = '';
      for (let i = 0; i < 80 && !code; i++) {
        mail =
          (await mailsTo(`ezra${width}@example.org`)).find((m) => m.includes('Your tickets for Harvest Gala')) ?? '';
        code = new RegExp(`- ${buyer} Eventgoer \\(General admission\\): ([A-Za-z0-9_-]+)`).exec(mail)?.[1] ?? '';
        if (!code) await new Promise((r) => setTimeout(r, 250));
      }
      expect(code).toMatch(/^[A-Za-z0-9_-]{24}$/);
      // e18: the e-mail carries the PDF tickets and the calendar invitation.
      expect(mail).toMatch(/Content-Type: application\/pdf/i);
      expect(mail).toMatch(/Content-Type: text\/calendar/i);
      const { page: door } = await newPage({ width, height: width < 768 ? 740 : 900 });
      await signIn(door, 'staff@kindling.test');
      await door.waitForURL('**/dashboard/home');
      await door.goto('/dashboard/events');
      await door
        .getByRole('row', { name: /Harvest Gala/ })
        .getByRole('link', { name: 'Check-in' })
        .click();
      await door.getByRole('heading', { level: 1, name: 'Check-in: Harvest Gala' }).waitFor();
      const before = await door.getByTestId('check-in-counts').textContent();
      expect(await seriousViolations(door)).toEqual([]);
      await door.getByRole('textbox', { name: /^Ticket code/ }).fill(code);
      await door.getByRole('button', { name: 'Check in', exact: true }).click();
      await door.getByRole('status').getByText(`Admitted: ${buyer} Eventgoer`).waitFor();
      await expect.poll(() => door.getByTestId('check-in-counts').textContent()).not.toBe(before);
      const overflow = await door.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousViolations(door)).toEqual([]);
      await door.getByRole('textbox', { name: /^Ticket code/ }).fill(code);
      await door.getByRole('button', { name: 'Check in', exact: true }).click();
      await door
        .getByRole('status')
        .getByText(/^Already checked in at .+ by Stella Staff\.$/)
        .waitFor();
      await door.screenshot({ path: `${SHOTS}/event-check-in-${width}.png`, fullPage: true });
      expect(await seriousViolations(door)).toEqual([]);
    }, 120_000);

    // fin18: staff send the tickets again, refund the guest's ticket, then the rest of the order;
    // every seat goes back on sale and the order reads as ticket purchases in the transactions list.
    it(`resends the tickets and refunds one ticket, then the whole order (${width} px)`, async () => {
      const buyer = `Ezra${width}`;
      const remaining = async (p: Page) => {
        const event = (await (await p.request.get('/api/v1/event_page/harvest-gala')).json()) as {
          ticket_types: { name: string; remaining: number }[];
        };
        return event.ticket_types.find((t) => t.name === 'General admission')?.remaining ?? -1;
      };
      const { page: admin } = await newPage({ width, height: width < 768 ? 740 : 900 });
      await signIn(admin, 'admin@kindling.test');
      await admin.waitForURL('**/dashboard/home');
      await admin.goto('/dashboard/events');
      await admin.getByRole('main').getByRole('link', { name: 'Harvest Gala' }).first().click();
      await admin.getByRole('link', { name: `${buyer} Eventgoer` }).click();
      await admin.getByRole('heading', { level: 1, name: `Order from ${buyer} Eventgoer` }).waitFor();

      const mailsBefore = (await mailsTo(`ezra${width}@example.org`)).length;
      await admin.getByRole('button', { name: 'Resend tickets' }).click();
      await admin.getByRole('status').getByText(`Tickets sent again to ezra${width}@example.org.`).waitFor();
      await expect
        .poll(async () => (await mailsTo(`ezra${width}@example.org`)).length, { timeout: 30_000 })
        .toBeGreaterThan(mailsBefore);

      const seats = await remaining(admin);
      await admin.getByRole('button', { name: `Refund Guest of ${buyer}'s ticket` }).click();
      await admin.getByRole('button', { name: `Confirm the refund of Guest of ${buyer}'s ticket` }).click();
      await admin.getByText('partly refunded').waitFor();
      await expect.poll(() => remaining(admin)).toBe(seats + 1);
      // A long e-mail or payment reference stays inside the page on a phone.
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await settle(admin);
      await admin.screenshot({ path: `${SHOTS}/event-order-partly-refunded-${width}.png`, fullPage: true });
      expect(await seriousViolations(admin)).toEqual([]);

      await admin.getByRole('button', { name: 'Refund the whole order' }).click();
      await admin.getByRole('button', { name: 'Confirm: refund the whole order' }).click();
      // A refunded order has no tickets to send and no refund to offer ("refunded" alone also names the guest's ticket).
      await admin.getByRole('button', { name: 'Resend tickets' }).waitFor({ state: 'detached' });
      expect(await admin.getByRole('button', { name: /^Refund / }).count()).toBe(0);
      await expect.poll(() => remaining(admin)).toBe(seats + 2);
      await settle(admin);
      await admin.screenshot({ path: `${SHOTS}/event-order-refunded-${width}.png`, fullPage: true });
      expect(await seriousViolations(admin)).toEqual([]);

      // The ticket orders list reads it as refunded.
      await admin.goto(`/dashboard/tickets?status=refunded&search=${buyer}`);
      await admin
        .getByRole(width < 768 ? 'listitem' : 'row')
        .filter({ hasText: `${buyer} Eventgoer` })
        .getByText('Refunded', { exact: true })
        .waitFor();

      // The transactions list (an old /dashboard/tickets?type= link still opens it) shows the purchase
      // and its refunds; at 375 px the status badges are whole words.
      await admin.goto('/dashboard/tickets?type=tickets');
      await admin.waitForURL(/\/dashboard\/transactions\?type=tickets$/);
      await admin.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
      const rows = admin.getByRole(width < 768 ? 'listitem' : 'row').filter({ hasText: `${buyer} Eventgoer` });
      await rows.first().waitFor();
      const clipped = await admin.evaluate(
        () =>
          Array.from(document.querySelectorAll<HTMLElement>('.mantine-Badge-label')).filter(
            (b) => b.scrollWidth > b.clientWidth + 1,
          ).length,
      );
      expect(clipped).toBe(0);
      await admin.screenshot({ path: `${SHOTS}/event-transactions-${width}.png`, fullPage: true });
      expect(await seriousViolations(admin)).toEqual([]);
    }, 180_000);
  }
});
