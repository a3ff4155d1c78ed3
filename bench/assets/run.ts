import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { networkQuiet, recordFetches, summarise, type Fetched, type Summary } from './wireBytes';

/**
 * bench/assets: bytes on the wire for the sign-in page and for the first screen after signing
 * in (what that screen fetches beyond the sign-in page), in headless Chromium with a cold cache,
 * once per Accept-Encoding (br, gzip, identity). Budget: the sign-in page's JavaScript ≤ 300 KB
 * with brotli.
 *
 * BENCH_DIST=<folder> measures an existing build; without it the app is built into a temporary
 * folder first (and the folder removed afterwards). BENCH_VERBOSE=1 lists every file.
 */
const PORT = Number(process.env.BENCH_PORT ?? 18_750);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LOGIN_JS_BUDGET = 300 * 1024;
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

const ownBuild = !process.env.BENCH_DIST;
const dist = path.resolve(process.env.BENCH_DIST ?? fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-dist-')));
if (ownBuild) {
  console.log(`building into ${dist} …`);
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
}
if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist}/index.html is missing: build first or unset BENCH_DIST`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-assets-'));
const server = await buildServer({ ...readConfig({ ...process.env, DATA_DIR: dataDir }), staticDir: dist, databaseUrl: undefined, logger: false });
await server.app.listen({ port: PORT, host: '127.0.0.1' });
const baseUrl = `http://127.0.0.1:${PORT}`;
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'],
});

interface Run { login: Summary; firstScreen: Summary; encodings: Set<string>; files: Fetched[]; firstScreenFiles: Fetched[] }

/** One cold visit: the sign-in page until the network is idle, then sign in and the first screen. */
async function visit(encoding: Encoding): Promise<Run> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  // Chromium sends 'gzip, deflate, br, zstd' itself; an explicit header narrows what the server may choose.
  await context.setExtraHTTPHeaders({ 'Accept-Encoding': encoding });
  const page = await context.newPage();
  const login = recordFetches(page);
  // 'networkidle' alone can come before the scripts have run (and made their calls) on a busy machine.
  const loginQuiet = networkQuiet(page, 1_500);
  await page.goto('/login');
  await page.getByTestId('login-submit').waitFor({ timeout: 60_000 });
  await loginQuiet;
  await login.settled();
  const loginFetched = [...login.fetched];
  login.fetched.length = 0;
  await page.getByTestId('login-account').fill('admin');
  await page.getByTestId('login-password').fill(process.env.ADMIN_PASSWORD ?? 'Admin@123');
  await page.getByTestId('login-submit').click();
  // The first screen: the layout and the dashboard's desk drawn, then nothing fetched for a while.
  await page.getByTestId('desk').waitFor({ timeout: 60_000 });
  await networkQuiet(page, 1_500);
  if (process.env.BENCH_VERBOSE) console.log(`${encoding}: signed in, at ${page.url()}`);
  await login.stop();
  const firstScreenFetched = [...login.fetched];
  await context.close();
  const encodings = new Set([...loginFetched, ...firstScreenFetched].map((item) => item.contentEncoding));
  return { login: summarise(loginFetched), firstScreen: summarise(firstScreenFetched), encodings, files: loginFetched, firstScreenFiles: firstScreenFetched };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
function line(label: string, summary: Summary): string {
  const kinds = Object.entries(summary.byKind)
    .sort(([, a], [, b]) => b.bytes - a.bytes)
    .map(([kind, entry]) => `${kind} ${entry.files}/${kb(entry.bytes)}`)
    .join(', ');
  return `  ${label.padEnd(14)} ${String(summary.files).padStart(3)} files ${kb(summary.bytes).padStart(8)}  (${kinds})`;
}

const runs = new Map<Encoding, Run>();
try {
  for (const encoding of ENCODINGS) runs.set(encoding, await visit(encoding));
} finally {
  await browser.close();
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (ownBuild) fs.rmSync(dist, { recursive: true, force: true });
}

console.log(`bench/assets: bytes on the wire (encoded bodies), cold cache, headless Chromium; files/KB per type`);
for (const [encoding, run] of runs) {
  console.log(`Accept-Encoding: ${encoding} (answers: ${[...run.encodings].sort().join(', ')})`);
  console.log(line('sign-in page', run.login));
  console.log(line('first screen', run.firstScreen));
}
if (process.env.BENCH_VERBOSE) {
  // What the sign-in page fetched, largest first: where to look when the budget is missed.
  for (const [encoding, run] of runs) {
    for (const [label, files] of [['sign-in page', run.files], ['first screen', run.firstScreenFiles]] as const) {
      console.log(`  ${encoding}, ${label}:`);
      for (const item of [...files].sort((a, b) => b.bodyBytes - a.bodyBytes)) {
        console.log(`    ${kb(item.bodyBytes).padStart(7)}  ${item.contentEncoding.padEnd(8)} ${new URL(item.url).pathname}`);
      }
    }
  }
}
const loginJs = runs.get('br')!.login.byKind.js?.bytes ?? 0;
const verdict = loginJs <= LOGIN_JS_BUDGET ? 'within' : 'OVER';
console.log(`sign-in page JavaScript with brotli: ${kb(loginJs)} (budget ≤ ${kb(LOGIN_JS_BUDGET)}: ${verdict})`);
if (loginJs > LOGIN_JS_BUDGET) process.exitCode = 1;
