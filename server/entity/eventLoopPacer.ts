import { setImmediate as nextTurn } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';

/** Longest stretch a long loop runs before it lets other requests in. */
const SLICE_MS = 10;

/**
 * Long loops over an import's rows (parsing, checking, writing 100,000 rows) must not hold the
 * event loop: `await pace()` in the loop gives it back (setImmediate, so pending I/O runs first)
 * once the loop has run for SLICE_MS since it last did, and costs nothing in between.
 */
export function eventLoopPacer(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}
