import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_NODE_FLAGS, compiledServer } from '../compiledServer';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { seedContracts } from '../list/seedContracts';
import { serverEnv, type BenchTarget } from '../list/target';

/**
 * bench/export (issue 11): the whole HrContract list (BENCH_ROWS contracts, seeded by direct SQL,
 * plus the demo ones) exported as admin through the HTTP API, on SQLite and PostgreSQL. Prints the
 * time of the count asked before the download, time to first byte, rows/s, the server process's
 * peak RSS (VmRSS sampled every 50 ms, and VmHWM), its RSS BENCH_SETTLE_SECONDS after the export,
 * its longest event-loop stall, and the latency of another user's trivial request
 * (getUnreadMessageCount) sent every 20 ms during the export; then reads the file back as a stream
 * and checks it holds every row.
 *
 * Environment: BENCH_ROWS (1000000), BENCH_DB (sqlite,postgres), DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test; schema bench_export_<rows> made and dropped),
 * BENCH_SETTLE_SECONDS (60), BENCH_PORT (18740), BENCH_PROF (a folder for the server's CPU profile),
 * BENCH_NODE_ARGS (further Node flags for the server).
 */
const ROWS = Number((process.env.BENCH_ROWS ?? '1000000').replace(/_/g, ''));
const DATABASES = (process.env.BENCH_DB ?? 'sqlite,postgres').split(',').map((d) => d.trim()) as BenchTarget['name'][];
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 18_740);
const PROBE_EVERY_MS = 20;
const RSS_BUDGET_MB = 300;
const LATENCY_BUDGET_MS = 50;
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const base = `http://127.0.0.1:${PORT}/capi`;
const log = (line: string) => console.error(line);

async function pgRun(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { await client.query(text); } finally { await client.end(); }
}

async function createTarget(name: BenchTarget['name']): Promise<BenchTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-export-'));
  if (name === 'sqlite') return { name, dataDir };
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_PG_URL;
  const pgSchema = `bench_export_${ROWS}`;
  await pgRun(databaseUrl, `drop schema if exists "${pgSchema}" cascade`);
  return { name, dataDir, databaseUrl, pgSchema };
}

async function dropTarget(target: BenchTarget): Promise<void> {
  fs.rmSync(target.dataDir, { recursive: true, force: true });
  if (target.databaseUrl && target.pgSchema) await pgRun(target.databaseUrl, `drop schema if exists "${target.pgSchema}" cascade`);
}

async function start(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [
    ...SERVER_NODE_FLAGS,
    // BENCH_PROF: a folder for the server's CPU profile, as in bench/list and bench/import.
    ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
    // BENCH_NODE_ARGS: further flags for the server (e.g. --trace-gc, which then goes to stderr), split on spaces.
    ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    await compiledServer(path.join('bench', 'export', 'serve.ts')),
  ], {
    env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => { if (chunk.toString().includes('ready')) resolve(child); });
    child.on('exit', (code) => reject(new Error(`bench/export/serve.ts exited with ${code}`)));
  });
}

function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise((resolve) => { child.once('message', (answer) => resolve(answer as T)); child.send(message); });
}

/** VmRSS and VmHWM of a process, MB. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

async function login(accountId: string, password: string): Promise<string> {
  const res = await fetch(`${base}/get/system/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ accountId, password }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Data rows of the first sheet and the number of sheets, read as a stream (a million rows never held). */
