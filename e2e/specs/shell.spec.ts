import { describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';

describe('the application shell', () => {
  const { newPage } = useBrowser();

  it('keeps dark mode across a reload', async () => {
    const { page, context } = await newPage();
    await signIn(page, 'admin@kindling.test');
    await page.waitForURL('**/dashboard/home');
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    expect(await scheme()).toBe('light');
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    expect(await scheme()).toBe('dark');
    await page.reload();
    await page.getByRole('button', { name: 'Toggle dark mode' }).waitFor();
    expect(await scheme()).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
    await context.close();
  });

  it('opens and closes the navigation drawer at 375 px', async () => {
    const { page, context } = await newPage({ width: 375, height: 740 });
    await signIn(page, 'admin@kindling.test');
    await page.waitForURL('**/dashboard/home');
    const drawer = page.getByTestId('nav-drawer');
    expect(await drawer.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await drawer.waitFor({ state: 'visible' });
    await drawer.getByRole('link', { name: 'Donors' }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    // Navigating from the drawer closes it too.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await drawer.getByRole('link', { name: 'Donors' }).click();
    await page.waitForURL('**/dashboard/donors');
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('has no serious or critical accessibility violations on /login and /dashboard/home', async () => {
    const { page, context } = await newPage();
    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await signIn(page, 'admin@kindling.test');
    await page.waitForURL('**/dashboard/home');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
