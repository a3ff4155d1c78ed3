import { afterEach } from 'vitest';
import { describeOpenPages } from './browser';

/**
 * Setup file of the browser tests (vitest.config.ts): when a test fails, the log shows what its
 * open pages showed — address, uncaught errors, text — before the suite closes them. CI takes no
 * screenshots, and a failure that happens once in many runs is otherwise known only by its
 * time-out message.
 */
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const pages = await describeOpenPages();
  console.log(`[e2e failure] ${task.name}: ${pages.length} open page(s)\n${pages.map((p) => `- ${p}`).join('\n')}`);
});
