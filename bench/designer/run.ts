import { measureModel } from './model';

/**
 * bench/designer: the online designer on a 200-field design (BENCH_FIELDS). Budgets (issue 14):
 * an operation plus re-render ≤ 50 ms, a selection ≤ 50 ms, a drag ≥ 50 frames/s. This prints the
 * model's share of the operation budget, measured here in one run; the figures are ratios to the
 * budget, not assertions (the machines are noisy).
 */
const FIELDS = Number(process.env.BENCH_FIELDS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BUDGET_MS = 50;

console.log(`bench/designer: model operations on a ${FIELDS}-field design, ${RUNS} runs each`);
for (const { name, p50, p99 } of measureModel(FIELDS, RUNS)) {
  console.log(`  ${name.padEnd(36)} p50 ${p50.toFixed(2).padStart(7)} ms  p99 ${p99.toFixed(2).padStart(7)} ms  (p99 = ${(p99 / BUDGET_MS * 100).toFixed(1)}% of ${BUDGET_MS} ms)`);
}
