import { describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from '../support/browser.ts';

describe('the served app', () => {
  const { newPage } = useBrowser();

  it('serves the web app and the health check from one port', async () => {
    const health = await fetch(`${baseURL()}/healthz`);
    expect(health.status).toBe(200);
    const { page, context } = await newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign Up' }).first().waitFor();
    expect(await page.title()).toContain('Kindling');
    await context.close();
  });
});
