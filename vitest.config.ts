import { defineConfig } from 'vitest/config';

// Three projects so each layer can be run alone (npm run test:unit|api|e2e).
// API and browser tests start real servers; they run in forks with a generous time-out.
export default defineConfig({
  test: {
    projects: [
      // jsdom renders of antd + Formily take seconds on a loaded two-core machine: generous time-out.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node', testTimeout: 30_000 } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } },
      // The hostile-input suite and the crash test (issue 17): real servers, like the API tests.
      { test: { name: 'security', include: ['tests/security/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } },
      {
        test: {
          name: 'e2e', include: ['tests/e2e/**/*.test.ts'], environment: 'node',
          testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false,
          // A page load on a loaded two-core CI machine can take seconds: polls wait for it instead of
          // the one-second default, and still return as soon as the page shows what is expected.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
