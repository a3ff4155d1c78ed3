import { measureModel } from './model';
import { measureBrowser } from './browser';

/**
 * bench/designer: the online designer on a 200-field design (BENCH_FIELDS). Budgets (issue 14):
 * an operation plus re-render ≤ 50 ms, a selection ≤ 50 ms, a drag ≥ 50 frames/s. This prints the
 * model's share of the operation budget, then the same in Chromium on the designer page, measured in one run; the figures are ratios to the
 * budget, not assertions (the machines are noisy). BENCH_DIST=<folder> serves an existing build;
 * BENCH_BROWSER=0 skips the browser half.
 */
const FIELDS = Number(process.env.BENCH_FIELDS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BUDGET_MS = 50;

console.log(`bench/designer: model operations on a ${FIELDS}-field design, ${RUNS} runs each`);
for (const { name, p50, p99 } of measureModel(FIELDS, RUNS)) {
  console.log(`  ${name.padEnd(36)} p50 ${p50.toFixed(2).padStart(7)} ms  p99 ${p99.toFixed(2).padStart(7)} ms  (p99 = ${(p99 / BUDGET_MS * 100).toFixed(1)}% of ${BUDGET_MS} ms)`);
}

if (process.env.BENCH_BROWSER !== '0') {
  const runs = Number(process.env.BENCH_BROWSER_RUNS ?? 15);
  const figures = await measureBrowser(FIELDS, runs);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const worst = (values: number[]) => Math.max(...values);
  const line = (name: string, values: number[]) => console.log(`  ${name.padEnd(36)} median ${median(values).toFixed(1).padStart(6)} ms  worst ${worst(values).toFixed(1).padStart(6)} ms  (median = ${(median(values) / BUDGET_MS * 100).toFixed(0)}% of ${BUDGET_MS} ms)`);
  console.log(`\nbench/designer: the designer page in Chromium 1600×1000, ${runs} runs each`);
  line('select a field (click → panel painted)', figures.selectMs);
  line('  the click\'s Event Timing duration', figures.selectEventMs);
  line('duplicate (click → copy painted)', figures.operationMs);
  line('undo (click → copy gone, painted)', figures.undoMs);
  console.log(`  drag across the canvas                 ${figures.dragFps.toFixed(0)} frames/s  (${(figures.dragFps / 50 * 100).toFixed(0)}% of the 50 frames/s floor)`);
}
