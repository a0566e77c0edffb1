import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentTotp, signIn } from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

describe('signing in routes each kind of account to its place', () => {
  const { newPage } = useBrowser();

  it('takes a 5150 user through password and authenticator code to the two-factor section with backup codes', async () => {
    const { page, context } = await newPage();
    await signIn(page, 'mfa@kindling.test');
    const code = page.getByRole('textbox', { name: 'Authenticator code' });
    await code.waitFor();
    expect(await code.getAttribute('maxlength')).toBe('6');
    expect(await code.getAttribute('placeholder')).toBe('000000');
    await code.fill(currentTotp());
    await page.getByRole('button', { name: 'Verify', exact: false }).click();
    await page.waitForURL('**/profile#two-factor');
    // The first sign-in hands out ten single-use backup codes, shown once.
    const codes = page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    expect(await page.locator('#two-factor').getByRole('list', { name: 'Backup codes' }).count()).toBe(1);
    await context.close();
  });

  it('lands a 1123 fundraiser on /peer-dashboard with the limited sidebar', async () => {
    const { page, context } = await newPage();
    await signIn(page, 'fundraiser@kindling.test');
    await page.waitForURL('**/peer-dashboard');
    const nav = navigation(page);
    await nav.getByRole('link', { name: 'My donations' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Recurring donations' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Profile' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Campaigns' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Donors' }).count()).toBe(0);
    await context.close();
  });

  it('lets a member of two organisations pick one on /select-npo', async () => {
    const { page, context } = await newPage();
    await signIn(page, 'multi@kindling.test');
    await page.waitForURL('**/select-npo');
    await page.getByRole('button', { name: /Northern Lights Animal Rescue/ }).click();
    await page.waitForURL('**/dashboard/home');
    await page.getByRole('button', { name: /Organisation: Northern Lights Animal Rescue/ }).waitFor();
    await context.close();
  });

  it('shows a 2001 finance user no Organisation or Team links, while a 5150 admin has them', async () => {
    const finance = await newPage();
    await signIn(finance.page, 'finance@kindling.test');
    await finance.page.waitForURL('**/dashboard/home');
    const financeNav = navigation(finance.page);
    await financeNav.getByRole('link', { name: 'Payment processors' }).waitFor();
    expect(await financeNav.getByRole('link', { name: 'Organisation', exact: true }).count()).toBe(0);
    expect(await financeNav.getByRole('link', { name: 'Team', exact: true }).count()).toBe(0);
    await finance.context.close();

    const admin = await newPage();
    await signIn(admin.page, 'admin@kindling.test');
    await admin.page.waitForURL('**/dashboard/home');
    const adminNav = navigation(admin.page);
    await adminNav.getByRole('link', { name: 'Organisation', exact: true }).waitFor();
    expect(await adminNav.getByRole('link', { name: 'Team', exact: true }).count()).toBe(1);
    await admin.context.close();
  });

  it('sends a super-admin to /console', async () => {
    const { page, context } = await newPage();
    await signIn(page, 'console@kindling.test');
    await page.waitForURL('**/console');
    await context.close();
  });

  it('signs in offline through the sandbox Stripe consent page', async () => {
    const { page, context } = await newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Stripe' }).click();
    await page.getByRole('heading', { name: /Sandbox Stripe/ }).waitFor();
    await page.getByLabel('Account e-mail').fill('manager@kindling.test');
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL('**/dashboard/home');
    // The stored state is used once and the query string cleared.
    expect(await page.evaluate(() => localStorage.getItem('stripe_oauth_state'))).toBeNull();
    await context.close();
  });

  it('shows the server error for a wrong password and stays on /login', async () => {
    const { page, context } = await newPage();
    await signIn(page, 'admin@kindling.test', 'not-the-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
