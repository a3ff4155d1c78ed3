import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { seedContracts } from './seedContracts';

/**
 * bench/list: the authenticated generic list call (page 15, sorted by an indexed column, one
 * filter, permission and unit data scope on) against a bare Fastify route running the same SQL.
 * Both servers run in their own process, one at a time, loaded by autocannon from this one.
 * Prints requests/s of both and the ratio (budget: ≥ 0.7 on SQLite).
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const PORT = 18_700;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-'));
console.log(`seeding ${ROWS} contracts into ${dataDir} …`);
await seedContracts(dataDir, ROWS);
const file = new Database(path.join(dataDir, 'oa.sqlite'), { readonly: true });
const hrUser = file.prepare(`select "unitId" from sys_user where "accountId" = 'zhangwei'`).get() as { unitId: string };
file.close();

function start(script: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), BENCH_UNIT_ID: hrUser.unitId, SEED_DEMO_DATA: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => { if (chunk.toString().includes('ready')) resolve(child); });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function load(url: string, headers: Record<string, string>): Promise<number> {
  // Warm-up so both sides are measured with warm caches and JIT.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

async function stop(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); });
}

const filterObj = encodeURIComponent(JSON.stringify({ contractType: { value: ['fixed'], operator: 'include' } }));
const generic = await start(path.join('bench', 'list', 'serveGeneric.ts'));
const login = await fetch(`http://127.0.0.1:${PORT}/capi/get/system/login`, {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ accountId: 'zhangwei', password: process.env.DEMO_PASSWORD ?? 'Demo@123' }),
});
const token = ((await login.json()) as { data: { token: string } }).data.token;
const genericUrl = `http://127.0.0.1:${PORT}/capi/get/hr/getHrContractList?page=3&pageSize=15&prop=startDate&order=descending&filterObj=${filterObj}`;
const check = (await (await fetch(genericUrl, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { total: number; list: unknown[] } };
const genericRps = await load(genericUrl, { Authorization: `Bearer ${token}` });
await stop(generic);

const bare = await start(path.join('bench', 'list', 'serveBare.ts'));
const bareUrl = `http://127.0.0.1:${PORT}/bare/contracts?page=3&pageSize=15&type=fixed`;
const bareCheck = (await (await fetch(bareUrl)).json()) as { data: { total: number } };
const bareRps = await load(bareUrl, {});
await stop(bare);
fs.rmSync(dataDir, { recursive: true, force: true });

if (check.data.total !== bareCheck.data.total || check.data.list.length !== 15) {
  throw new Error(`the two routes disagree: generic total ${check.data.total}, bare total ${bareCheck.data.total}`);
}
console.log(`rows: ${ROWS}, matching rows: ${check.data.total}, connections: ${CONNECTIONS}, ${SECONDS}s each, SQLite`);
console.log(`generic list (auth + permission + data scope): ${genericRps.toFixed(0)} req/s`);
console.log(`bare Fastify, same SQL:                         ${bareRps.toFixed(0)} req/s`);
console.log(`ratio generic/bare: ${(genericRps / bareRps).toFixed(2)} (budget ≥ 0.70)`);
