import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';

describe('route guards', () => {
  const { newPage } = useBrowser();

  it('shows Unauthorized for a route outside the role, and Back returns', async () => {
    const { page, context } = await newPage();
    await signIn(page, 'staff@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.goto('/admin/account');
    await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
    await page.getByText('You are not authorized to view this page.').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/dashboard/home');
    await context.close();
  });

  it('shows Session Expired when the session cookie disappears mid-session', async () => {
    const { page, context } = await newPage();
    await signIn(page, 'admin@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await context.clearCookies({ name: 'kindling_session' });
    await page.reload();
    await page.getByText('Session Expired').waitFor();
    const logIn = page.getByRole('link', { name: 'Log In Again' });
    expect(await logIn.getAttribute('href')).toBe('/login');
    await context.close();
  });

  it('sends a visitor without a session to /login and back to the page after sign-in', async () => {
    const { page, context } = await newPage();
    await page.goto('/dashboard/donors');
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill('manager@kindling.test');
    await page.getByLabel(/^Password/).fill('kindling-demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard/donors');
    await context.close();
  });
});
