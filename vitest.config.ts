import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Money, dates and sorting must not depend on the machine.
    env: { TZ: 'UTC' },
    // Vitest's default on two cores is one file at a time, which leaves a core idle while a file
    // imports the app or waits on PostgreSQL; two at once keep both busy (docs/testing.md).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          environment: 'node',
          include: ['packages/contracts/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          css: false,
          // Full-screen interactions in jsdom take seconds on a busy two-core machine; the default
          // 5 s failed tests that were only slow.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
