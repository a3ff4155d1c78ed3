import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';
import { docxFile } from '../../server/modules/file/demoFileBytes';

/**
 * The network disk in Chromium: lina uploads a file into her disk (the progress bar is the
 * page's upload progress), shares it with an access code, and a stranger opens the link in a
 * fresh browser: a wrong code is refused in words, the right one downloads the very bytes.
 */
describe('network disk upload and share link', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('uploads to the disk, shares with an access code, and downloads through the link in a fresh browser', async () => {
    const { page, context } = await suite.newPage('lina');
    await page.goto('/file/netdisk');
    await page.getByTestId('netdisk-open-工作文档').waitFor();
    const bytes = docxFile(['十一月周报', '本周完成门户首页改版提测。']);
    await page.getByTestId('netdisk-upload-input').setInputFiles({ name: '十一月周报.docx', mimeType: 'application/octet-stream', buffer: bytes });
    await page.getByTestId('netdisk-open-十一月周报.docx').waitFor();
    const stored = await suite.server.ctx.database.db.selectFrom('file_net_disk_item').select(['fileSize', 'parentId']).where('name', '=', '十一月周报.docx').executeTakeFirstOrThrow();
    expect(Number(stored.fileSize)).toBe(bytes.length);
    expect(stored.parentId).toBeNull();
    await suite.screenshot(page, 'e2e-file-netdisk-zh');

    await page.getByTestId('netdisk-share-十一月周报.docx').click();
    await page.getByTestId('share-create').click();
    const link = (await page.getByTestId('share-link').textContent())!.trim();
    const password = (await page.getByTestId('share-password').textContent())!.trim();
    expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{22}$/);
    expect(password).toMatch(/^[a-z0-9]{4}$/);
    await suite.screenshot(page, 'e2e-file-netdisk-share-dialog-zh');
    await page.locator('.ant-modal-close').click();

    // A stranger: no session, own cookies.
    const stranger = await suite.browser.newContext({ baseURL: suite.baseUrl, locale: 'zh-CN', acceptDownloads: true });
    const visitor = await stranger.newPage();
    await visitor.goto(new URL(link).pathname);
    await expect.poll(() => visitor.getByTestId('share-file-name').textContent()).toBe('十一月周报.docx');
    await visitor.getByTestId('share-password-input').fill('zz99');
    await visitor.getByTestId('share-download').click();
    await expect.poll(() => visitor.getByTestId('share-refusal').textContent()).toBe('提取码错误');
    await visitor.getByTestId('share-password-input').fill(password);
    const [download] = await Promise.all([visitor.waitForEvent('download'), visitor.getByTestId('share-download').click()]);
    expect(download.suggestedFilename()).toBe('十一月周报.docx');
    expect(fs.readFileSync(await download.path()).equals(bytes)).toBe(true);
    await suite.screenshot(visitor, 'e2e-file-share-page-zh');
    await stranger.close();

    // The same screens in English.
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByRole('tab', { name: 'Recycle bin' }).count()).toBe(1);
    await suite.screenshot(page, 'e2e-file-netdisk-en');
    const english = await context.newPage();
    await english.goto(new URL(link).pathname);
    await expect.poll(() => english.getByTestId('share-download').textContent()).toContain('Download');
    await suite.screenshot(english, 'e2e-file-share-page-en');
    await context.close();
  });
});
