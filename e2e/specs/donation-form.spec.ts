import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { baseURL, useBrowser } from '../support/browser.ts';

const SHOTS = '/tmp/shots';

async function shot(page: Page, name: string) {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('the public donation form at /spring-appeal', () => {
  const { newPage } = useBrowser();

  it('shows step 1 with the seeded presets, intervals, designations and questions, accessible at 375 px', async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    await page.goto('/spring-appeal');
    await page.getByRole('heading', { level: 1, name: 'Spring Appeal' }).waitFor();
    expect(await page.title()).toBe('Donate to Spring Appeal · Riverside Food Bank');

    const intervals = page.getByRole('group', { name: 'How often' }).getByRole('button');
    expect(await intervals.allTextContents()).toEqual(['Once-off', 'Monthly']);
    const tiles = page.locator('.kd-tile .kd-tile-amount');
    expect(await tiles.allTextContents()).toEqual(['$25', '$50', '$100']);
    await page.getByRole('button', { name: /Fresh produce/ }).waitFor();
    await page.getByRole('button', { name: /Family hampers/ }).waitFor();
    await page.getByText('Question 1 of 2').waitFor();
    await page.getByRole('combobox', { name: /How did you hear about the Spring Appeal/ }).waitFor();
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'e2e-step1-375');

    // Monthly shows its own presets; the amount chosen before is reset.
    await page.locator('.kd-tile').first().click();
    await page.locator('.kd-summary').getByText('$25.00').waitFor();
    await intervals.filter({ hasText: 'Monthly' }).click();
    expect(await tiles.allTextContents()).toEqual(['$10', '$25']);
    expect(await page.locator('.kd-summary').count()).toBe(0);
    await context.close();
  });

  it('walks the question wizard and reaches the payment step', async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    await page.goto('/spring-appeal');
    await page.locator('.kd-tile').first().click();
    // Required question: 'Continue to Payment' stays hidden until it is answered.
    expect(await page.getByRole('button', { name: 'Continue to Payment' }).count()).toBe(0);
    await page.getByRole('combobox', { name: /How did you hear/ }).selectOption('Social media');
    await page.getByText('Question 2 of 2').waitFor();
    await page.getByPlaceholder('Type your answer here...').fill('Thank you, volunteers');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'e2e-wizard-375');

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    // conv15: the Spring Appeal offers the monthly upsell first; declining keeps the one-off gift.
    await page.getByRole('button', { name: /^No, give/ }).click();
    await page.getByRole('button', { name: 'Back to step 1: Amount' }).waitFor();
    await shot(page, 'e2e-step2-375');
    await page.getByRole('button', { name: 'Back to step 1: Amount' }).click();
    await page.getByRole('button', { name: 'Continue to Payment' }).waitFor();
    await context.close();
  });

  it('looks right on a wide screen', async () => {
    const { page, context } = await newPage({ width: 1280, height: 900 });
    await page.goto('/spring-appeal');
    await page.getByText('Question 1 of 2').waitFor();
    const width = await page.locator('.kindling-donation-form').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(480);
    await shot(page, 'e2e-step1-1280');
    await context.close();
  });

  it('shows the friendly not-found page for an unknown campaign', async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    const response = await page.goto('/no-such-campaign-here');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'No campaign data available' }).waitFor();
    await context.close();
  });
});

describe('the embed snippet on another site', () => {
  const { newPage } = useBrowser();
  let site: http.Server;
  let siteURL: string;

  beforeAll(async () => {
    const origin = baseURL();
    const snippet =
      `<iframe src="${origin}/campaign-embed/1" title="Donate to Spring Appeal" data-kindling-embed ` +
      `style="width:100%;max-width:480px;border:0;" loading="lazy"></iframe>\n<script async src="${origin}/embed.js"></script>`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>A charity site</title></head><body><h1>Our appeal</h1>${snippet}</body></html>`;
    site = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteURL = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => site.close(resolve));
  });

  it('renders the form inside the iframe and sizes the frame to it', async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    await page.goto(siteURL);
    const frame = page.frameLocator('iframe[data-kindling-embed]');
    await frame.getByRole('group', { name: 'How often' }).waitFor();
    const iframe = page.locator('iframe[data-kindling-embed]');
    await page.waitForFunction(() => {
      const el = document.querySelector<HTMLIFrameElement>('iframe[data-kindling-embed]');
      return Boolean(el?.style.height) && (el?.getBoundingClientRect().height ?? 0) > 300;
    });
    const frameHeight = await iframe.evaluate((el) => el.getBoundingClientRect().height);
    const contentHeight = await frame.locator('html').evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
    expect(frameHeight).not.toBe(150);
    expect(Math.abs(frameHeight - contentHeight)).toBeLessThanOrEqual(2);

    // It follows the content: opening the gift aid panel makes the frame taller.
    await frame.getByRole('button', { name: 'Gift aid preferences' }).click();
    await page.waitForFunction(
      (before) => (document.querySelector('iframe[data-kindling-embed]')?.getBoundingClientRect().height ?? 0) > before,
      frameHeight,
    );
    await shot(page, 'e2e-embed-375');
    await context.close();
  });
});
