import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseURL = () => inject('baseURL');

/** One Debian Chromium per spec file; never a browser downloaded by a tool. */
export function useBrowser(): {
  browser: () => Browser;
  newPage: (options?: {
    width?: number;
    height?: number;
    colorScheme?: 'light' | 'dark';
  }) => Promise<{ page: Page; context: BrowserContext }>;
} {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    browser: () => browser,
    newPage: async (options = {}) => {
      const context = await browser.newContext({
        baseURL: baseURL(),
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        colorScheme: options.colorScheme ?? 'light',
      });
      const page = await context.newPage();
      return { page, context };
    },
  };
}