async function countRows(file: string): Promise<{ rows: number; sheets: number; first: string }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(fs.createReadStream(file), { worksheets: 'emit', sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore', entries: 'ignore' });
  let sheets = 0;
  let rows = 0;
  let first = '';
  for await (const sheet of reader) {
    sheets += 1;
    for await (const row of sheet) {
      if (sheets !== 1) continue;
      if (rows === 1) first = String((row.values as unknown[])[1]);
      rows += 1;
    }
  }
  return { rows: rows - 1, sheets, first };
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

async function benchOne(name: BenchTarget['name']) {
  const target = await createTarget(name);
  const file = path.join(target.dataDir, 'export.xlsx');
  let server: ChildProcess | undefined;
  try {
    log(`${name}: seeding ${ROWS} contracts …`);
    await seedContracts(target, ROWS, log);
    // The file limit above the seeded rows plus the demo ones: this run exports them all.
    server = await start({ ...serverEnv(target), PORT: String(PORT), EXPORT_MAX_ROWS: String(ROWS + 100_000) });
    const pid = server.pid!;
    const admin = await login('admin', process.env.ADMIN_PASSWORD ?? 'Admin@123');
    const other = await login('lina', process.env.DEMO_PASSWORD ?? 'Demo@123');
    const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
    // A small export first, so the measured one runs on warm code, as a server in use does.
    await (await fetch(`${base}/get/hr/exportHrContract?keyword=HT-2026`, { headers: auth(admin) })).arrayBuffer();
    const before = memoryOf(pid).rss;

    let started = performance.now();
    const counted = (await (await fetch(`${base}/get/hr/exportHrContract?count=1`, { headers: auth(admin) })).json()) as { data: { rows: number; overLimit: boolean } };
    const countMs = performance.now() - started;
    const firstListed = (await (await fetch(`${base}/get/hr/getHrContractList?page=1&pageSize=1`, { headers: auth(admin) })).json()) as { data: { list: { contractNo: string }[] } };

    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, memoryOf(pid).rss); }, 50);
    const latencies: number[] = [];
    const probes: Promise<void>[] = [];
    const prober = setInterval(() => {
      const sent = performance.now();
      probes.push(fetch(`${base}/get/system/getUnreadMessageCount`, { headers: auth(other) }).then(async (res) => {
        await res.arrayBuffer();
        latencies.push(performance.now() - sent);
      }));
    }, PROBE_EVERY_MS);
    await ask(server, 'reset');
    started = performance.now();
    const res = await fetch(`${base}/get/hr/exportHrContract`, { headers: auth(admin) });
    let firstByteMs = 0;
    let bytes = 0;
    await pipeline(Readable.fromWeb(res.body as never), new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        done(null, chunk);
      },
    }), fs.createWriteStream(file));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(prober);
    clearInterval(sampler);
    await Promise.all(probes);
    const stall = await ask<{ maxStallMs: number; p99StallMs: number }>(server, 'stats');
    const { hwm } = memoryOf(pid);
    log(`${name}: exported in ${seconds.toFixed(1)} s; waiting ${SETTLE_SECONDS} s for the memory afterwards …`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    const after = memoryOf(pid).rss;
    const read = await countRows(file);
    const complete = read.rows === counted.data.rows && read.sheets === 1 && !counted.data.overLimit && read.first === firstListed.data.list[0]?.contractNo;
    return {
      db: name, rows: read.rows, expected: counted.data.rows, complete, fileMb: bytes / 2 ** 20, countMs, firstByteMs, seconds,
      rowsPerSecond: read.rows / seconds, before, peak, hwm, after,
      probes: latencies.length, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), worst: Math.max(0, ...latencies), stall,
    };
  } finally {
    if (server && server.exitCode === null) await new Promise<void>((resolve) => { server!.once('exit', () => resolve()); server!.send('stop'); });
    await dropTarget(target);
  }
}

const results = [];
for (const name of DATABASES) results.push(await benchOne(name));
console.log(`\nbench/export: ${ROWS} seeded contracts (+ demo ones), exported whole as admin; another user's trivial request every ${PROBE_EVERY_MS} ms; RSS ${SETTLE_SECONDS} s after`);
for (const r of results) {
  console.log(`\n${r.db}: ${r.rows} rows in the file (${r.complete ? 'every row' : `EXPECTED ${r.expected}: INCOMPLETE`}), ${r.fileMb.toFixed(1)} MB`);
  console.log(`  count before download ${r.countMs.toFixed(0)} ms · first byte ${r.firstByteMs.toFixed(0)} ms · ${r.seconds.toFixed(1)} s · ${r.rowsPerSecond.toFixed(0)} rows/s`);
  console.log(`  server RSS: ${r.before.toFixed(0)} MB before · peak ${r.peak.toFixed(0)} MB (VmHWM ${r.hwm.toFixed(0)} MB; budget < ${RSS_BUDGET_MB}) · ${r.after.toFixed(0)} MB ${SETTLE_SECONDS} s after`);
  console.log(`  other user's request: ${r.probes} sent · p50 ${r.p50.toFixed(0)} ms · p99 ${r.p99.toFixed(0)} ms · worst ${r.worst.toFixed(0)} ms (budget ≤ ${LATENCY_BUDGET_MS})`
    + ` · server event-loop stall max ${r.stall.maxStallMs.toFixed(0)} ms, p99 ${r.stall.p99StallMs.toFixed(0)} ms`);
}
if (results.some((r) => !r.complete)) process.exitCode = 1;
