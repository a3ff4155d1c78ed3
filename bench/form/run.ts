import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium, type Page } from 'playwright-core';
import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { FLAT_PATH, TABBED_PATH, fieldName, visibleOnOpen, writeBenchSchemas } from './benchSchema';

/**
 * bench/form: the generic save screen of a 200-field entity in headless Chromium, in tabs and on
 * one page. Measures, in the page, the time from the click on 新增 to the form ready (every item
 * the form shows on opening is in the DOM with its control, and that frame is painted), the DOM
 * size, opening a tab, and the latency of 50 keystrokes in a field in the middle (keydown → end
 * of the input handlers, and → the next frame painted). Budgets: ready ≤ 250 ms, keystroke ≤ 16 ms.
 *
 * BENCH_DIST=<folder> serves an existing build instead of building one; the database (SQLite) plays no part.
 */
const FIELDS = Number(process.env.BENCH_FIELDS ?? 200);
const TABS = Number(process.env.BENCH_TABS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHARS = 50;
const PORT = 18_770;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-form-'));
let dist = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : '';
if (!dist) {
  dist = path.join(temp, 'dist');
  console.log(`building the app into ${dist} …`);
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], { stdio: 'inherit' });
}
const schemaDir = writeBenchSchemas({ fieldCount: FIELDS, tabs: TABS, requiredEvery: 2 });
const dataDir = path.join(temp, 'data');
const server = await buildServer({
  ...readConfig({ DATA_DIR: dataDir, SCHEMA_DIR: schemaDir, SCHEDULER: '0', SECURITY_REVIEW: '0' }),
  staticDir: dist, databaseUrl: undefined,
});
await server.app.listen({ port: PORT, host: '127.0.0.1' });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});

interface OpenFigures { readyMs: number; settledMs: number; domNodes: number; longTaskMs: number }
interface KeyFigures { handled: number[]; painted: number[]; longestEventMs: number }

/**
 * Installed before the click: the click time, a frame loop that notes the first painted frame
 * showing `expected` form items each with its control, then DOM mutations until 500 ms of quiet.
 */
async function armOpen(page: Page, expected: number): Promise<void> {
  await page.evaluate((count) => {
    const bench = { clickAt: 0, ready: 0, lastMutation: 0, longTasks: 0 };
    (window as unknown as { __open: Promise<OpenFigures> }).__open = new Promise((resolve) => {
      document.addEventListener('click', (event) => {
        if ((event.target as Element).closest('[data-testid=entity-add]')) bench.clickAt = event.timeStamp;
      }, true);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (bench.clickAt && entry.startTime >= bench.clickAt) bench.longTasks += entry.duration;
      }).observe({ type: 'longtask' });
      const shown = () => {
        const items = document.querySelectorAll('[data-testid^="field-"]');
        if (items.length < count || !document.querySelector('[data-testid=form-submit]')) return false;
        return [...items].every((item) => item.querySelector('input, textarea, button, .ant-select, .ant-upload'));
      };
      const afterPaint = (then: (at: number) => void) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => then(performance.now());
        channel.port2.postMessage(0);
      };
      const finish = () => {
        const quiet = () => {
          if (performance.now() - bench.lastMutation < 500) { setTimeout(quiet, 100); return; }
          observer.disconnect();
          resolve({
            readyMs: bench.ready - bench.clickAt,
            settledMs: Math.max(bench.ready, bench.lastMutation) - bench.clickAt,
            domNodes: document.getElementsByTagName('*').length,
            longTaskMs: bench.longTasks,
          });
        };
        setTimeout(quiet, 100);
      };
      const observer = new MutationObserver(() => { bench.lastMutation = performance.now(); });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      const frame = () => {
        if (bench.clickAt && shown()) { afterPaint((at) => { bench.ready = at; finish(); }); return; }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  }, expected);
}

async function openForm(page: Page, listPath: string, expected: number): Promise<OpenFigures> {
  await page.goto(listPath);
  await page.getByTestId('entity-add').waitFor();
  await page.waitForLoadState('networkidle');
  await armOpen(page, expected);
  await page.getByTestId('entity-add').click();
  return page.evaluate(() => (window as unknown as { __open: Promise<OpenFigures> }).__open);
}

