import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.KINDLING_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/cable': { target: apiTarget, ws: true },
      '/sandbox': apiTarget,
      '/healthz': apiTarget,
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
