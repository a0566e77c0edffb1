import fs from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { fillDonorDetails, fillStepOne, payWithSandboxCard, staffApi } from '../support/donation-form.ts';

/**
 * The recurring loop on a phone (375 × 812): a donor starts a monthly gift with the sandbox card
 * 4000 0000 0000 0341 (paid now, every later off-session charge declines), the scheduler charges
 * the plan when it falls due (its clock driven through the test-only sweep of one plan), the
 * donor's failed-charge e-mail with the link to update the card is in the mail outbox, and staff
 * see the plan past due on /dashboard/recurring and on the plan's page.
 */
const SHOTS = '/tmp/shots';
const email = `recurring.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.org`;

type Eml = { headers: string; text: string };

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

async function mailsTo(to: string): Promise<Eml[]> {
  const dir = path.join(inject('dataDir'), 'mail');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails = await Promise.all(
    files.map(async (file) => {
      const raw = await fs.readFile(path.join(dir, file), 'utf8');
      const split = raw.indexOf('\n\n');
      return { headers: raw.slice(0, split), text: decodeQuotedPrintable(raw.slice(split + 2)) };
    }),
  );
  return mails.filter((m) => new RegExp(`^To: .*${to.replace(/[.]/g, '\\.')}`, 'mi').test(m.headers));
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 80; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function csrfOf(api: APIRequestContext): Promise<string> {
  return (await api.storageState()).cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
}

describe('recurring plans: a declined scheduled charge', () => {
  const { newPage } = useBrowser();

  beforeAll(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
  });

  it('e-mails the donor a link to update the card and shows the plan past due to staff', async () => {
    // The donor's monthly gift on a phone.
    const { page: donor } = await newPage({ width: 375, height: 812 });
    await donor.goto('/spring-appeal');
    await donor.getByRole('group', { name: 'How often' }).waitFor({ timeout: 15_000 });
    await fillStepOne(donor, { interval: 'Monthly', preset: '$10' });
    await fillDonorDetails(donor, { first: 'Decline', last: 'Later', email });
    await payWithSandboxCard(donor, '4000 0000 0000 0341');
    await donor.getByRole('heading', { name: /Thank you for your monthly/ }).waitFor();

    // Staff find the plan; the scheduler charges it at its due time (the test's clock).
    const { context } = await newPage();
    const api = await staffApi(context.request, 'admin@kindling.test');
    const listed = await waitFor(
      async () => (await api.get(`/api/v1/npo_admin/recurring_plans?q=${encodeURIComponent(email)}`)).json(),
      (body) => body.plans?.length === 1,
      'the plan',
    );
    const plan = listed.plans[0];
    expect(plan).toMatchObject({ status: 'active', amount_minor: 1000, interval: 'monthly' });
    const due = new Date(new Date(plan.next_charge_at).getTime() + 60_000).toISOString();
    const swept = await api.post(`/api/v1/npo_admin/recurring_plans/${plan.id}/test_sweep`, {
      data: { now: due },
      headers: { 'x-csrf-token': await csrfOf(api) },
    });
    expect(swept.status(), await swept.text()).toBe(200);
    expect(await swept.json()).toEqual({ outcomes: ['failed'] });

    // The donor's e-mail: the failure and a link that opens this plan's payment method change.
    const [failed] = await waitFor(
      async () => (await mailsTo(email)).filter((m) => /could not be charged/.test(m.headers)),
      (mails) => mails.length > 0,
      'the failed-charge e-mail',
    );
    expect(failed?.text).toContain('Your card was declined.');
    expect(failed?.text).toMatch(new RegExp(`/portal/[^\\s)"]+\\?plan=${plan.id}`));

    // Staff on a phone: the list filtered to past due, then the plan's page.
    const { page: staff } = await newPage({ width: 375, height: 812 });
    await signIn(staff, 'admin@kindling.test');
    await staff.waitForURL(/\/dashboard\//);
    await staff.goto(`/dashboard/recurring?status=past_due&q=${encodeURIComponent(email)}`);
    const row = staff.getByRole('listitem').filter({ hasText: 'Decline Later' });
    await row.getByText('Past due').waitFor();
    await staff.screenshot({ path: `${SHOTS}/recurring-list-375.png`, fullPage: true });
    await row.getByRole('link', { name: 'Decline Later' }).click();
    await staff.getByText('The last charge failed').waitFor();
    await staff.getByText('Your card was declined.').first().waitFor();
    expect(await staff.getByRole('button', { name: 'Retry now' }).isVisible()).toBe(true);
    await staff.screenshot({ path: `${SHOTS}/recurring-plan-375.png`, fullPage: true });
    expect(await seriousViolations(staff)).toEqual([]);
    // No horizontal scrolling on a phone.
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // And on a wide screen: the table of every plan, then this plan.
    const { page: wide } = await newPage({ width: 1280, height: 900 });
    await signIn(wide, 'admin@kindling.test');
    await wide.waitForURL(/\/dashboard\//);
    await wide.goto('/dashboard/recurring');
    await wide.getByRole('table', { name: 'Recurring plans' }).getByText('Decline Later').waitFor();
    await wide.screenshot({ path: `${SHOTS}/recurring-list-1280.png`, fullPage: true });
    expect(await seriousViolations(wide)).toEqual([]);
    await wide.goto(`/dashboard/recurring-plan/${plan.id}`);
    await wide.getByRole('table', { name: 'Charge history' }).waitFor();
    await wide.screenshot({ path: `${SHOTS}/recurring-plan-1280.png`, fullPage: true });

    // Dark mode reads as well.
    const { page: dark } = await newPage({ width: 1280, height: 900, colorScheme: 'dark' });
    await signIn(dark, 'admin@kindling.test');
    await dark.waitForURL(/\/dashboard\//);
    await dark.goto(`/dashboard/recurring-plan/${plan.id}`);
    await dark.getByRole('table', { name: 'Charge history' }).waitFor();
    await dark.screenshot({ path: `${SHOTS}/recurring-plan-1280-dark.png`, fullPage: true });
    expect(await seriousViolations(dark)).toEqual([]);
  });
});
