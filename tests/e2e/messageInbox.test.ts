import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' };

/** The number on the bell's badge (0 when antd shows none). */
async function bellCount(page: Page): Promise<number> {
  const badge = page.locator('.ant-badge:has([data-testid="message-bell"]) sup.ant-badge-count');
  if (await badge.count() === 0) return 0;
  return Number(await badge.getAttribute('title'));
}

describe('my messages in the browser: read on opening, mark all read, deep links that open the record', () => {
  let suite: BrowserSuite;
  let applyId: string;
  beforeAll(async () => {
    suite = await startBrowserSuite();
    // The applicant applies and the dispatcher approves, through the API: lina gets the flow message.
    const call = async (token: string | null, path: string, data: Record<string, string>) => {
      const response = await fetch(`${suite.baseUrl}/capi${path}`, {
        method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {}, body: new URLSearchParams(data),
      });
      const body = await response.json() as { code: number; message: string; data: Record<string, unknown> };
      expect(body.code, body.message).toBe(200);
      return body.data;
    };
    const token = async (accountId: string) => String((await call(null, '/get/system/login', { accountId, password: 'Demo@123' })).token);
    const [lina, wangfang] = [await token('lina'), await token('wangfang')];
    applyId = String((await call(lina, '/set/office/insertOfficeVehicleApply', {
      title: '消息深链接用车', vehicleType: 'sedan', destination: '上海市浦东新区', passengers: '1',
      startTime: '2026-12-02 09:00', endTime: '2026-12-02 18:00', driverNeeded: '0', reason: '拜访客户',
    })).applyId);
    await call(wangfang, '/set/office/approveOfficeVehicleApply', { id: applyId, dispatchRemark: '派沪A12345' });
    // A second decision leaves one more unread message for 全部已读.
    const second = String((await call(lina, '/set/office/insertOfficeVehicleApply', {
      title: '第二次用车', vehicleType: 'sedan', destination: '苏州', passengers: '1',
      startTime: '2026-12-03 09:00', endTime: '2026-12-03 18:00', driverNeeded: '0', reason: '培训',
    })).applyId);
    await call(wangfang, '/set/office/rejectOfficeVehicleApply', { id: second, opinion: '车辆已满' });
  });
  afterAll(async () => { await suite.stop(); });

  it('opens a message read, drops the bell at once, follows its link to the record, and marks all read', async () => {
    const { page, context } = await suite.newPage('lina');
    await expect.poll(() => bellCount(page)).toBeGreaterThanOrEqual(2);
    const before = await bellCount(page);

    await page.getByTestId('message-bell').click();
    await page.waitForURL((url) => url.pathname === '/personal/message');
    await expect.poll(() => page.locator('[data-testid="inbox"] .ant-card-head-title').textContent()).toBe('我的消息');
    // No 管理 tab: the page is the user's own messages, by category with unread counts.
    expect(await page.getByRole('tab', { name: /管理/ }).count()).toBe(0);
    await expect.poll(() => page.getByRole('tab').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('流程')]));
    await suite.screenshot(page, 'e2e-messages-inbox');

    await page.getByRole('tab', { name: /流程/ }).click();
    const item = page.getByTestId('inbox-item').filter({ hasText: '消息深链接用车' });
    await expect.poll(() => item.getAttribute('data-read')).toBe('0');
    await item.click();
    await expect.poll(() => page.getByTestId('message-content').textContent()).toContain('消息深链接用车');
    // Opening marked it read: the bell drops without waiting for the next poll.
    await expect.poll(() => bellCount(page)).toBe(before - 1);
    await expect.poll(() => item.getAttribute('data-read')).toBe('1');
    await suite.screenshot(page, 'e2e-messages-opened');

    // The link is a link, and it opens the applicant's record — not the no-permission page.
    const link = page.getByTestId('message-link');
    expect(await link.evaluate((a) => a.tagName)).toBe('A');
    await link.click();
    await page.waitForURL((url) => url.pathname === '/office/vehicle/apply/details');
    expect(new URL(page.url()).searchParams.get('id')).toBe(applyId);
    await expect.poll(() => page.locator('.ant-descriptions').first().textContent()).toContain('消息深链接用车');
    expect(await page.locator('.ant-result-403').count()).toBe(0);
    await suite.screenshot(page, 'e2e-messages-record');

    // 全部已读 clears the rest.
    await page.goto('/personal/message');
    await expect.poll(() => page.locator('[data-testid="inbox-item"][data-read="0"]').count()).toBeGreaterThan(0);
    await page.getByTestId('inbox-mark-all').click();
    await expect.poll(() => bellCount(page)).toBe(0);
    await expect.poll(() => page.locator('[data-testid="inbox-item"][data-read="0"]').count()).toBe(0);
    expect(await page.getByTestId('inbox-mark-all').isDisabled()).toBe(true);
    await suite.screenshot(page, 'e2e-messages-all-read');
    await context.close();
  });

  it('opens the approval message\'s deep link on a 390 px phone: the record, not the no-permission page', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.baseUrl, ...PHONE });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const link = `/app/office/vehicle/apply/details?applyId=${applyId}`;
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByTestId('login-account').fill('lina');
    await page.getByTestId('login-password').fill('Demo@123');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/app/office/vehicle/apply/details');
    await expect.poll(() => page.getByTestId('mobile-details').textContent()).toContain('消息深链接用车');
    expect(await page.locator('.ant-result-403').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await suite.screenshot(page, 'e2e-messages-deeplink-phone');
    await context.close();
  });
});
