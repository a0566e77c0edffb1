import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { baseURL, useBrowser } from '../support/browser.ts';

/**
 * Scalar's own markup breaks these rules and no option of it changes that: its sidebar items carry
 * aria-expanded on a role that does not allow it, and a few of its icon buttons have no name
 * (decision 020). Everything else, Scalar's colours included, is checked.
 */
const SCALAR_MARKUP_RULES = ['aria-allowed-attr', 'button-name'];

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

  it.each(['light', 'dark'] as const)(
    'renders the API reference from its own origin, inside the public site (%s)',
    async (colorScheme) => {
      const { page, context } = await newPage({ colorScheme });
      const elsewhere: string[] = [];
      const refused: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(baseURL()) && !/^(data|blob):/.test(url)) elsewhere.push(url);
      });
      page.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) refused.push(message.text());
      });
      await page.goto('/api-reference');
      await page.getByRole('heading', { level: 1, name: 'API reference' }).waitFor();
      await page.getByRole('banner').waitFor();
      await page.getByRole('contentinfo').waitFor();
      // An operation of the document, rendered by Scalar.
      await page.getByRole('heading', { name: 'This document' }).first().waitFor({ timeout: 90_000 });
      expect(await page.locator('.scalar-app').getByText('/api/v1/npo_admin/donors').count()).toBeGreaterThan(0);
      expect(elsewhere).toEqual([]);
      expect(refused).toEqual([]);
      expect(await seriousViolations(page, { exclude: '.scalar-app' })).toEqual([]);
      expect(await seriousViolations(page, { include: '.scalar-app', disableRules: SCALAR_MARKUP_RULES })).toEqual([]);
      await context.close();
    },
    // A 3.5 MB script and axe over some 140 operations: a minute and more on a busy machine.
    240_000,
  );
});
