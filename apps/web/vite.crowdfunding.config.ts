import { defineConfig } from 'vite';
import donate from './vite.donate.config.ts';

/**
 * cf17: the public crowdfunding page (/crowdfunding/{id}) with the donation pages' preact setup, built on its
 * own like the event page so it shares no chunk with donate.html; the donation form it shows in its modal
 * is a lazy chunk of this build (docs/decisions/048-crowdfunding.md).
 */
export default defineConfig({
  ...donate,
  build: { ...donate.build, rollupOptions: { input: { crowdfunding: 'crowdfunding.html' } } },
});
