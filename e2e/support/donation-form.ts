import type { APIRequestContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from './accounts.ts';

/** Step 1 of the public form on /spring-appeal, driven as a donor would. */
export type StepOneChoice = {
  interval?: 'Once-off' | 'Monthly';
  /** A preset tile's amount text ('$25'), or a custom amount with its currency. */
  preset?: string;
  custom?: { currency: string; amount: string };
  giftAid?: boolean;
  designation?: string;
  comment?: string;
  wall?: { firstNameOnly?: boolean; showAmount?: boolean; showComment?: boolean };
  /** The answer to the required dropdown question. */
  heardFrom?: string;
  // conv15: the monthly upsell's answer when it is offered (default: decline).
  upsell?: 'accept' | 'decline';
};

export async function fillStepOne(page: Page, choice: StepOneChoice): Promise<void> {
  if (choice.interval && choice.interval !== 'Once-off') {
    await page.getByRole('button', { name: choice.interval, exact: true }).click();
  }
  if (choice.custom) {
    await page.getByRole('button', { name: /^Currency:/ }).click();
    await page.getByRole('combobox', { name: 'Search currencies...' }).fill(choice.custom.currency);
    await page
      .getByRole('option', { name: new RegExp(choice.custom.currency) })
      .first()
      .click();
    await page.getByLabel(/enter your own amount|^Amount$/).fill(choice.custom.amount);
  } else {
    await page
      .getByRole('button', { name: new RegExp(`^${(choice.preset ?? '$25').replace(/[$.]/g, '\\$&')} `) })
      .first()
      .click();
  }
  if (choice.giftAid) {
    await page.getByRole('button', { name: 'Gift aid preferences' }).click();
    await page.getByRole('checkbox', { name: /I want to Gift Aid/ }).check();
  }
  if (choice.designation) await page.getByRole('button', { name: new RegExp(`^${choice.designation}`) }).click();
  if (choice.comment) await page.getByLabel(/Your Message/).fill(choice.comment);
  if (choice.wall) {
    await page.getByRole('switch', { name: 'Add Me to Donor Wall' }).check();
    if (choice.wall.firstNameOnly) await page.getByRole('switch', { name: 'Show only my first name' }).check();
    if (choice.wall.showAmount) await page.getByRole('switch', { name: 'Display my donation amount' }).check();
    if (choice.wall.showComment) await page.getByRole('switch', { name: 'Share my comment publicly' }).check();
  }
  await page.getByRole('combobox', { name: /How did you hear/ }).selectOption(choice.heardFrom ?? 'Social media');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  // conv15: a once-off gift is offered the monthly upsell first (docs/product/donation-form.md#conversion).
  const upsell = page.getByRole('heading', { name: 'Could you give monthly instead?' });
  const payment = page.getByRole('heading', { name: /^Payment/ });
  await upsell
    .or(payment)
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => {});
  if (await upsell.isVisible()) {
    await page.getByRole('button', { name: choice.upsell === 'accept' ? /^Yes, give/ : /^No, give/ }).click();
  }
}

export type Donor = { first: string; last: string; email: string; address?: string; postcode?: string };

/** Card sub-step 0 (on the 'Card/Direct Debit' tab), then 'Next'. */
export async function fillDonorDetails(page: Page, donor: Donor): Promise<void> {
  await page.getByRole('tab', { name: 'Card/Direct Debit' }).click();
  await page.getByLabel(/^First Name/).fill(donor.first);
  await page.getByLabel(/^Last Name/).fill(donor.last);
  await page.getByLabel(/^Email/).fill(donor.email);
  if (donor.address) await page.getByLabel(/^Address\b(?! line)/).fill(donor.address);
  if (donor.postcode) await page.getByLabel(/^Postcode/).fill(donor.postcode);
  await page.getByRole('button', { name: 'Next' }).click();
}

/** The sandbox card form, then 'Complete Donation'. */
export async function payWithSandboxCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Complete Donation' }).click();
}

/** A staff API client signed in as a demo account (its own cookies and CSRF token). */
export async function staffApi(request: APIRequestContext, email: string) {
  await request.get('/api/v1/auth/config');
  const csrf = (await request.storageState()).cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
  const res = await request.post('/api/v1/npo_users/sign_in', {
    data: { npo_user: { email, password: DEMO_PASSWORD } },
    headers: { 'x-csrf-token': csrf },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return request;
}

export type StaffDonation = {
  id: number;
  amount_minor: number;
  currency: string;
  interval: string;
  donor: { first_name: string; last_name: string; email: string };
  designation: string | null;
  answers: { question_id: number | null; question: string; answer: string }[];
  comment: string;
  gift_aid: boolean;
  gift_aid_declaration: { name: string; address: string; postcode: string } | null;
  add_to_donor_wall: boolean;
  first_name_only_to_donor_wall: boolean;
  show_amount_on_donor_wall: boolean;
  show_comment_on_donor_wall: boolean;
  payment_method: string | null;
  provider: string | null;
  recurring_plan_id: number | null;
};

/** The staff list of a campaign's donations, newest first, filtered to one donor's e-mail. */
export async function donationsBy(request: APIRequestContext, campaignId: number, email: string) {
  const res = await request.get(`/api/v1/npo_admin/campaigns/${campaignId}/donations?per_page=100`);
  expect(res.status(), await res.text()).toBe(200);
  const { donations } = (await res.json()) as { donations: StaffDonation[] };
  return donations.filter((d) => d.donor.email === email);
}

/** The campaign's newest donations (staff API), for gifts whose e-mail the wallet supplies. */
export async function newestDonations(request: APIRequestContext, campaignId: number) {
  const res = await request.get(`/api/v1/npo_admin/campaigns/${campaignId}/donations?per_page=20`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { donations: StaffDonation[] }).donations;
}

/** A donor gives $25 once to Spring Appeal through the public form with a sandbox card. */
export async function giveTwentyFiveToSpringAppeal(page: Page, donor: Donor, card: string): Promise<void> {
  await page.goto('/spring-appeal');
  await page.getByRole('group', { name: 'How often' }).waitFor({ timeout: 15_000 });
  await fillStepOne(page, { preset: '$25' });
  await fillDonorDetails(page, donor);
  await payWithSandboxCard(page, card);
  await page.getByRole('heading', { name: /Thank you for your one time \$25/ }).waitFor();
}

/** The id of the Spring Appeal gift from `email`, once staff can see it (staff API). */
export async function springAppealGiftId(request: APIRequestContext, email: string): Promise<number> {
  const campaign = await (await request.get('/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal')).json();
  let gifts = await donationsBy(request, campaign.campaign.campaign_id, email);
  for (let i = 0; i < 40 && gifts.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 250));
    gifts = await donationsBy(request, campaign.campaign.campaign_id, email);
  }
  const id = gifts[0]?.id ?? 0;
  expect(id).toBeGreaterThan(0);
  return id;
}
