import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** A colour as the browser computes it. */
const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

describe('theme colour and language in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('changes the theme colour from the user menu, keeps it after a reload and a new sign-in, and resets it', async () => {
    const { page, context } = await suite.newPage('zhangwei');
    await page.goto('/hr/contract');
    const addButton = page.getByTestId('entity-add');
    const background = () => addButton.evaluate((element) => getComputedStyle(element).backgroundColor);
    await expect.poll(background).toBe(rgb('#00C6AE'));
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--app-color-primary'))).toBe('#00c6ae');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('theme-color').click();
    await page.getByTestId('theme-color-input').fill('#722ED1');
    await expect.poll(() => page.getByTestId('theme-shades').locator('div').count()).toBe(19);
    await suite.screenshot(page, 'e2e-shell-theme-dialog');
    await page.getByTestId('theme-save').click();
    await expect.poll(background).toBe(rgb('#722ED1'));
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--app-color-primary-light-9'))).toBe('#f1eafa');
    await suite.screenshot(page, 'e2e-shell-theme-purple');

    await page.reload();
    await expect.poll(background).toBe(rgb('#722ED1'));

    // Saved on the server: a fresh browser signing in as the same user gets it too.
    const second = await suite.newPage('zhangwei');
    await second.page.goto('/hr/contract');
    await expect.poll(() => second.page.getByTestId('entity-add').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(rgb('#722ED1'));
    await second.context.close();

    await page.getByTestId('user-menu').click();
    await page.getByTestId('theme-color').click();
    await page.getByTestId('theme-reset').click();
    await expect.poll(background).toBe(rgb('#00C6AE'));
    await context.close();
  });

  it('switches the sign-in page to English, keeps it after a reload, and back', async () => {
    const { page, context } = await suite.newPage();
    await page.goto('/login');
    await expect.poll(() => page.getByTestId('login-submit').textContent()).toMatch(/登\s*录/);
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('login-submit').textContent()).toBe('Sign in');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.reload();
    await expect.poll(() => page.getByTestId('login-submit').textContent()).toBe('Sign in');
    await suite.screenshot(page, 'e2e-shell-login-en');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('login-submit').textContent()).toMatch(/登\s*录/);
    await context.close();
  });
});

describe('grey mode and watermark in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => {
    suite = await startBrowserSuite({
      GREY_END_TIME: '2099-12-31 23:59:59', WATER_MARK: '1', WATER_MARK_CONTENT: '{userName} 内部资料', WATER_MARK_SUBTEXT: '严禁外传',
      APP_NAME: '智慧政务 OA',
    });
  });
  afterAll(async () => { await suite.stop(); });

  const filterOf = (page: import('playwright-core').Page) => page.evaluate(() => getComputedStyle(document.documentElement).filter);

  it('greys the whole app while now < GREY_END_TIME: the sign-in page and after sign-in', async () => {
    const { page, context } = await suite.newPage();
    await page.goto('/login');
    await expect.poll(() => filterOf(page)).toBe('grayscale(1)');
    await expect.poll(() => page.title()).toContain('智慧政务 OA');
    await suite.screenshot(page, 'e2e-shell-grey-login');
    await page.getByTestId('login-account').fill('lina');
    await page.getByTestId('login-password').fill('Demo@123');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await expect.poll(() => filterOf(page)).toBe('grayscale(1)');
    await context.close();
  });

  it('marks the pages with the configured watermark, filled with the user', async () => {
    const { page, context } = await suite.newPage('lina');
    await page.goto('/dashboard');
    const mark = page.getByTestId('page-watermark');
    await expect.poll(() => mark.getAttribute('data-watermark')).toBe('李娜 内部资料 / 严禁外传');
    // antd draws the text into a repeated background image over the content.
    await expect.poll(() => mark.evaluate((element) => [...element.querySelectorAll('div')]
      .some((div) => getComputedStyle(div).backgroundImage.startsWith('url("data:image')))).toBe(true);
    await suite.screenshot(page, 'e2e-shell-watermark');
    await page.goto('/app');
    await expect.poll(() => page.getByTestId('page-watermark').getAttribute('data-watermark')).toBe('李娜 内部资料 / 严禁外传');
    await context.close();
  });
});

describe('no grey mode once GREY_END_TIME has passed', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite({ GREY_END_TIME: '2020-01-01 00:00:00' }); });
  afterAll(async () => { await suite.stop(); });

  it('leaves the colours alone and shows no watermark when none is configured', async () => {
    const { page, context } = await suite.newPage('lina');
    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('app-name').count()).toBe(1);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).filter)).toBe('none');
    expect(await page.getByTestId('page-watermark').count()).toBe(0);
    await context.close();
  });
});
