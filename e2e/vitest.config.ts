import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/workers';

export default defineConfig({
  resolve: {
    alias: {
      '@common': fileURLToPath(new URL('../src/common', import.meta.url)),
    },
  },
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    setupFiles: ['e2e/support/per-file.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // E2E_WORKERS files at once, each worker with its own app (support/global-setup.ts).
    fileParallelism: true,
    maxWorkers: E2E_WORKERS,
    pool: 'forks',
    // A worker runs its files one after another in one process: playwright-core, sharp and the
    // support modules load once per worker instead of once per file (about 4 s each).
    isolate: false,
  },
});
