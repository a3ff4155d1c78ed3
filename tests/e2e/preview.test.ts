import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { builtDist, startBrowserSuite, type BrowserSuite } from '../support/browser';
import {
  FIXTURE_TEXT, makeDocx, makeImage, makeLegacyDoc, makeOfd, makePdf, makePptx, makeXlsx,
} from '../fixtures/preview/previewFixtures';

interface Uploaded { attachId: string; extName: string; fileName: string }

/** Counts canvas pixels that are not (near) white: a drawn page has many. */
async function inkedPixels(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && (data[i] < 240 || data[i + 1] < 240 || data[i + 2] < 240)) inked += 1;
    return inked;
  });
}

describe('file previews in the browser, all offline', () => {
  let suite: BrowserSuite;
  let token: string;
  let page: Page;
  const files: Record<string, Uploaded> = {};
  /** Every URL the previews asked for: nothing may leave the suite's own server. */
  const requested: string[] = [];

  async function upload(name: string, content: Buffer): Promise<Uploaded> {
    const form = new FormData();
    form.append('module', 'fixedattach');
    form.append('file', new Blob([new Uint8Array(content)]), name);
    const response = await fetch(`${suite.baseUrl}/capi/set/file/uploadFile`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    const body = await response.json() as { code: number; message: string; data: Uploaded };
    if (body.code !== 200) throw new Error(`upload of ${name} failed: ${body.message}`);
    return body.data;
  }

  const open = async (target: Page, route: string, file: Uploaded) => {
    await target.goto(`${route}?attachId=${encodeURIComponent(file.attachId)}&extName=${file.extName}&ddtab=true`);
  };

  beforeAll(async () => {
    suite = await startBrowserSuite();
    const login = await fetch(`${suite.baseUrl}/capi/get/system/login`, {
      method: 'POST', body: new URLSearchParams({ accountId: 'admin', password: 'Admin@123' }),
    });
    token = ((await login.json()) as { data: { token: string } }).data.token;
    const fixtures: [string, string, Buffer][] = [
      ['pdf', '预览测试.pdf', makePdf()],
      ['docx', '季度工作报告.docx', await makeDocx()],
      ['xlsx', '销售汇总.xlsx', await makeXlsx()],
      ['pptx', '汇报材料.pptx', await makePptx()],
      ['ofd', '通知.ofd', await makeOfd()],
      ['png', '示意图.png', makeImage()],
      ['doc', '旧版文档.doc', makeLegacyDoc()],
      ['brokenDocx', '损坏的文档.docx', Buffer.from('this is not a zip package at all')],
    ];
    for (const [key, name, content] of fixtures) files[key] = await upload(name, content);
    ({ page } = await suite.newPage('admin'));
    page.on('request', (request) => { requested.push(request.url()); });
  });
  afterAll(async () => { await suite.stop(); });

  it('PDF: every page, drawn lazily as it scrolls near, with selectable text, zoom and the page count', async () => {
    await open(page, '/file/preview/pdf', files.pdf);
    await expect.poll(() => page.getByTestId('pdf-page-count').textContent()).toBe('共 2 页');
    await expect.poll(() => page.locator('[data-testid=pdf-page][data-page="1"]').getAttribute('data-drawn')).toBe('yes');
    expect(await page.getByTestId('preview-file-name').textContent()).toContain('预览测试.pdf');
    expect(await inkedPixels(page, '[data-testid=pdf-page][data-page="1"] canvas')).toBeGreaterThan(5000);
    // The text layer: Latin text, and Chinese text of a non-embedded font (needs the bundled CMaps).
    const layer = page.locator('[data-testid=pdf-page][data-page="1"] .textLayer');
    await expect.poll(() => layer.textContent()).toContain(FIXTURE_TEXT.pdf);
    expect(await layer.textContent()).toContain(FIXTURE_TEXT.pdfChinese);
    // Page 2 is far below the fold: not drawn until scrolled near.
    expect(await page.locator('[data-testid=pdf-page][data-page="2"]').getAttribute('data-drawn')).toBe('no');
    await suite.screenshot(page, 'preview-pdf');
    await page.locator('[data-testid=pdf-page][data-page="2"]').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('[data-testid=pdf-page][data-page="2"]').getAttribute('data-drawn')).toBe('yes');
    await expect.poll(() => page.locator('[data-testid=pdf-page][data-page="2"] .textLayer').textContent()).toContain(FIXTURE_TEXT.pdfPage2);

    const before = await page.locator('[data-testid=pdf-page][data-page="1"]').boundingBox();
    const zoomBefore = await page.getByTestId('pdf-zoom').textContent();
    await page.getByTestId('pdf-zoom-out').click();
    await expect.poll(() => page.getByTestId('pdf-zoom').textContent()).not.toBe(zoomBefore);
    const after = await page.locator('[data-testid=pdf-page][data-page="1"]').boundingBox();
    expect(after!.width).toBeLessThan(before!.width);
    await page.getByTestId('pdf-zoom-in').click();
    await page.getByTestId('pdf-zoom-in').click();
    const larger = await page.locator('[data-testid=pdf-page][data-page="1"]').boundingBox();
    expect(larger!.width).toBeGreaterThan(before!.width);
    // The worker came from the app's own assets.
    expect(requested.some((url) => /\/assets\/pdf\.worker[^/]*\.mjs$/.test(url))).toBe(true);
    expect(requested.some((url) => /\/assets\/UniGB-UCS2-H[^/]*\.bcmap$/.test(url))).toBe(true);
  });

  it('Word: the .docx paragraphs, title and table, styles kept inside their shadow root', async () => {
    await open(page, '/file/preview/word', files.docx);
    const word = page.getByTestId('word-body');
    await expect.poll(() => word.getByText(FIXTURE_TEXT.docxParagraph).count()).toBeGreaterThan(0);
    expect(await word.getByText(FIXTURE_TEXT.docxTitle, { exact: true }).isVisible()).toBe(true);
    expect(await word.getByText(FIXTURE_TEXT.docxCell).isVisible()).toBe(true);
    const scoped = await page.getByTestId('word-host').evaluate((host) => ({
      inShadow: Boolean(host.shadowRoot?.querySelector('section.docx-preview')),
      documentStyles: Array.from(document.querySelectorAll('style')).some((s) => (s.textContent ?? '').includes('docx-preview')),
    }));
    expect(scoped).toEqual({ inShadow: true, documentStyles: false });
    // A document's links cannot run script on the app's origin.
    expect(await word.getByText('safe link').evaluate((e) => e.closest('a')?.getAttribute('href'))).toBe('https://example.cn/');
    expect(await word.getByText('script link').evaluate((e) => e.closest('a')?.getAttribute('href') ?? null)).toBeNull();
    expect(await word.getByText(FIXTURE_TEXT.docxTitle, { exact: true }).evaluate((e) => getComputedStyle(e).color)).toBe('rgb(192, 0, 0)');
    await suite.screenshot(page, 'preview-word');
  });

  it('Excel: sheet tabs, merged cells, widths and formatted values', async () => {
    await open(page, '/file/preview/excel', files.xlsx);
    const sheet = page.getByTestId('excel-sheet');
    await expect.poll(() => sheet.count()).toBe(1);
    for (const text of [FIXTURE_TEXT.xlsxRegion, FIXTURE_TEXT.xlsxAmount, FIXTURE_TEXT.xlsxPercent, FIXTURE_TEXT.xlsxDate, FIXTURE_TEXT.xlsxSum]) {
      expect(await sheet.getByRole('cell', { name: text, exact: true }).isVisible()).toBe(true);
    }
    expect(await sheet.getByRole('cell', { name: FIXTURE_TEXT.xlsxTitle }).getAttribute('colspan')).toBe('4');
    const widths = await sheet.locator('col').evaluateAll((cols) => cols.map((c) => (c as HTMLElement).style.width));
    expect(widths.slice(1)).toEqual(['103px', '131px', '75px', '103px']);
    expect(await page.getByTestId('excel-tab').allTextContents()).toEqual(['销售数据', FIXTURE_TEXT.xlsxSheet2]);
    await suite.screenshot(page, 'preview-excel');
    await page.getByTestId('excel-tab').filter({ hasText: FIXTURE_TEXT.xlsxSheet2 }).click();
    await expect.poll(() => page.getByRole('cell', { name: FIXTURE_TEXT.xlsxSheet2Text }).count()).toBe(1);
  });

  it('PPT: one card per slide, in presentation order, with text, picture and table', async () => {
    await open(page, '/file/preview/ppt', files.pptx);
    await expect.poll(() => page.getByTestId('ppt-slide').count()).toBe(2);
    const [first, second] = [page.getByTestId('ppt-slide').nth(0), page.getByTestId('ppt-slide').nth(1)];
    expect(await first.getByText(FIXTURE_TEXT.pptTitle).isVisible()).toBe(true);
    expect(await first.getByText(FIXTURE_TEXT.pptBullet).isVisible()).toBe(true);
    await expect.poll(() => first.getByTestId('ppt-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    expect(await second.getByText(FIXTURE_TEXT.pptSlide2).isVisible()).toBe(true);
    expect(await second.getByRole('cell', { name: FIXTURE_TEXT.pptCell }).isVisible()).toBe(true);
    // The card keeps the 16:9 slide size.
    const box = await first.locator('div').nth(1).boundingBox();
    expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1);
    await suite.screenshot(page, 'preview-ppt');
  });

  it('OFD: pages with the text at its positions, the rule and the image', async () => {
    await open(page, '/file/preview/ofd', files.ofd);
    await expect.poll(() => page.getByTestId('ofd-page').count()).toBe(2);
    const first = page.getByTestId('ofd-page').first();
    expect(await first.locator('text', { hasText: FIXTURE_TEXT.ofdTitle }).isVisible()).toBe(true);
    expect(await first.locator('text', { hasText: FIXTURE_TEXT.ofdBody }).isVisible()).toBe(true);
    expect(await page.getByTestId('ofd-page').nth(1).locator('text', { hasText: FIXTURE_TEXT.ofdPage2 }).isVisible()).toBe(true);
    expect(await first.locator('path').getAttribute('stroke')).toBe('#c80000');
    const title = await first.locator('text', { hasText: FIXTURE_TEXT.ofdTitle }).boundingBox();
    const body = await first.locator('text', { hasText: FIXTURE_TEXT.ofdBody }).boundingBox();
    expect(title!.y).toBeLessThan(body!.y);
    expect(await first.locator('image').count()).toBe(1);
    await suite.screenshot(page, 'preview-ofd');
  });

  it('image: fitted to the width, with zoom', async () => {
    await open(page, '/file/preview', files.png);
    const image = page.getByTestId('preview-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    expect(await page.getByTestId('image-zoom').textContent()).toBe('100%');
    await page.getByTestId('image-zoom-in').click();
    await expect.poll(async () => (await image.boundingBox())!.width).toBeGreaterThan(320);
    await suite.screenshot(page, 'preview-image');
  });

  it('a legacy .doc: explanation, name, size and a download that works, never a blank page', async () => {
    await open(page, '/file/preview/word', files.doc);
    const panel = page.getByTestId('preview-unsupported');
    await expect.poll(() => panel.count()).toBe(1);
    expect(await panel.getAttribute('data-reason')).toBe('unsupported');
    expect(await page.getByTestId('preview-unsupported-hint').textContent()).toContain('.doc 是旧版二进制格式');
    expect(await panel.textContent()).toContain('旧版文档.doc');
    expect(await panel.textContent()).toContain('1.5 KB');
    await suite.screenshot(page, 'preview-legacy');
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('preview-download').click()]);
    expect(download.suggestedFilename()).toBe('旧版文档.doc');
  });

  it('an unreadable file says so with the download; a missing one shows the server\'s message', async () => {
    await open(page, '/file/preview/word', files.brokenDocx);
    await expect.poll(() => page.getByTestId('preview-unsupported').getAttribute('data-reason')).toBe('unreadable');
    expect(await page.getByText('文件无法预览').isVisible()).toBe(true);
    expect(await page.getByTestId('preview-unsupported').getByTestId('preview-download').isVisible()).toBe(true);
    await suite.screenshot(page, 'preview-unreadable');

    await page.goto('/file/preview/pdf?attachId=no-such-file&extName=pdf&ddtab=true');
    await expect.poll(() => page.getByTestId('preview-error-message').count()).toBe(1);
    const message = await page.getByTestId('preview-error-message').textContent();
    const server = await fetch(`${suite.baseUrl}/capi/get/file/getFileDown?attachId=no-such-file&extName=pdf`, { headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'zh-CN' } });
    expect(server.status).toBe(404);
    expect(message).toBe(((await server.json()) as { message: string }).message);
    await suite.screenshot(page, 'preview-not-found');
  });

  it('mobile variants: the same renderers, full width', async () => {
    const mobile = await suite.browser.newContext({ baseURL: suite.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
    // The session as the server sets it: the HttpOnly token and the marker the guard reads.
    await mobile.addCookies([{ name: 'TOKEN', value: token, url: suite.baseUrl, httpOnly: true, sameSite: 'Strict' }, { name: 'SIGNED_IN', value: '1', url: suite.baseUrl, sameSite: 'Strict' }]);
    const phone = await mobile.newPage();
    await open(phone, '/app/file/preview/excel', files.xlsx);
    await expect.poll(() => phone.getByRole('cell', { name: FIXTURE_TEXT.xlsxAmount }).count()).toBe(1);
    await suite.screenshot(phone, 'preview-mobile-excel');
    await open(phone, '/app/file/preview/word', files.docx);
    await expect.poll(() => phone.getByText(FIXTURE_TEXT.docxParagraph).count()).toBeGreaterThan(0);
    // The A4 page is scaled to the phone's width: nothing sticks out sideways.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await suite.screenshot(phone, 'preview-mobile-word');
    await open(phone, '/app/file/preview', files.pdf);
    await expect.poll(() => phone.locator('[data-testid=pdf-page][data-page="1"]').getAttribute('data-drawn')).toBe('yes');
    const pageBox = await phone.locator('[data-testid=pdf-page][data-page="1"]').boundingBox();
    expect(pageBox!.width).toBeGreaterThan(350);
    await suite.screenshot(phone, 'preview-mobile-pdf');
    await mobile.close();
  });

  it('answers the office viewer configuration to signed-in users only', async () => {
    const answer = await page.evaluate(async (bearer) => {
      const signedIn = await fetch('/capi/get/file/getOfficeViewerConfig', { headers: { Authorization: `Bearer ${bearer}` } });
      const anonymous = await fetch('/capi/get/file/getOfficeViewerConfig');
      return { body: await signedIn.json(), anonymous: anonymous.status };
    }, token);
    expect(answer.body).toEqual({ code: 200, message: expect.any(String), data: { attachHost: '', officeType: 'builtin', ofdType: 'builtin', openOnLineFlag: true } });
    expect(answer.anonymous).toBe(401);
  });

  it('sends a visitor without a session to sign in, then back to the preview', async () => {
    const visitor = await suite.browser.newContext({ baseURL: suite.baseUrl, locale: 'zh-CN' });
    const tab = await visitor.newPage();
    await open(tab, '/file/preview/excel', files.xlsx);
    await tab.waitForURL((url) => url.pathname === '/login');
    await tab.getByTestId('login-account').fill('admin');
    await tab.getByTestId('login-password').fill('Admin@123');
    await tab.getByTestId('login-submit').click();
    await tab.waitForURL((url) => url.pathname === '/file/preview/excel');
    await expect.poll(() => tab.getByRole('cell', { name: FIXTURE_TEXT.xlsxTitle }).count()).toBe(1);
    await visitor.close();
  });

  it('stays offline and out of the main bundle', async () => {
    const origin = new URL(suite.baseUrl).origin;
    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('blob:') && !url.startsWith('data:'))).toEqual([]);
    const html = fs.readFileSync(path.join(builtDist(), 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    const main = fs.readFileSync(path.join(builtDist(), entry!), 'utf8');
    for (const marker of ['GlobalWorkerOptions', 'docx-preview', 'ofdspec', 'sldIdLst']) expect(main).not.toContain(marker);
  });
});
