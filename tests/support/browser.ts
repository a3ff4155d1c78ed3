import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildServer, type BuiltServer } from '../../server/app';
import { readConfig } from '../../server/config';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface BrowserSuite {
  baseUrl: string;
  server: BuiltServer;
  browser: Browser;
  /** A fresh context (own cookies and storage) with a page, optionally signed in. */
  newPage(accountId?: string, password?: string): Promise<{ context: BrowserContext; page: Page }>;
  screenshot(page: Page, name: string): Promise<string>;
  stop(): Promise<void>;
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
  // `env`: server settings of this suite, e.g. {SM4_KEY, ENCRYPTION_TYPE: '1'} for the SM4 mode.
  const server = await buildServer({ ...readConfig({ ...env, DATA_DIR: dataDir }), staticDir, databaseUrl: undefined });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'],
  });
  const shots = path.resolve('.tmp', 'screenshots');
  fs.mkdirSync(shots, { recursive: true });

  const suite: BrowserSuite = {
    baseUrl, server, browser,
    async newPage(accountId, password) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 }, locale: 'zh-CN', acceptDownloads: true });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      if (accountId) {
        await page.goto('/login');
        await page.getByTestId('login-account').fill(accountId);
        await page.getByTestId('login-password').fill(password ?? (accountId === 'admin' ? 'Admin@123' : 'Demo@123'));
        await page.getByTestId('login-submit').click();
        await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      }
      return { context, page };
    },
    async screenshot(page, name) {
      const file = path.join(shots, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async stop() {
      await browser.close();
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return suite;
}
