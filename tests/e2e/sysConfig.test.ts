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
