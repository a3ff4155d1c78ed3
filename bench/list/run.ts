import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_NODE_FLAGS, compiledServer } from '../compiledServer';
import { seedContracts } from './seedContracts';
import { captureListSql } from './captureSql';
import { measureLatency, measureThroughput, type Latency } from './measure';
import { createTarget, dropTarget, serverEnv, type BenchTarget } from './target';
import { LIST_CALL, VARIANTS, variantQuery } from './variants';

/**
 * bench/list (issue 11): the authenticated generic list call of HrContract, as the HR user (unit
 * scope, 40% of the rows), against a bare Fastify route doing the same authenticated work —
 * session lookup by token hash, then the SQL the generic call runs, captured from it in this run.
 * For every database × size × variant: p50/p99 of one client (sequential requests) and req/s
 * with 8 connections, for both routes, and their ratio. Everything printed is measured in this run.
 *
 * Environment: BENCH_ROWS (1000,1000000), BENCH_DB (sqlite,postgres), DATABASE_URL (PostgreSQL,
 * default postgres://postgres@127.0.0.1:5432/test; a schema bench_list_<rows> is made and
 * dropped), BENCH_REQUESTS (200 sequential requests), BENCH_MAX_SAMPLE_SECONDS (30: fewer
 * requests when they are slower), BENCH_SECONDS (5 s of load), BENCH_CONNECTIONS (8),
 * BENCH_PORT (18760; the bare route uses the next port), BENCH_PROF (a folder: each server writes
 * a V8 CPU profile there when it stops, generic-<db>-<rows>.cpuprofile and bare-<db>-<rows>.cpuprofile).
 */
const list = (value: string | undefined, fallback: string) => (value ?? fallback).split(',').map((v) => v.trim()).filter(Boolean);
const SIZES = list(process.env.BENCH_ROWS, '1000,1000000').map((v) => Number(v.replace(/_/g, '')));
const DATABASES = list(process.env.BENCH_DB, 'sqlite,postgres') as BenchTarget['name'][];
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const MAX_SAMPLE_SECONDS = Number(process.env.BENCH_MAX_SAMPLE_SECONDS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 18_760);
const PROFILE_DIR = process.env.BENCH_PROF;
const P99_BUDGET_MS = 30;
const RATIO_BUDGET = 0.7;
const BUDGET_ROWS = 1_000_000;

for (const name of DATABASES) if (name !== 'sqlite' && name !== 'postgres') throw new Error(`BENCH_DB: sqlite or postgres, not ${name}`);
for (const rows of SIZES) if (!Number.isInteger(rows) || rows < 1) throw new Error(`BENCH_ROWS: whole numbers, not ${rows}`);

const log = (line: string) => console.error(line);

async function start(script: string, env: Record<string, string>, execArgv: string[] = []): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...execArgv, await compiledServer(path.join('bench', 'list', script))], {
    env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => { if (chunk.toString().includes('ready')) resolve(child); });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); });
}

interface Figures { latency: Latency; rps: number }
interface Row { db: string; rows: number; variant: string; total: unknown; statements: number; generic: Figures; bare: Figures }

