import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fork, type ChildProcess } from 'node:child_process';
import { SERVER_NODE_FLAGS, compiledServer } from '../compiledServer';
import pg from 'pg';
import { generateContracts } from './generateContracts';

/**
 * bench/import: a ROWS-row HrContract xlsx (accounts, labels, 是/否, as people write them)
 * imported through the HTTP API by the HR user into a fresh server, on SQLite and on PostgreSQL
 * (its own schema of DATABASE_URL, default the local test database). Prints rows/s, the server
 * process's peak RSS (VmHWM) and RSS a little after (after a GC), the longest event-loop stall
 * inside the server, and the latency of two trivial requests sent every PROBE_MS meanwhile: a
 * route that touches no database (the event loop alone) and the authenticated progress call
 * (session lookup and a read: what any other user's request waits).
 * Budgets (issue 11): ≥ 17,000 rows/s on SQLite, ≥ 5,000 rows/s on PostgreSQL, peak RSS < 400 MB.
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 18_731);
const PROBE_MS = 25;
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const only = process.env.BENCH_DB;

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-import-'));
const xlsx = path.join(workDir, 'contracts.xlsx');
let started = performance.now();
await generateContracts(xlsx, ROWS);
const content = fs.readFileSync(xlsx);
console.log(`generated ${ROWS} rows, ${(content.length / 2 ** 20).toFixed(1)} MB xlsx, in ${((performance.now() - started) / 1000).toFixed(1)} s`);

function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise((resolve) => { child.once('message', (answer) => resolve(answer as T)); child.send(message); });
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = fork(await compiledServer(path.join('bench', 'import', 'serve.ts')), [], {
    // BENCH_PROF: a folder for the server's CPU profile, as in bench/list.
    execArgv: [...SERVER_NODE_FLAGS, '--expose-gc', ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
      // BENCH_NODE_ARGS: further flags for the server (e.g. --trace-gc), split on spaces.
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, PORT: String(PORT), SCHEDULER: '0', LOG_REQUESTS: '0', ...env },
    stdio: ['ignore', process.env.BENCH_NODE_ARGS ? 'inherit' : 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** CPU seconds the process has used (user + system): a figure a busy machine distorts far less than wall time. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

async function probe(url: string, headers: Record<string, string>, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!until()) {
    const at = performance.now();
    await fetch(url, { headers }).then((r) => r.arrayBuffer());
    latencies.push(performance.now() - at);
    await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
  }
  return latencies;
}

async function run(name: string, env: Record<string, string>): Promise<void> {
  const server = await startServer(env);
  const base = `http://127.0.0.1:${PORT}`;
  try {
    const login = await fetch(`${base}/capi/get/system/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ accountId: 'zhangwei', password: process.env.DEMO_PASSWORD ?? 'Demo@123' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const auth = { Authorization: `Bearer ${token}` };
    const job = randomBytes(12).toString('hex');
    const before = await ask<{ rssMb: number }>(server, 'reset');
    const form = new FormData();
    form.append('importJob', job);
    form.append('file', new Blob([content]), 'contracts.xlsx');
    let done = false;
    const phases = new Map<string, number>();
    started = performance.now();
    const cpuBefore = cpuSeconds(server.pid!);
    const pings = probe(`${base}/bench/ping`, {}, () => done);
    const progressUrl = `${base}/capi/get/hr/getHrContractImportProgress?importJob=${job}`;
    const reads = (async () => {
      const latencies: number[] = [];
      while (!done) {
        const at = performance.now();
        const answer = (await (await fetch(progressUrl, { headers: auth })).json()) as { data: { phase: string } };
        latencies.push(performance.now() - at);
        if (!phases.has(answer.data.phase)) phases.set(answer.data.phase, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
      }
      return latencies;
    })();
    const answer = (await (await fetch(`${base}/capi/set/hr/importHrContract`, { method: 'POST', headers: auth, body: form })).json()) as {
      code: number; message: string; data: { inserted: number };
    };
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSeconds(server.pid!) - cpuBefore;
    done = true;
    const [ping, read] = await Promise.all([pings, reads]);
    if (answer.code !== 200 || answer.data.inserted !== ROWS) throw new Error(`${name}: import answered ${answer.code} ${answer.message} ${JSON.stringify((answer.data as { errors?: unknown[] } | undefined)?.errors?.slice(0, 3) ?? null)}`);
    const stats = await ask<{ maxStallMs: number; p99StallMs: number }>(server, 'stats');
    const peak = peakRssMb(server.pid!);
    const after = await ask<{ rssMb: number; gc: boolean }>(server, 'settle');
    console.log(`\n${name}: ${ROWS} rows in ${seconds.toFixed(2)} s = ${Math.round(ROWS / seconds)} rows/s (server CPU ${cpu.toFixed(2)} s = ${Math.round(ROWS / cpu)} rows per CPU-second)`);
    console.log(`  phases first seen at: ${[...phases].map(([p, ms]) => `${p} ${(ms / 1000).toFixed(2)} s`).join(', ')}`);
    console.log(`  server RSS: ${before.rssMb.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB, ${after.rssMb.toFixed(0)} MB 2 s after${after.gc ? ' (after gc)' : ''}`);
    console.log(`  event loop: longest stall ${stats.maxStallMs.toFixed(1)} ms, p99 ${stats.p99StallMs.toFixed(1)} ms`);
    console.log(`  /bench/ping (no database) every ${PROBE_MS} ms: n=${ping.length}, p50 ${quantile(ping, 0.5).toFixed(1)} ms, max ${Math.max(...ping).toFixed(1)} ms`);
    console.log(`  progress call (session + read): n=${read.length}, p50 ${quantile(read, 0.5).toFixed(1)} ms, max ${Math.max(...read).toFixed(1)} ms`);
  } finally {
    // The server answers 'stop' by exiting: wait for the exit (an answer never comes).
    if (server.exitCode === null) await new Promise<void>((resolve) => { server.once('exit', () => resolve()); server.send('stop'); });
  }
}

try {
  if (!only || only === 'sqlite') {
    const dataDir = path.join(workDir, 'data');
    await run('SQLite', { DATA_DIR: dataDir });
  }
  if (!only || only === 'postgres') {
    const schema = `bench_import_${randomBytes(4).toString('hex')}`;
    try {
      await run('PostgreSQL', { DATABASE_URL, BENCH_PG_SCHEMA: schema, DATA_DIR: path.join(workDir, 'pgdata') });
    } finally {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}
