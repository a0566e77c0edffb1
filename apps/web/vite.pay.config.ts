import { defineConfig } from 'vite';
import donate from './vite.donate.config.ts';

/**
 * pay25: the public payment page (/pay/{id}) with the donation pages' preact setup, built on its own so
 * that it shares no chunk with donate.html (docs/decisions/050-payment-requests.md).
 */
export default defineConfig({
  ...donate,
  build: { ...donate.build, rollupOptions: { input: { pay: 'pay.html' } } },
});