async function benchOne(name: BenchTarget['name'], rows: number): Promise<Row[]> {
  const target = await createTarget(name, rows);
  const children: ChildProcess[] = [];
  try {
    log(`${name}, ${rows} rows: seeding …`);
    await seedContracts(target, rows, log);
    log(`${name}, ${rows} rows: capturing the generic list's SQL …`);
    const capture = await captureListSql(target);
    const sqlFile = path.join(target.dataDir, 'bench-sql.json');
    fs.writeFileSync(sqlFile, JSON.stringify(capture.statements));
    const headers = { Authorization: `Bearer ${capture.token}` };
    const env = { ...serverEnv(target), BENCH_SQL_FILE: sqlFile };
    // Both servers run side by side, idle while the other is measured: each variant is measured
    // on both within seconds, so a busy machine's drift weighs on both alike.
    const profile = (server: string) => (PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${server}-${name}-${rows}.cpuprofile`] : []);
    children.push(await start('serveGeneric.ts', { ...env, PORT: String(PORT) }, profile('generic')));
    children.push(await start('serveBare.ts', { ...env, PORT: String(PORT + 1) }, profile('bare')));
    const measured: Row[] = [];
    for (const variant of VARIANTS) {
      const routes = { generic: `http://127.0.0.1:${PORT}${LIST_CALL}?${variantQuery(variant)}`, bare: `http://127.0.0.1:${PORT + 1}/bare/${variant.id}` };
      const figures = {} as Record<keyof typeof routes, Figures>;
      for (const route of ['generic', 'bare'] as const) {
        const latency = await measureLatency(routes[route], headers, REQUESTS, MAX_SAMPLE_SECONDS);
        figures[route] = { latency, rps: 0 };
      }
      for (const route of ['generic', 'bare'] as const) figures[route].rps = await measureThroughput(routes[route], headers, CONNECTIONS, SECONDS);
      for (const route of ['generic', 'bare'] as const) {
        const { latency, rps } = figures[route];
        log(`  ${variant.label}, ${route}: p50 ${latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms (${latency.samples}), ${rps.toFixed(1)} req/s`);
      }
      measured.push({ db: name, rows, variant: variant.label, total: capture.totals[variant.id], statements: capture.statements[variant.id].length, ...figures });
    }
    return measured;
  } finally {
    for (const child of children) await stop(child);
    await dropTarget(target);
  }
}

const started = new Date();
const rows: Row[] = [];
for (const size of SIZES) for (const name of DATABASES) rows.push(...await benchOne(name, size));

const ms = (v: number) => v.toFixed(1);
const header = ['db', 'rows', 'variant', 'total', 'SQL', 'gen p50', 'gen p99', 'bare p50', 'bare p99', 'gen req/s', 'bare req/s', 'ratio', `p99≤${P99_BUDGET_MS}`, `ratio≥${RATIO_BUDGET}`];
const table = rows.map((r) => {
  // No bare answer in the whole load period: no ratio to speak of (a request slower than BENCH_SECONDS).
  const ratio = r.bare.rps > 0 ? r.generic.rps / r.bare.rps : Number.NaN;
  const p99Budget = r.rows >= BUDGET_ROWS ? (r.generic.latency.p99 <= P99_BUDGET_MS ? 'ok' : 'FAIL') : '-';
  return [r.db, String(r.rows), r.variant, String(r.total), String(r.statements),
    ms(r.generic.latency.p50), ms(r.generic.latency.p99), ms(r.bare.latency.p50), ms(r.bare.latency.p99),
    r.generic.rps.toFixed(1), r.bare.rps.toFixed(1), Number.isNaN(ratio) ? '-' : ratio.toFixed(2), p99Budget, ratio >= RATIO_BUDGET ? 'ok' : 'FAIL'];
});
// Chinese characters take two columns in a terminal.
const width = (text: string) => [...text].reduce((n, c) => n + (c.codePointAt(0)! >= 0x2e80 ? 2 : 1), 0);
const widths = header.map((h, i) => Math.max(width(h), ...table.map((cells) => width(cells[i]))));
const line = (cells: string[]) => `| ${cells.map((c, i) => c + ' '.repeat(widths[i] - width(c))).join(' | ')} |`;
console.log(`\nbench/list — ${started.toISOString()} — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
console.log(`latency: 1 client, up to ${REQUESTS} sequential requests (ms); throughput: ${CONNECTIONS} connections, ${SECONDS} s; `
  + `SQL: statements per generic call (replayed by the bare route); ratio: generic req/s ÷ bare req/s`);
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const cells of table) console.log(line(cells));
const failures = table.filter((cells) => cells.slice(-2).includes('FAIL')).length;
console.log(`\nbudgets: p99 ≤ ${P99_BUDGET_MS} ms for every variant at ${BUDGET_ROWS} rows; ratio ≥ ${RATIO_BUDGET} at every size — ${failures ? `${failures} row(s) over budget` : 'all met'}`);
