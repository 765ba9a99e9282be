import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // At least three test files at a time, also on two cores: much of a file's time is spent waiting on
    // PostgreSQL or on a shop process, and vitest's default (cores - 1) would run them one by one.
    // On two cores three workers took the run from 147 s to 123 s.
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'shop',
          include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          // A worker keeps its loaded modules from one test file to the next: importing the app took
          // 2-3 s per file. Each file still gets its own databases and app (test-support.ts).
          isolate: false,
          globalSetup: ['src/server/testing/seeded-databases.ts', 'src/server/testing/firebase-emulator-setup.ts'],
        },
      },
      {
        extends: true,
        // What only a component does (a stepper's limits, a gallery's arrows, a dialog's focus), in a
        // document of its own per file: milliseconds, where the browser tests need a page and a shop.
        test: {
          name: 'components',
          include: ['src/web/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/web/testing/component-setup.ts'],
        },
      },
    ],
  },
});
