import fs from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';
import { fillDonorDetails, fillStepOne, payWithSandboxCard } from '../support/donation-form.ts';

/**
 * E-mail templates on a phone-sized Chromium (375 × 812): staff change the receipt subject with a
 * merge field, the server's preview shows it filled in, they save, and the receipt e-mail of a new
 * gift in the mail outbox carries the new subject (and still the portal link). The template is
 * reset afterwards, so later specs get the default receipt.
 */
const SHOTS = '/tmp/shots';
const run = Math.random().toString(36).slice(2, 8);
const email = `templates.${Date.now()}.${run}@example.org`;

/** The headers of each message to `to` in the outbox, long lines unfolded. */
async function headersTo(to: string): Promise<string[]> {
  const dir = path.join(inject('dataDir'), 'mail');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const all = await Promise.all(
    files.map(async (file) => {
      const raw = await fs.readFile(path.join(dir, file), 'utf8');
      return raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    }),
  );
  return all.filter((headers) => new RegExp(`^To: .*${to.replace(/[.]/g, '\\.')}`, 'mi').test(headers));
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 80; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('e-mail templates', () => {
  const { newPage } = useBrowser();
  let staff: { page: Page; context: BrowserContext } | null = null;

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    // Back to the default receipt for the specs that follow on this server.
    if (staff) {
      const csrf = (await staff.context.storageState()).cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
      await staff.context.request.delete('/api/v1/npo_admin/email_templates/receipt', {
        headers: { 'x-csrf-token': csrf },
      });
      await staff.context.close();
    }
  });

  it('staff edit the receipt subject, the preview shows it, and the next receipt e-mail carries it', async () => {
    staff = await newPage({ width: 375, height: 812 });
    const { page } = staff;
    try {
      page.setDefaultTimeout(15_000);
      await editAndReceive(page, async () => (await newPage({ width: 375, height: 812 })).page);
    } catch (error) {
      await page.screenshot({ path: `${SHOTS}/email-templates-failed.png`, fullPage: true });
      throw error;
    }
  });
});

async function editAndReceive(page: Page, newDonorPage: () => Promise<Page>) {
  await signIn(page, 'admin@kindling.test');
  await page.waitForURL(/\/dashboard\//);
  await page.goto('/dashboard/campaigns/one-time-emails');
  const panel = page.getByRole('tabpanel', { name: 'Receipt' });
  const subject = panel.getByRole('textbox', { name: 'Subject' });
  await subject.waitFor();
  await page.getByTestId('preview-subject').first().waitFor();
  await page.screenshot({ path: `${SHOTS}/email-templates-375.png`, fullPage: true });
  console.info('templates e2e: page shown');
  // The preview frame is the e-mail itself (sandboxed, no scripts), not the app: axe cannot enter it.
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('iframe[title="E-mail preview"]')
    .analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      // The elements too: a failure seen once in CI must say where it was.
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
  console.info('templates e2e: axe done');

  await subject.fill(`Your receipt ${run}, `);
  await panel.getByRole('button', { name: 'Insert a merge field into the subject' }).click();
  await page.getByRole('menuitem', { name: /Donor first name/ }).click();
  await expect.poll(() => subject.inputValue()).toBe(`Your receipt ${run}, {{donor_first_name}}`);
  // The server renders the draft with the sample donor, Ada.
  await expect
    .poll(() => panel.getByTestId('preview-subject').textContent(), { timeout: 10_000 })
    .toBe(`Your receipt ${run}, Ada`);
  await panel.getByRole('button', { name: 'Save' }).click();
  await panel.getByText('Saved. New e-mails use this template.').waitFor();
  await page.screenshot({ path: `${SHOTS}/email-templates-saved-375.png`, fullPage: true });
  console.info('templates e2e: saved');

  const donor = await newDonorPage();
  await donor.goto('/spring-appeal');
  await donor.getByRole('group', { name: 'How often' }).waitFor({ timeout: 15_000 });
  await fillStepOne(donor, { preset: '$25' });
  await fillDonorDetails(donor, { first: 'Tempe', last: 'Plate', email });
  await payWithSandboxCard(donor, '4242 4242 4242 4242');
  await donor.getByRole('heading', { name: /Thank you for your one time/ }).waitFor();

  const [receipt] = await waitFor(
    () => headersTo(email),
    (mails) => mails.length > 0,
    'the receipt e-mail',
  );
  expect(receipt).toMatch(new RegExp(`^Subject: Your receipt ${run}, Tempe$`, 'm'));
}
