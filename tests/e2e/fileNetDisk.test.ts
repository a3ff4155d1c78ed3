import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';
import { DEFAULT_ADMIN_PASSWORD, answer, formBody } from '../support/testServer';
import { docxFile, pngFile } from '../../server/modules/file/demoFileBytes';

/**
 * The network disk in Chromium: lina uploads a file into her disk (the progress bar is the
 * page's upload progress), shares it with an access code, and a stranger opens the link in a
 * fresh browser: a wrong code is refused in words, the right one downloads the very bytes. A
 * stranger browses a shared folder and downloads a file of its subfolder; the sign-in page shows
 * the background uploaded by uploadBackGroundImg, and its gradient while there is none.
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
    // Shown this once: the server keeps only its hash.
    await page.getByTestId('share-code-once').waitFor();
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

  it('lets a stranger browse a shared folder and download a file of its subfolder', async () => {
    // lina's seeded link to her folder 项目资料 (no access code).
    const { page, context } = await suite.newPage();
    await page.goto('/s/demo-project-5e2b8c1f30');
    await page.getByTestId('share-open-门户改版').click();
    await expect.poll(() => page.getByTestId('share-folder-current').textContent()).toBe('门户改版');
    const stored = await suite.server.ctx.database.db.selectFrom('file_net_disk_item').select('fileSize').where('name', '=', '首页设计稿.png').executeTakeFirstOrThrow();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-download-首页设计稿.png').click()]);
    expect(download.suggestedFilename()).toBe('首页设计稿.png');
    expect(fs.statSync(await download.path()).size).toBe(Number(stored.fileSize));
    await suite.screenshot(page, 'e2e-file-share-folder-zh');
    // Back up the breadcrumb, which stops at the shared folder.
    await page.getByTestId('share-crumb-项目资料').click();
    await expect.poll(() => page.getByTestId('share-folder-current').textContent()).toBe('项目资料');
    await context.close();
  });

  it('shows the uploaded sign-in background, and the gradient while there is none', async () => {
    const background = (page: Page) => page.getByTestId('login-page').getAttribute('data-background');
    const before = await suite.newPage();
    const probed = before.page.waitForResponse((response) => response.url().includes('/get/file/getLoginBackground'));
    await before.page.goto('/login');
    expect((await probed).status()).toBe(404);
    await before.page.getByTestId('login-submit').waitFor();
    expect(await background(before.page)).toBe('gradient');
    await before.context.close();

    // The administrator uploads one (the multipart call the configuration's image uploads share).
    const signIn = await answer(await fetch(`${suite.baseUrl}/capi/get/system/login`, { method: 'POST', body: formBody({ accountId: 'admin', password: DEFAULT_ADMIN_PASSWORD }) }));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pngFile(1280, 720, [20, 60, 120], [120, 180, 230]))]), '登录背景.png');
    const uploaded = await answer(await fetch(`${suite.baseUrl}/capi/set/file/uploadBackGroundImg`, {
      method: 'POST', headers: { Authorization: `Bearer ${String(signIn.body.data.token)}` }, body: form,
    }));
    expect(uploaded.body.code, uploaded.body.message).toBe(200);

    const { page, context } = await suite.newPage();
    await page.goto('/login');
    await expect.poll(() => background(page)).toBe('image');
    expect(await page.getByTestId('login-page').evaluate((element) => getComputedStyle(element).backgroundImage)).toContain('/capi/get/file/getLoginBackground');
    await suite.screenshot(page, 'e2e-login-background');
    await context.close();
  });
});
