import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildServer, type BuiltServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { copySeededTemplate, startsFromTemplate } from './seededTemplate';
import { answer, formBody, DEFAULT_ADMIN_PASSWORD, DEFAULT_DEMO_PASSWORD } from './testServer';
import { SIGNED_IN_COOKIE, TOKEN_COOKIE } from '../../runtime/core/constants/sessionCookie';
import { sessionItems } from '../../src/session/sessionItems';
import type { LoginData } from '../../src/session/sessionTypes';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Screenshots are for the people who look at a run's screens (.tmp/screenshots). CI sets
 * E2E_SCREENSHOTS=0: nobody looks at them there, and a full-page PNG costs a loaded two-core
 * machine the better part of a second, a few hundred times a run. No test reads them back.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== '0';

/** Saves the page (viewport only unless `fullPage`) as .tmp/screenshots/<name>.png, when screenshots are on. */
export async function screenshotTo(page: Page, name: string, fullPage = false): Promise<string> {
  const file = path.resolve('.tmp', 'screenshots', `${name}.png`);
  if (SCREENSHOTS) await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  return file;
}

/**
 * Opens `url` inside the running app, as a click on a menu entry would (history push, the
 * router's popstate): no reload of the app, a fraction of a page load. Sweeps over many screens
 * use it after their first page load.
 */
export async function navigateInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** The browsers of the suites running in this worker, for the failure report (tests/support/e2eFailureReport.ts). */
const liveBrowsers = new Set<Browser>();
/** Uncaught page errors per context opened by `newPage`, the latest few: a failed test prints them. */
const pageErrors = new WeakMap<BrowserContext, string[]>();

/**
 * What every open page of this worker shows: its address, its uncaught errors and the start of
 * its text. A browser test that fails in CI leaves no screenshot, and a flaky one cannot be
 * replayed: this is what the log keeps of the screen it failed on.
 */
export async function describeOpenPages(): Promise<string[]> {
  const described: string[] = [];
  for (const context of [...liveBrowsers].flatMap((browser) => browser.contexts())) {
    const errors = pageErrors.get(context) ?? [];
    for (const page of context.pages()) {
      const text = await page.locator('body').innerText({ timeout: 2_000 }).catch((error: Error) => `(text unreadable: ${error.message.split('\n')[0]})`);
      described.push([`page ${page.url()}`, ...errors.map((e) => `uncaught: ${e}`), text.replace(/\s+/g, ' ').slice(0, 1_500)].join('\n  '));
    }
  }
  return described;
}

export interface BrowserSuite {
  baseUrl: string;
  server: BuiltServer;
  browser: Browser;
  /** A fresh context (own cookies and storage) with a page, optionally signed in. */
  newPage(accountId?: string, password?: string): Promise<{ context: BrowserContext; page: Page }>;
  screenshot(page: Page, name: string): Promise<string>;
  stop(): Promise<void>;
}

type StorageState = Exclude<Parameters<Browser['newContext']>[0], undefined>['storageState'];
type Cookie = Parameters<BrowserContext['addCookies']>[0][number];

/**
 * A signed-in page without the sign-in page: the sign-in call opens the session, and the context
 * starts with the cookies the server sets on a browser's sign-in and the items the app stores
 * from the answer (src/session/sessionItems.ts, the list signIn itself stores), and the page opens
 * the app at '/'. The sign-in page's load and its form are spared, about half a second each page;
 * the sign-in page has tests of its own (accountPages, loginLock, personalInfo, maintenance).
 * Undefined when the call refuses (a locked account, an initial password to replace, an SM4
 * server wanting an encrypted body): the caller then signs in through the page.
 */
async function openSession(baseUrl: string, accountId: string, password: string): Promise<{ storage: StorageState; cookies: Cookie[] } | undefined> {
  const res = await answer(await fetch(`${baseUrl}/capi/get/system/login`, { method: 'POST', body: formBody({ accountId, password }) }));
  if (res.body.code !== 200) return undefined;
  const data = res.body.data as LoginData;
  const localStorage = sessionItems(data).map(([name, item]) => ({ name, value: JSON.stringify(item) }));
  return {
    storage: { cookies: [], origins: [{ origin: baseUrl, localStorage }] },
    cookies: [
      { name: TOKEN_COOKIE, value: data.token, url: baseUrl, httpOnly: true, sameSite: 'Strict' },
      { name: SIGNED_IN_COOKIE, value: '1', url: baseUrl, sameSite: 'Strict' },
    ],
  };
}

/** The built browser code under test: E2E_DIST lets parallel work build into its own folder (`vite build --outDir …`); CI uses dist/. */
export function builtDist(): string {
  return path.resolve(process.env.E2E_DIST ?? 'dist');
}

/**
 * The built app (dist/) served by a real server on SQLite, driven by the system Chromium.
 * Missing Chromium or a missing build fails the test (CI installs both); on a developer
 * machine without Chromium the failure says how to get it.
 */
export async function startBrowserSuite(env: Record<string, string> = {}): Promise<BrowserSuite> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium' (or set CHROMIUM_PATH)`);
  }
  const staticDir = builtDist();
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) throw new Error(`${staticDir}/index.html is missing: run \`npm run build\` first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-e2e-'));
  // The run's seeded demo database, copied (seededTemplate.ts), unless a setting shapes the first start.
  if (startsFromTemplate(env)) await copySeededTemplate({ name: 'sqlite' }, dataDir, env);
  // `env`: server settings of this suite, e.g. {SM4_KEY, ENCRYPTION_TYPE: '1'} for the SM4 mode.
  const server = await buildServer({ ...readConfig({ ...env, DATA_DIR: dataDir }), staticDir, databaseUrl: undefined });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'],
  });
  liveBrowsers.add(browser);
  fs.mkdirSync(path.resolve('.tmp', 'screenshots'), { recursive: true });

  const suite: BrowserSuite = {
    baseUrl, server, browser,
    async newPage(accountId, password) {
      // Reduced motion: the shell turns antd's animations off (src/config/usePrefersReducedMotion.ts),
      // so a dialog or drawer is there, or gone, at once instead of after a quarter-second of frames.
      const options = { baseURL: baseUrl, viewport: { width: 1440, height: 900 }, locale: 'zh-CN', acceptDownloads: true, reducedMotion: 'reduce' } as const;
      const secret = password ?? (accountId === 'admin' ? DEFAULT_ADMIN_PASSWORD : DEFAULT_DEMO_PASSWORD);
      const opened = accountId ? await openSession(baseUrl, accountId, secret) : undefined;
      const context = await browser.newContext(opened ? { ...options, storageState: opened.storage } : options);
      context.setDefaultTimeout(15_000);
      const errors: string[] = [];
      pageErrors.set(context, errors);
      context.on('weberror', (error) => {
        errors.push(error.error().message);
        errors.splice(0, errors.length - 5);
      });
      if (opened) await context.addCookies(opened.cookies);
      const page = await context.newPage();
      // Signed in, the page is on the app as after a sign-in (the configured dashboard).
      if (opened) await page.goto('/');
      if (accountId && !opened) {
        await page.goto('/login');
        await page.getByTestId('login-account').fill(accountId);
        await page.getByTestId('login-password').fill(secret);
        await page.getByTestId('login-submit').click();
        await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      }
      return { context, page };
    },
    screenshot: (page, name) => screenshotTo(page, name, true),
    async stop() {
      liveBrowsers.delete(browser);
      await browser.close();
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return suite;
}
