import { defineConfig } from 'vitest/config';
import { zhCnSplit } from './scripts/vite/zhCnSplit';
import { SweepsFirst } from './tests/support/sweepsFirst';

// The default pack's two halves are modules of this plugin (src/i18n/packs/zhCn.ts); a project
// takes no plugin from the root config, so each lists it.
const plugins = [zhCnSplit()];

// Three projects so each layer can be run alone (npm run test:unit|api|e2e).
// API and browser tests start real servers; they run in forks with a generous time-out.
export default defineConfig({
  test: {
    // Three workers on two cores: an API test spends most of its time waiting on its server's
    // database (PostgreSQL is another process) and on HTTP, so three files at once finish the unit,
    // API and security projects in about 40% of the time one worker takes (measured: 404 s against
    // ~1,020 s of test time). The browser project runs afterwards, two files at a time.
    maxWorkers: 3,
    // One id per run for the seeded template database, removed when the run ends (tests/support/templateRun.ts).
    globalSetup: ['tests/support/templateRun.ts'],
    // The hostile-input sweeps start first: their longest file no longer ends the group alone.
    sequence: { sequencer: SweepsFirst },
    projects: [
      // jsdom renders of antd + Formily take seconds on a loaded two-core machine: generous time-out.
      { plugins, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node', testTimeout: 30_000 } },
      // isolate: false — the files of a worker share one module cache: the server's thousand modules
      // are imported once per worker, not once per file (measured: 6 API files, import 36 s → 9 s).
      // Safe because every test starts servers of its own and the server's module-level state
      // (registries of hooks, rules and caches) is keyed by what it serves, not per process.
      { plugins, test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, isolate: false } },
      // The hostile-input suite and the crash test (issue 17): real servers, like the API tests.
      { plugins, test: { name: 'security', include: ['tests/security/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, isolate: false } },
      {
        plugins,
        test: {
          name: 'e2e', include: ['tests/e2e/**/*.test.ts'], environment: 'node',
          // A failed test logs what its pages showed (CI keeps no screenshot).
          setupFiles: ['tests/support/e2eFailureReport.ts'],
          testTimeout: 120_000, hookTimeout: 180_000, maxWorkers: 2, isolate: false,
          // A group of its own (vitest refuses a non-isolated project with another worker count in
          // the group of the others): the browser files start when the last API file has finished.
          // Two at a time: a browser file waits on its page as much as it computes (measured: the
          // browser phase 545 s one at a time, 468 s two at a time, on a quiet two-core machine).
          sequence: { groupOrder: 1 },
          // A page load on a loaded two-core CI machine can take seconds: polls wait for it instead of
          // the one-second default, and still return as soon as the page shows what is expected.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