/** Opens a tab by its title and times click → the tab's items painted. */
async function openTab(page: Page, title: string, field: string): Promise<number> {
  const done = page.evaluate((testId) => new Promise<number>((resolve) => {
    let clickAt = 0;
    document.addEventListener('click', (event) => { if (!clickAt) clickAt = event.timeStamp; }, { capture: true, once: true });
    const frame = () => {
      const item = document.querySelector(`[data-testid="${testId}"]`);
      if (clickAt && item && (item as HTMLElement).offsetParent !== null) {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - clickAt);
        channel.port2.postMessage(0);
        return;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }), `field-${field}`);
  await page.getByRole('tab', { name: title }).click();
  return done;
}

/** Types CHARS characters into the field's input, one at a time, and times each keystroke in the page. */
async function typeInto(page: Page, field: string): Promise<KeyFigures> {
  const input = page.getByTestId(`field-${field}`).locator('input');
  await input.click();
  await page.evaluate(() => {
    const samples: { handled: number; painted: number }[] = [];
    let longestEvent = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longestEvent = Math.max(longestEvent, entry.duration);
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    let start = 0;
    let handled = 0;
    document.addEventListener('keydown', (event) => { start = event.timeStamp; }, true);
    // Bubbling on window runs after React's root listener: the input's own work is done.
    window.addEventListener('input', () => {
      handled = performance.now();
      const began = start;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => samples.push({ handled: handled - began, painted: performance.now() - began });
        channel.port2.postMessage(0);
      });
    });
    (window as unknown as { __keys: () => KeyFigures }).__keys = () => ({
      handled: samples.map((s) => s.handled), painted: samples.map((s) => s.painted), longestEventMs: longestEvent,
    });
  });
  await page.keyboard.type('abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMN'.slice(0, CHARS), { delay: 30 });
  await page.waitForTimeout(300);
  return page.evaluate(() => (window as unknown as { __keys: () => KeyFigures }).__keys());
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];
const ms = (value: number) => `${value.toFixed(1)} ms`;

try {
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${PORT}`, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  context.setDefaultTimeout(30_000);
  // tsx compiles the page functions below with esbuild's keepNames, which calls a `__name` helper the page lacks.
  await context.addInitScript('window.__name = (fn) => fn');
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('login-account').fill('admin');
  await page.getByTestId('login-password').fill(process.env.ADMIN_PASSWORD ?? 'Admin@123');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  const visible = visibleOnOpen(FIELDS, TABS);
  const middle = fieldName(Math.floor(FIELDS / 2));
  const perTab = Math.ceil(FIELDS / TABS);
  const middleTab = `分组 ${Math.floor(FIELDS / 2 / perTab) + 1}`;
  console.log(`${FIELDS} fields, ${TABS} tabs; ${RUNS} openings after one cold opening; ${CHARS} keystrokes in ${middle}; Chromium 1440×900`);
  for (const variant of [{ name: 'tabs', path: TABBED_PATH, expected: visible.tabbed }, { name: 'single page', path: FLAT_PATH, expected: visible.flat }]) {
    const cold = await openForm(page, variant.path, variant.expected);
    const warm: OpenFigures[] = [];
    for (let run = 0; run < RUNS; run += 1) warm.push(await openForm(page, variant.path, variant.expected));
    const tabMs = variant.name === 'tabs' ? await openTab(page, middleTab, middle) : undefined;
    const keys = await typeInto(page, middle);
    const last = warm[warm.length - 1];
    console.log(`\n${variant.name} (${variant.expected} items shown on opening)`);
    console.log(`  add → ready:      median ${ms(median(warm.map((w) => w.readyMs)))}, cold ${ms(cold.readyMs)}   (budget ≤ 250 ms)`);
    console.log(`  add → settled:    median ${ms(median(warm.map((w) => w.settledMs)))}; long tasks after the click ${ms(median(warm.map((w) => w.longTaskMs)))}`);
    console.log(`  DOM nodes:        ${last.domNodes} (whole page, settled)`);
    if (tabMs !== undefined) console.log(`  open "${middleTab}":   ${ms(tabMs)}`);
    console.log(`  keystroke (${keys.painted.length}): handled median ${ms(median(keys.handled))}, p95 ${ms(p95(keys.handled))}; to next paint median ${ms(median(keys.painted))}, p95 ${ms(p95(keys.painted))} (budget ≤ 16 ms); longest Event Timing entry ${ms(keys.longestEventMs)}`);
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
  fs.rmSync(schemaDir, { recursive: true, force: true });
  fs.rmSync(temp, { recursive: true, force: true });
}
