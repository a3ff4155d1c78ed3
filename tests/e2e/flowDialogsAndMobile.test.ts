import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' };

/** Issue 12 parts 4, 8 and 9 in Chromium: transition dialogs, minute pickers, the mobile contract tile, the xlsx preview. */
describe('flow dialogs, date-time pickers, the mobile contract tile and the xlsx preview', () => {
  let suite: BrowserSuite;
  let approvedId: string;
  let pendingId: string;
  let outingId: string;
  let adminToken: string;

  const call = async (token: string | null, path: string, data: Record<string, string>) => {
    const response = await fetch(`${suite.baseUrl}/capi${path}`, {
      method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {}, body: new URLSearchParams(data),
    });
    const body = await response.json() as { code: number; message: string; data: Record<string, unknown> };
    expect(body.code, body.message).toBe(200);
    return body.data;
  };
  const token = async (accountId: string) =>
    String((await call(null, '/get/system/login', { accountId, password: accountId === 'admin' ? 'Admin@123' : 'Demo@123' })).token);
  const apply = async (lina: string, title: string) => String((await call(lina, '/set/office/insertOfficeVehicleApply', {
    title, vehicleType: 'sedan', destination: '杭州西湖区', passengers: '2',
    startTime: '2026-12-02 09:00', endTime: '2026-12-02 18:00', driverNeeded: '0', reason: '客户拜访',
  })).applyId);

  beforeAll(async () => {
    suite = await startBrowserSuite();
    const [lina, wangfang] = [await token('lina'), await token('wangfang')];
    adminToken = await token('admin');
    approvedId = await apply(lina, '对话框测试：已批准');
    await call(wangfang, '/set/office/approveOfficeVehicleApply', { id: approvedId, dispatchRemark: '派浙A00001' });
    pendingId = await apply(lina, '对话框测试：待审批');
    outingId = String((await call(lina, '/set/office/insertOfficeOut', {
      destination: '宁波', reason: '项目验收', transport: 'train', startTime: '2026-12-05 08:30', endTime: '2026-12-05 19:00',
    })).outId);
  });
  afterAll(async () => { await suite.stop(); });

  /** The dialog's form item labelled `label`: its required mark and its error text. */
  const dialogItem = (page: Page, label: string) => page.locator('.ant-modal .ant-form-item').filter({ has: page.locator(`label[title="${label}"], label:text-is("${label}")`) });
  const isRequired = (page: Page, label: string) => dialogItem(page, label).locator('label.ant-form-item-required').count();

  it('labels the opinion by the transition and marks what it requires', async () => {
    const { page, context } = await suite.newPage('wangfang');
    await page.goto(`/office/vehicle/apply/details?id=${pendingId}`);
    await page.getByTestId('transition-reject').click();
    await expect.poll(() => dialogItem(page, '退回原因').count()).toBe(1);
    expect(await isRequired(page, '退回原因')).toBe(1);
    expect(await page.locator('.ant-modal').getByText('审批意见').count()).toBe(0);
    await page.getByTestId('transition-confirm').click();
    await expect.poll(() => dialogItem(page, '退回原因').locator('.ant-form-item-explain-error').textContent()).toBe('请填写退回原因');
    await suite.screenshot(page, 'e2e-flow-reject-dialog');
    await page.locator('.ant-modal .ant-modal-close').click();

    await page.getByTestId('transition-approve').click();
    await expect.poll(() => dialogItem(page, '审批意见').count()).toBe(1);
    expect(await isRequired(page, '审批意见')).toBe(0);
    expect(await dialogItem(page, '调度说明').count()).toBe(1);
    await page.locator('.ant-modal .ant-modal-close').click();

    // Giving the car back: the mileage carries its asterisk, the free text is a remark, not an approval opinion.
    await page.goto(`/office/vehicle/apply/details?id=${approvedId}`);
    // People's times are read to the minute.
    await expect.poll(() => page.locator('.ant-descriptions').first().textContent()).toContain('2026-12-02 09:00');
    expect(await page.locator('.ant-descriptions').first().textContent()).not.toContain('2026-12-02 09:00:00');
    await page.getByTestId('transition-giveBack').click();
    await expect.poll(() => dialogItem(page, '还车里程（公里）').count()).toBe(1);
    expect(await isRequired(page, '还车里程（公里）')).toBe(1);
    expect(await isRequired(page, '备注')).toBe(0);
    expect(await page.locator('.ant-modal').getByText('审批意见').count()).toBe(0);
    await page.getByTestId('transition-confirm').click();
    await expect.poll(() => dialogItem(page, '还车里程（公里）').locator('.ant-form-item-explain-error').textContent()).toBe('请填写还车里程（公里）');
    await suite.screenshot(page, 'e2e-flow-giveback-dialog');
    await page.getByTestId('transition-field-returnMileage').fill('12345');
    await page.getByTestId('transition-opinion').fill('油量半箱');
    await page.getByTestId('transition-confirm').click();
    await expect.poll(() => page.getByTestId('details-state').textContent()).toBe('已还车');

    // In English the same dialog speaks English.
    await page.goto(`/office/vehicle/apply/details?id=${pendingId}`);
    await page.getByTestId('lang-switch').click();
    // The switch fetches the English pack first: the dialog is opened once the page speaks English.
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toMatch(/^en/);
    await page.getByTestId('transition-reject').click();
    await expect.poll(() => dialogItem(page, 'Reason').count()).toBe(1);
    expect(await isRequired(page, 'Reason')).toBe(1);
    await suite.screenshot(page, 'e2e-flow-reject-dialog-en');
    await page.locator('.ant-modal .ant-modal-close').click();
    await page.getByTestId('lang-switch').click();
    await context.close();
  });

  it('shows one box when the transition\'s own field is its opinion', async () => {
    const { page, context } = await suite.newPage('wangfang');
    await page.goto(`/office/out/details?id=${outingId}`);
    await page.getByTestId('transition-approve').click();
    await expect.poll(() => page.getByTestId('transition-field-approveRemark').count()).toBe(1);
    expect(await page.getByTestId('transition-opinion').count()).toBe(0);
    expect(await page.locator('.ant-modal textarea').count()).toBe(1);
    await suite.screenshot(page, 'e2e-flow-outing-approve-dialog');
    await context.close();
  });

  it('picks date-times to the minute', async () => {
    const { page, context } = await suite.newPage('lina');
    await page.goto('/office/vehicle/apply/save');
    const item = page.getByTestId('field-startTime');
    await item.locator('.ant-picker').click();
    const panel = page.locator('.ant-picker-dropdown:visible');
    await expect.poll(() => panel.locator('.ant-picker-time-panel-column').count()).toBe(2);
    await panel.locator('.ant-picker-cell-in-view').filter({ hasText: /^15$/ }).first().click();
    await suite.screenshot(page, 'e2e-datetime-picker-minutes');
    await panel.locator('.ant-picker-ok button').click();
    await expect.poll(() => item.locator('.ant-picker input').inputValue()).toMatch(/^\d{4}-\d{2}-15 \d{2}:\d{2}$/);
    await context.close();
  });

  for (const language of ['zh', 'en'] as const) {
    it(`opens the contract tile on a 390 px phone with the my list for staff (${language})`, async () => {
      const context = await suite.browser.newContext({ baseURL: suite.baseUrl, ...PHONE });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      const refused: string[] = [];
      page.on('response', (response) => { if (response.status() === 403) refused.push(response.url()); });
      await page.goto('/login');
      if (language === 'en') await page.getByTestId('lang-switch').click();
      await page.getByTestId('login-account').fill('lina');
      await page.getByTestId('login-password').fill('Demo@123');
      await page.getByTestId('login-submit').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto('/app');
      await page.getByTestId('mobile-family-hr-contract').click();
      await page.waitForURL((url) => url.pathname === '/app/hr/contract');
      const list = page.getByTestId('mobile-record-list');
      await expect.poll(() => list.getAttribute('data-scope')).toBe('my');
      await expect.poll(() => list.locator('[data-testid^="mobile-record-"]').count()).toBeGreaterThan(0);
      expect(await page.locator('.ant-result-403, .ant-result-warning').count()).toBe(0);
      expect(await page.locator('body').textContent()).not.toMatch(/hr:HrContract/);
      expect(refused).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await suite.screenshot(page, `e2e-mobile-contract-tile-${language}`);
      // Her contract opens from the list.
      await list.locator('[data-testid^="mobile-record-"]').first().click();
      await expect.poll(() => page.getByTestId('mobile-details').locator('.ant-descriptions').count()).toBeGreaterThan(0);
      expect(refused).toEqual([]);
      await context.close();
    });
  }

  it('sizes the xlsx preview\'s columns from the sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('宽度', { properties: { defaultColWidth: 22 } });
    sheet.getColumn(2).width = 40;
    sheet.addRow(['默认宽度的一列', '作者加宽到四十个字符的一列，放得下这一整句说明', '又一列']);
    const form = new FormData();
    form.append('module', 'fixedattach');
    form.append('file', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), '列宽.xlsx');
    const response = await fetch(`${suite.baseUrl}/capi/set/file/uploadFile`, { method: 'POST', headers: { Authorization: `Bearer ${adminToken}` }, body: form });
    const file = (await response.json() as { data: { attachId: string; extName: string } }).data;
    const { page, context } = await suite.newPage('admin');
    await page.goto(`/file/preview/excel?attachId=${encodeURIComponent(file.attachId)}&extName=${file.extName}&ddtab=true`);
    const head = (letter: string) => page.getByTestId('excel-sheet').locator('thead th').filter({ hasText: new RegExp(`^${letter}$`) });
    await expect.poll(() => head('B').count()).toBe(1);
    const width = async (letter: string) => Math.round((await head(letter).boundingBox())!.width);
    // 22 characters ≈ 159 px and 40 ≈ 285 px, as Excel draws them; a fixed width would make them equal.
    expect(Math.abs(await width('A') - 159)).toBeLessThanOrEqual(2);
    expect(Math.abs(await width('B') - 285)).toBeLessThanOrEqual(2);
    expect(Math.abs(await width('C') - 159)).toBeLessThanOrEqual(2);
    await suite.screenshot(page, 'e2e-preview-xlsx-widths');
    await context.close();
  });
});
