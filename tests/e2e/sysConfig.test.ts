import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** Waits as long as a busy machine may need (expect.poll's own default is one second). */
function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000, interval: 100 });
}

/** A colour as the browser computes it. */
const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

/** A real PNG drawn by the page itself: a logo disc or a banner with a gradient and a line of text. */
async function drawnPng(page: Page, kind: 'logo' | 'banner'): Promise<Buffer> {
  const dataUrl = await page.evaluate((what) => {
    const canvas = document.createElement('canvas');
    canvas.width = what === 'logo' ? 128 : 1360;
    canvas.height = what === 'logo' ? 128 : 840;
    const g = canvas.getContext('2d')!;
    if (what === 'logo') {
      g.fillStyle = '#722ED1';
      g.beginPath();
      g.arc(64, 64, 60, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#fff';
      g.font = 'bold 64px sans-serif';
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.fillText('园', 64, 68);
    } else {
      const gradient = g.createLinearGradient(0, 0, 1360, 840);
      gradient.addColorStop(0, '#9254DE');
      gradient.addColorStop(1, '#13C2C2');
      g.fillStyle = gradient;
      g.fillRect(0, 0, 1360, 840);
      g.fillStyle = '#fff';
      g.font = 'bold 72px sans-serif';
      g.fillText('智慧园区 · 协同办公', 120, 440);
    }
    return canvas.toDataURL('image/png');
  }, kind);
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/** A sign-in background drawn by the page: a 16:9 diagonal gradient `width` pixels wide with a line of text. */
async function drawnBackground(page: Page, width: number, from: string, to: string): Promise<Buffer> {
  const dataUrl = await page.evaluate(([w, start, end]) => {
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = Math.round((w * 9) / 16);
    const g = canvas.getContext('2d')!;
    const gradient = g.createLinearGradient(0, 0, canvas.width, canvas.height);
    gradient.addColorStop(0, start);
    gradient.addColorStop(1, end);
    g.fillStyle = gradient;
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.fillStyle = 'rgba(255, 255, 255, 0.85)';
    g.font = `bold ${Math.round(w / 24)}px sans-serif`;
    g.fillText('园区晨景', Math.round(w / 12), Math.round(canvas.height * 0.8));
    // JPEG: a gradient of this size is over the 2 MB limit as a PNG.
    return canvas.toDataURL('image/jpeg', 0.85);
  }, [width, from, to] as const);
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/** Before a screenshot: no spinner turning and no dialog, message or list still animating in or out. */
async function settle(page: Page): Promise<void> {
  await eventually(() => page.locator('.ant-spin-spinning, .ant-table-wrapper .ant-spin-blur, [class*="-appear-active"], [class*="-enter-active"], [class*="-leave-active"], .ant-upload-animate').count()).toBe(0);
  await page.waitForTimeout(300);
}

/** True once the image has loaded with real pixels. */
const loaded = (page: Page, testId: string) => page.getByTestId(testId).evaluate((element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0);

describe('the system configuration screen', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('edits the name, theme colour, logo and banners; the header and the sign-in page show them after a reload', async () => {
    const { page, context } = await suite.newPage('admin');
    await page.goto('/system/config/basic');
    // One record is the whole configuration: the screen shows it, with no list, add, delete or back.
    await eventually(() => page.getByTestId('details-edit').count()).toBe(1);
    await eventually(() => page.locator('.ant-descriptions').first().textContent()).toContain('#00C6AE');
    expect(await page.locator('.ant-table').count()).toBe(0);
    expect(await page.getByTestId('entity-add').count()).toBe(0);
    expect(await page.getByTestId('details-back').count()).toBe(0);
    await settle(page);
    await suite.screenshot(page, 'e2e-sysconfig-screen');

    await page.getByTestId('details-edit').click();
    await page.getByTestId('field-configName').locator('input').fill('智慧园区协同平台');
    await page.getByTestId('field-themeColor').locator('input').fill('#722ED1');
    await page.getByTestId('field-logo').locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await drawnPng(page, 'logo') });
    await eventually(() => page.getByTestId('field-logo').locator('.ant-upload-list-item-done').count()).toBe(1);
    await page.getByTestId('field-banners').locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await drawnPng(page, 'banner') });
    await eventually(() => page.getByTestId('field-banners').getByText('banner.png').count()).toBeGreaterThan(0);
    await settle(page);
    await suite.screenshot(page, 'e2e-sysconfig-form');
    await page.locator('.ant-tabs-tab', { hasText: '安全与文档' }).click();
    // The key is not editable here: its fingerprint shows disabled, the key comes from 生成密钥.
    expect(await page.getByTestId('field-encryptKeyId').locator('input').isDisabled()).toBe(true);
    await settle(page);
    await suite.screenshot(page, 'e2e-sysconfig-form-security');
    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === '/system/config/basic');
    await eventually(() => page.locator('.ant-descriptions').first().textContent()).toContain('智慧园区协同平台');
    const stored = await suite.server.ctx.database.db.selectFrom('sys_config').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ configName: '智慧园区协同平台', themeColor: '#722ED1' });
    expect(String(stored.logo)).toMatch(/^[0-9a-f]{24}$/);

    await page.reload();
    await eventually(() => page.getByTestId('app-name').textContent()).toBe('智慧园区协同平台');
    await eventually(() => loaded(page, 'header-logo')).toBe(true);
    await eventually(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--app-color-primary'))).toBe('#722ed1');
    expect(await page.title()).toContain('智慧园区协同平台');
    await settle(page);
    await suite.screenshot(page, 'e2e-sysconfig-header');

    // Signed out, a fresh browser: the sign-in page shows the name, the logo, the banner and the colour.
    await context.close();
    const visitor = await suite.newPage();
    await visitor.page.goto('/login');
    await eventually(() => visitor.page.getByTestId('account-app-name').textContent()).toBe('智慧园区协同平台');
    await eventually(() => loaded(visitor.page, 'brand-mark')).toBe(true);
    await eventually(() => visitor.page.getByTestId('login-banners').locator('img').first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1360);
    await eventually(() => visitor.page.getByTestId('login-submit').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(rgb('#722ED1'));
    await settle(visitor.page);
    await suite.screenshot(visitor.page, 'e2e-sysconfig-login');
    await visitor.context.close();
  });

  it('generates an SM4 key from the configuration screen; after the security administrator approves, the screen shows its fingerprint only', async () => {
    const db = suite.server.ctx.database.db;
    const { page, context } = await suite.newPage('admin');
    await page.goto('/system/config/basic');
    await page.getByTestId('action-createEncryptKey').click();
    await eventually(() => page.locator('.ant-modal-body').textContent()).toContain('密钥只保存在服务器上');
    await settle(page);
    await suite.screenshot(page, 'e2e-sysconfig-create-key');
    await page.getByTestId('transition-confirm').click();
    // The security review is on (the default): the new key waits for the security administrator.
    await eventually(() => page.locator('.ant-message').textContent()).toContain('权限变更已提交安全管理员审批');
    const event = async () => db.selectFrom('sys_security_event').select(['eventId', 'changes']).where('targetEntity', '=', 'SysConfig').executeTakeFirst();
    await eventually(async () => Boolean(await event())).toBe(true);
    const { eventId, changes } = (await event())!;
    const fingerprint = String(JSON.parse(String(changes)).encryptKeyId);
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect((await db.selectFrom('sys_config').select('encryptKeyId').executeTakeFirstOrThrow()).encryptKeyId).toBeNull();

    const secadmin = await suite.newPage('secadmin');
    await secadmin.page.goto('/system/security-event');
    await secadmin.page.getByTestId(`row-transition-approve-${String(eventId)}`).click();
    await secadmin.page.getByTestId('transition-confirm').click();
    await eventually(async () => (await db.selectFrom('sys_config').select('encryptKeyId').executeTakeFirstOrThrow()).encryptKeyId).toBe(fingerprint);
    await secadmin.context.close();

    await page.reload();
    await eventually(() => page.locator('.ant-descriptions', { hasText: fingerprint }).count()).toBeGreaterThan(0);
    const key = JSON.parse(String((await db.selectFrom('sys_setting').select('value').where('settingKey', '=', `sm4Key:${fingerprint}`).executeTakeFirstOrThrow()).value)).key as string;
    expect(await page.content()).not.toContain(key);
    await settle(page);
    await suite.screenshot(page, 'e2e-sysconfig-key-fingerprint');
    await context.close();
  });

  it('uploads, previews, replaces and removes the sign-in background on the configuration screen, in force at once', async () => {
    const db = suite.server.ctx.database.db;
    const stored = async () => (await db.selectFrom('sys_setting').select('value').where('settingKey', '=', 'loginBackground').executeTakeFirst())?.value;
    const shownWidth = (page: Page) => page.getByTestId('login-background').locator('img').first()
      .evaluate((img) => ((img as HTMLImageElement).complete ? (img as HTMLImageElement).naturalWidth : 0));
    /** What a visitor's sign-in page lays over itself: the picture, or the theme colour's gradient. */
    const signInBackground = async () => {
      const visitor = await suite.newPage();
      await visitor.page.goto('/login');
      await visitor.page.getByTestId('login-submit').waitFor();
      return visitor;
    };

    const { page, context } = await suite.newPage('admin');
    await page.goto('/system/config/basic');
    // Under the section of the logo and banners; none yet, so the upload box.
    const panel = page.getByTestId('login-background');
    await eventually(() => panel.getByTestId('login-background-empty').count()).toBe(1);
    expect(await page.locator('.ant-descriptions').first().evaluate((section, next) => section.nextElementSibling === next, await panel.elementHandle())).toBe(true);
    await settle(page);
    await suite.screenshot(page, 'e2e-sysconfig-background-none');

    await panel.locator('input[type=file]').setInputFiles({ name: '园区晨景.jpg', mimeType: 'image/jpeg', buffer: await drawnBackground(page, 1920, '#0B3D91', '#36CFC9') });
    await eventually(() => page.locator('.ant-message').textContent()).toContain('登录背景已更新');
    await eventually(() => shownWidth(page)).toBe(1920);
    const first = await stored();
    expect(String(first)).toMatch(/^"[0-9a-f]{24}"$/);
    await settle(page);
    await suite.screenshot(page, 'e2e-sysconfig-background-uploaded');
    // A click enlarges it.
    await panel.locator('.ant-image').first().click();
    await eventually(() => page.locator('.ant-image-preview-img').count()).toBe(1);
    await settle(page);
    await suite.screenshot(page, 'e2e-sysconfig-background-preview');
    await page.keyboard.press('Escape');
    await eventually(() => page.locator('.ant-image-preview-img:visible').count()).toBe(0);

    // Without 编辑 or 保存, the sign-in page shows it.
    let visitor = await signInBackground();
    await eventually(() => visitor.page.getByTestId('login-page').getAttribute('data-background')).toBe('image');
    await settle(visitor.page);
    await suite.screenshot(visitor.page, 'e2e-sysconfig-background-login');
    await visitor.context.close();

    // Replaced: another picture, another attachment in force.
    await panel.locator('input[type=file]').setInputFiles({ name: '园区夜景.jpg', mimeType: 'image/jpeg', buffer: await drawnBackground(page, 1600, '#1D1D5B', '#D4380D') });
    await eventually(() => shownWidth(page)).toBe(1600);
    expect(await stored()).not.toBe(first);
    // A file that is not a picture is refused before it is sent.
    await panel.locator('input[type=file]').setInputFiles({ name: '说明.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await eventually(() => page.locator('.ant-message').textContent()).toContain('上传文件只能是图片格式');
    expect(await shownWidth(page)).toBe(1600);

    // Removed, after a confirmation: the upload box again, and the sign-in page has its gradient back.
    await panel.getByTestId('login-background-remove').click();
    await settle(page);
    await suite.screenshot(page, 'e2e-sysconfig-background-remove-confirm');
    await page.getByTestId('login-background-remove-ok').click();
    await eventually(() => page.locator('.ant-message').textContent()).toContain('登录背景已移除');
    await eventually(() => panel.getByTestId('login-background-empty').count()).toBe(1);
    expect(await stored()).toBeUndefined();
    const details = (await db.selectFrom('sys_operation_log').select('detail').where('entity', '=', 'SysConfig').execute()).map((row) => row.detail);
    expect(details.filter((detail) => detail === 'uploadBackGroundImg')).toHaveLength(2);
    expect(details.filter((detail) => detail === 'deleteBackGroundImg')).toHaveLength(1);
    visitor = await signInBackground();
    await eventually(() => visitor.page.getByTestId('login-page').getAttribute('data-background')).toBe('gradient');
    await visitor.context.close();
    await context.close();
  });

  it('asks an applicant to agree to the service protocol and the user notice, shown in a dialog', async () => {
    const { page, context } = await suite.newPage();
    await page.goto('/register');
    await page.getByTestId('agreement-open-userNotice').click();
    await eventually(() => page.getByTestId('agreement-text').textContent()).toContain('首次登录请修改初始密码');
    await settle(page);
    await suite.screenshot(page, 'e2e-sysconfig-agreement-dialog');
    await page.getByTestId('agreement-close').click();
    await page.getByTestId('register-accountId').fill('zhaolei');
    await page.getByTestId('register-userName').fill('赵磊');
    await page.getByTestId('register-phone').fill('13922224444');
    await page.getByTestId('register-password').fill('Register2026');
    await page.getByTestId('register-password2').fill('Register2026');
    await page.getByTestId('register-submit').click();
    await eventually(() => page.locator('.ant-form-item-explain-error').allTextContents()).toContain('请先阅读并同意《服务协议》和《用户须知》');
    await settle(page);
    await suite.screenshot(page, 'e2e-sysconfig-agreement-required');
    await page.getByTestId('register-agree').check();
    await page.getByTestId('register-submit').click();
    await eventually(() => page.getByTestId('register-done').textContent()).toBe('注册申请已提交');
    await context.close();
  });
});
