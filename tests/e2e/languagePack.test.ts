import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtDist, startBrowserSuite, type BrowserSuite } from '../support/browser';

/** The English pack's chunk in the build (its own file, `en-<hash>.js`). */
function englishChunk(): string {
  const name = fs.readdirSync(path.join(builtDist(), 'assets')).find((file) => /^en-[\w-]+\.js$/.test(file));
  if (!name) throw new Error('the build has no chunk of its own for the English pack');
  return `/assets/${name}`;
}

describe('language packs load on demand', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('starts in Chinese without the English pack, fetches it on the switch, and starts in English after a reload', async () => {
    const chunk = englishChunk();
    const { page, context } = await suite.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));

    await page.goto('/login');
    const submit = page.getByTestId('login-submit');
    await expect.poll(() => submit.textContent()).toMatch(/登\s*录/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(fetched).not.toContain(chunk);
    // Nor the default pack's texts for the pages behind the sign-in (scripts/vite/zhCnSplit.ts).
    expect(fetched.filter((url) => /\/later-[\w-]+\.js$/.test(url))).toEqual([]);

    await page.getByTestId('lang-switch').click();
    await expect.poll(() => submit.textContent()).toBe('Sign in');
    expect(fetched.filter((url) => url === chunk)).toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await suite.screenshot(page, 'e2e-language-pack-en');

    // The choice is remembered: the next start fetches the pack before drawing, never showing Chinese first.
    fetched.length = 0;
    await page.reload();
    await expect.poll(() => submit.textContent()).toBe('Sign in');
    expect(fetched).toContain(chunk);

    // Back to Chinese: bundled, nothing more to fetch.
    fetched.length = 0;
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => submit.textContent()).toMatch(/登\s*录/);
    expect(fetched.filter((url) => url.startsWith('/assets/'))).toEqual([]);
    await context.close();
  });
});
