import { defineConfig } from 'vite';
import donate from './vite.donate.config.ts';

/**
 * p2p16: the public team page (/team-page/{url}) with the donation pages' preact setup, built on its own
 * like the event and crowdfunding pages so it shares no chunk with donate.html
 * (docs/decisions/079-light-team-page-and-live-leaderboards.md).
 */
export default defineConfig({
  ...donate,
  build: { ...donate.build, rollupOptions: { input: { team: 'team.html' } } },
});
