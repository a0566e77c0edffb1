import { defineConfig } from 'vite';
import donate from './vite.donate.config.ts';

/**
 * events18: the public event page (/event-page/{slug}) with the donation pages' preact setup, built on its
 * own so that it shares no chunk with donate.html: a shared chunk would split the donation page's
 * first load into more files and make it heavier (docs/decisions/045-events-and-ticket-orders.md).
 */
export default defineConfig({
  ...donate,
  build: { ...donate.build, rollupOptions: { input: { event: 'event.html' } } },
});
