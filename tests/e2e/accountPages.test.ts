import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';
import { signLicense } from '../../server/account/license/licenseFile';

/**
 * The account pages in Chromium: sign-in with an SMS code, password recovery by phone and by
 * e-mail — the codes and links read from the outbox, as a developer would — registration with
 * the administrator's approval, software registration and "sign in as this account".
 */
describe('sign-in, recovery and registration pages in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const db = () => suite.server.ctx.database.db;
  const outbox = (recipient: string) => db().selectFrom('sys_outbox').selectAll().where('recipient', '=', recipient).orderBy('outboxId', 'desc').execute();
  /** Waits for a new message to `recipient` and returns its body. */
  const nextMessage = async (recipient: string, before: number): Promise<string> => {
    await expect.poll(async () => (await outbox(recipient)).length, { timeout: 10_000 }).toBeGreaterThan(before);
    return String((await outbox(recipient))[0].body);
  };
  const signInWithPassword = async (page: Page, accountId: string, password: string) => {
    await page.goto('/login');
    await page.getByTestId('login-account').fill(accountId);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  };
  /** Lets loading spinners and entering animations finish before a screenshot. */
  const settle = async (page: Page) => {
    await expect.poll(() => page.locator('.ant-spin-spinning, .ant-table-wrapper .ant-spin-blur').count()).toBe(0);
    await page.waitForTimeout(400);
  };
  // Who is signed in, as the header names them (the desk may open on a portal without the welcome card).
  const greeting = (page: Page) => page.getByTestId('user-menu').textContent();

  it('signs in with a phone number and the SMS code from the outbox', async () => {
    const { page, context } = await suite.newPage();
    await page.goto('/login');
    await expect.poll(() => page.getByTestId('login-tab-password').textContent()).toBe('账号登录');
    await suite.screenshot(page, 'e2e-account-login-password');
    await page.getByTestId('login-tab-phone').click();
    // The form checks the number before asking for a code.
    await page.getByTestId('login-phone').fill('1380000');
    await page.getByTestId('login-code-send').click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').allTextContents()).toContain('请输入正确的手机号');

    const before = (await outbox('13800000003')).length;
    await page.getByTestId('login-phone').fill('13800000003');
    await page.getByTestId('login-code-send').click();
    const sms = await nextMessage('13800000003', before);
    const code = /(\d{6})/.exec(sms)![1];
    await expect.poll(() => page.getByTestId('login-code-send').textContent()).toMatch(/\d+ 秒后重发/);
    expect(await page.getByTestId('login-code-send').isDisabled()).toBe(true);
    await page.getByTestId('login-code').fill(code);
    await suite.screenshot(page, 'e2e-account-login-phone');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('login-tab-phone').textContent()).toBe('Mobile');
    await suite.screenshot(page, 'e2e-account-login-phone-en');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('login-tab-phone').textContent()).toBe('手机号登录');
    await page.getByTestId('login-phone-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await expect.poll(() => greeting(page)).toContain('李娜');
    await context.close();
  });

  it('shows the server\'s refusal of a wrong code under the phone form', async () => {
    const { page, context } = await suite.newPage();
    await page.goto('/login');
    await page.getByTestId('login-tab-phone').click();
    const before = (await outbox('13800000005')).length;
    await page.getByTestId('login-phone').fill('13800000005');
    await page.getByTestId('login-code-send').click();
    const code = /(\d{6})/.exec(await nextMessage('13800000005', before))![1];
    await page.getByTestId('login-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('login-phone-submit').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('验证码错误，还可尝试 4 次');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('recovers a password by phone code, then signs in with the new password', async () => {
    const { page, context } = await suite.newPage();
    await page.goto('/login');
    await page.getByTestId('login-link-forget').click();
    await page.waitForURL('**/forget_password');
    await page.getByTestId('forget-tab-phone').click();
    await page.waitForURL('**/forget_password_phone');
    const before = (await outbox('13800000004')).length;
    await page.getByTestId('forget-phone').fill('13800000004');
    await page.getByTestId('forget-code-send').click();
    const sms = await nextMessage('13800000004', before);
    expect(sms).toContain('您正在找回密码');
    await page.getByTestId('forget-code').fill(/(\d{6})/.exec(sms)![1]);
    await suite.screenshot(page, 'e2e-account-forget-phone');
    await page.getByTestId('forget-next').click();

    await page.waitForURL('**/resetPassword');
    await expect.poll(() => page.getByTestId('reset-account').textContent()).toBe('为账号 liuyang（刘洋）设置新密码');
    await page.getByTestId('reset-password').fill('onlyletters');
    await page.getByTestId('reset-password2').fill('different1');
    await page.getByTestId('reset-submit').click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').allTextContents())
      .toEqual(expect.arrayContaining(['密码长度为 8～64 位，且必须同时包含字母和数字', '两次输入密码不一致!']));
    await suite.screenshot(page, 'e2e-account-reset-errors');
    await page.getByTestId('reset-password').fill('Recovered2026');
    await page.getByTestId('reset-password2').fill('Recovered2026');
    await page.getByTestId('reset-submit').click();
    await expect.poll(() => page.getByTestId('reset-done').textContent()).toBe('请使用新密码登录');
    await suite.screenshot(page, 'e2e-account-reset-done');
    await page.getByTestId('reset-to-login').click();
    await page.waitForURL('**/login');
    await signInWithPassword(page, 'liuyang', 'Recovered2026');
    await expect.poll(() => greeting(page)).toContain('刘洋');

    // Opened again (or reloaded), the spent page asks to start over.
    await page.goto('/resetPassword');
    await expect.poll(() => page.getByTestId('reset-invalid').textContent()).toBe('重置链接无效或已过期，请重新找回密码');
    await context.close();
  });

  it('recovers a password through the link mailed to the outbox', async () => {
    const { page, context } = await suite.newPage();
    await page.goto('/forget_password');
    const before = (await outbox('zhoujie@example.com')).length;
    await page.getByTestId('forget-account').fill('zhoujie');
    await suite.screenshot(page, 'e2e-account-forget-email');
    await page.getByTestId('forget-send-mail').click();
    await expect.poll(() => page.getByTestId('forget-mail-sent').textContent()).toContain('30 分钟内');
    await suite.screenshot(page, 'e2e-account-forget-email-sent');
    const mail = await nextMessage('zhoujie@example.com', before);
    const link = /(http:\/\/\S+\/resetPasswordByEmail\?token=\S+)/.exec(mail)![1];
    expect(link.startsWith(suite.baseUrl)).toBe(true);

    await page.goto(link);
    await expect.poll(() => page.getByTestId('reset-account').textContent()).toBe('为账号 zhoujie（周杰）设置新密码');
    await page.getByTestId('reset-password').fill('MailLink2026');
    await page.getByTestId('reset-password2').fill('MailLink2026');
    await suite.screenshot(page, 'e2e-account-reset-by-email');
    await page.getByTestId('reset-submit').click();
    await expect.poll(() => page.getByTestId('reset-done').textContent()).toBe('请使用新密码登录');
    // The link works once.
    await page.goto(link);
    await expect.poll(() => page.getByTestId('reset-invalid').count()).toBe(1);
    await suite.screenshot(page, 'e2e-account-reset-link-spent');

    await signInWithPassword(page, 'zhoujie', 'MailLink2026');
    await expect.poll(() => greeting(page)).toContain('周杰');
    await context.close();
  });

  it('registers, the administrator approves, and the new user signs in', async () => {
    const { page, context } = await suite.newPage();
    await page.goto('/login');
    await page.getByTestId('login-link-register').click();
    await page.waitForURL('**/register');
    await page.getByTestId('register-accountId').fill('zhengkai');
    await page.getByTestId('register-userName').fill('郑凯');
    await page.getByTestId('register-phone').fill('13922223333');
    await page.getByTestId('register-email').fill('zhengkai@example.com');
    await page.getByTestId('register-password').fill('Register2026');
    await page.getByTestId('register-password2').fill('Register2025');
    // The demo configuration has agreement texts: the applicant agrees (tests/e2e/sysConfig.test.ts reads them).
    await page.getByTestId('register-agree').check();
    await page.getByTestId('register-submit').click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').allTextContents()).toContain('两次输入密码不一致!');
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('请检查表单！');
    await suite.screenshot(page, 'e2e-account-register-mismatch');
    await page.getByTestId('register-password2').fill('Register2026');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => page.getByTestId('register-done').textContent()).toBe('注册申请已提交');
    await suite.screenshot(page, 'e2e-account-register-done');
    await page.getByTestId('register-query-status').click();
    await page.waitForURL('**/getRegStatus?**');
    await expect.poll(() => page.getByTestId('regstatus-status').textContent()).toBe('待审核');
    await suite.screenshot(page, 'e2e-account-regstatus-pending');

    // The administrator approves it on the registration screen.
    const registration = await db().selectFrom('sys_user_registration').selectAll().where('accountId', '=', 'zhengkai').executeTakeFirstOrThrow();
    const admin = await suite.newPage('admin');
    await admin.page.goto('/system/registration');
    await admin.page.getByTestId(`row-transition-approve-${registration.registrationId}`).click();
    await admin.page.getByTestId('transition-opinion').fill('欢迎加入');
    await admin.page.getByTestId('transition-confirm').click();
    await expect.poll(async () => (await db().selectFrom('sys_user_registration').select('status').where('registrationId', '=', registration.registrationId).executeTakeFirstOrThrow()).status).toBe('approved');
    await settle(admin.page);
    await suite.screenshot(admin.page, 'e2e-account-registration-list');
    await admin.context.close();

    await page.reload();
    await expect.poll(() => page.getByTestId('regstatus-status').textContent()).toBe('已通过');
    await suite.screenshot(page, 'e2e-account-regstatus-approved');
    await signInWithPassword(page, 'zhengkai', 'Register2026');
    await expect.poll(() => greeting(page)).toContain('郑凯');
    // The default registrant role brings the enterprise registration page.
    expect(await page.getByTestId('menu-enterprise').count()).toBe(1);
    await context.close();
  });

  it('installs a software registration file on /system/info and shows it after the reload', async () => {
    const key = 'e2e-licence-key';
    // The browser suite starts without LICENSE_KEY; the handler reads the configuration per request.
    suite.server.ctx.config.account.licenseKey = key;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'oa-licence-')), 'license.json');
    fs.writeFileSync(file, signLicense({ unit: '华东智联科技集团有限公司', expires: '2099-12-31', edition: '企业版', users: 500 }, key));
    const bad = path.join(path.dirname(file), 'forged.json');
    fs.writeFileSync(bad, fs.readFileSync(file, 'utf8').replace('2099-12-31', '2199-12-31'));

    const { page, context } = await suite.newPage('admin');
    await page.goto('/system/info');
    await expect.poll(() => page.getByTestId('system-info-unregistered').textContent()).toBe('本系统尚未注册');
    await settle(page);
    await suite.screenshot(page, 'e2e-account-system-info-empty');
    await page.locator('[data-testid="system-info"] input[type=file]').setInputFiles(bad);
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('注册文件签名无效');
    await page.locator('[data-testid="system-info"] input[type=file]').setInputFiles(file);
    await expect.poll(() => page.getByTestId('system-info-unit').textContent(), { timeout: 15_000 }).toBe('华东智联科技集团有限公司');
    expect(await page.getByTestId('system-info-expires').textContent()).toBe('2099-12-31');
    await settle(page);
    await suite.screenshot(page, 'e2e-account-system-info');
    await context.close();

    const staff = await suite.newPage('lina');
    await staff.page.goto('/system/info');
    await expect.poll(() => staff.page.getByTestId('system-info-unit').textContent()).toBe('华东智联科技集团有限公司');
    expect(await staff.page.getByTestId('system-info-upload').count()).toBe(0);
    await staff.context.close();
  });

  it('lets admin sign in as another account, and refuses an account without menus', async () => {
    // An account without any role has no menu.
    await db().updateTable('sys_user').set({ roleIds: null }).where('accountId', '=', 'wuting').execute();
    const { page, context } = await suite.newPage('admin');
    await page.goto('/system/login-as');
    await page.getByTestId('login-as-user').click();
    await page.keyboard.type('吴婷');
    await page.locator('.ant-select-item-option').filter({ hasText: 'wuting' }).click();
    await page.getByTestId('login-as-submit').click();
    await expect.poll(() => page.getByTestId('login-as-no-menu').textContent()).toBe('当前用户无任何菜单权限，请联系系统管理员');
    await settle(page);
    await suite.screenshot(page, 'e2e-account-login-as-no-menu');
    await page.locator('.ant-modal-confirm-btns button').click();
    // Still the administrator.
    expect((await (await page.request.get('/capi/get/system/getUserInfo', { headers: { Authorization: `Bearer ${(await context.cookies()).find((c) => c.name === 'TOKEN')!.value}` } })).json()).data.accountId).toBe('admin');

    // A link with ?accountId= (from the user list) preselects the account.
    await page.goto('/system/login-as?accountId=wangfang');
    await expect.poll(() => page.locator('[data-testid="login-as"] .ant-select-selection-item').textContent()).toBe('王芳（wangfang）');
    await settle(page);
    await suite.screenshot(page, 'e2e-account-login-as');
    await page.getByTestId('login-as-submit').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(() => greeting(page)).toContain('王芳');
    expect(await page.getByTestId('menu-system').count()).toBe(0);
    expect(await page.getByTestId('menu-office').count()).toBe(1);
    await context.close();

    // Nobody else gets the page.
    const other = await suite.newPage('zhangwei');
    await other.page.goto('/system/login-as');
    await expect.poll(() => other.page.getByTestId('login-as-forbidden').textContent()).toBe('只有 admin 账号可以登录其他账号');
    await other.context.close();
  });

  it('shows administrators the outbox and the enterprise audit screen; registrants their own enterprises', async () => {
    const { page, context } = await suite.newPage('admin');
    await page.goto('/system/outbox');
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(1);
    await expect.poll(() => page.locator('.ant-table-tbody').textContent()).toContain('zhoujie@example.com');
    await settle(page);
    await suite.screenshot(page, 'e2e-account-outbox');
    await page.goto('/enterprise/info');
    await expect.poll(() => page.locator('.ant-table-tbody').textContent()).toContain('杭州青禾农业科技有限公司');
    await settle(page);
    await suite.screenshot(page, 'e2e-account-enterprise-audit');
    const pending = await db().selectFrom('sys_enterprise').select('enterpriseId').where('auditStatus', '=', 'pending').executeTakeFirstOrThrow();
    await page.goto(`/enterprise/info/details?id=${pending.enterpriseId}`);
    await expect.poll(() => page.getByTestId('details-state').textContent()).toContain('待审核');
    await settle(page);
    await suite.screenshot(page, 'e2e-account-enterprise-details');
    await context.close();

    const registrant = await suite.newPage('sunyue');
    await registrant.page.goto('/enterprise/info');
    await expect.poll(() => registrant.page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);
    await settle(registrant.page);
    await suite.screenshot(registrant.page, 'e2e-account-enterprise-registrant');
    await registrant.page.goto('/enterprise/info/save');
    await expect.poll(() => registrant.page.locator('main, .ant-layout-content').first().textContent()).toMatch(/企业名称[\s\S]*营业执照/);
    await settle(registrant.page);
    await suite.screenshot(registrant.page, 'e2e-account-enterprise-save');
    expect(await registrant.page.getByTestId('menu-systemOutbox').count()).toBe(0);
    await registrant.context.close();
  });
});
