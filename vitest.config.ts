import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@common': fileURLToPath(new URL('./src/common', import.meta.url)),
      '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
      '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    environment: 'node',
    // The PostgreSQL run's migrated template database, created once per run and dropped at its end.
    globalSetup: ['src/server/test-support/postgres-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker process runs its files one after another without loading the app's modules again
    // (about 2.6 s a file): test files share no module state (each builds its own app and database,
    // and stubbed globals are restored after each test).
    isolate: false,
    unstubGlobals: true,
    // Vitest's default is one worker fewer than the cores: a single worker on a two-core CI machine,
    // which leaves a core idle while a test waits on PGlite or PostgreSQL. Test files share nothing
    // (each makes its own database), so run at least two at once. TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism()),
  },
});
