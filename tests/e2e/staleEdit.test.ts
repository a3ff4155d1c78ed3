import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

describe('two people editing one contract in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const contract = () => suite.server.ctx.database.db.selectFrom('hr_contract').selectAll()
    .where('contractNo', '=', 'HT-2026-0001').executeTakeFirstOrThrow();

  async function openForm(page: Page, id: string): Promise<void> {
    await page.goto(`/hr/contract/save?id=${id}`);
    await expect.poll(() => page.getByTestId('field-amount').locator('input').inputValue()).not.toBe('');
  }

  it('refuses the second save with the message and the changed fields, keeps the typing, and reloads on request', async () => {
    const { contractId, amount: original } = await contract();
    const first = await suite.newPage('admin');
    const second = await suite.newPage('zhangwei');
    await openForm(first.page, String(contractId));
    await openForm(second.page, String(contractId));

    // The first saves a new amount and an end date.
    await first.page.getByTestId('field-amount').locator('input').fill('8888');
    const endDate = first.page.getByTestId('field-endDate').locator('input');
    await endDate.click();
    await endDate.fill('2029-06-30');
    await endDate.press('Enter');
    await first.page.getByTestId('form-submit').click();
    await first.page.waitForURL((url) => url.pathname === '/hr/contract');
    expect(await contract()).toMatchObject({ amount: 8888, endDate: '2029-06-30' });

    // The second, still on the old version, saves its own amount: refused, with what changed.
    const { page } = second;
    const amount = page.getByTestId('field-amount').locator('input');
    await amount.fill('12345');
    await page.getByTestId('form-submit').click();
    const dialog = page.getByTestId('stale-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await page.locator('.ant-modal-title').textContent()).toBe('该记录已被他人修改，请刷新后重试');
    expect(await page.getByTestId('stale-fields').locator('li').allTextContents()).toEqual(['合同金额（元/月）', '结束日期']);
    // The dialog's opening animation done, so the picture shows it as the user reads it.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await suite.screenshot(page, 'e2e-stale-edit-dialog');
    expect(await contract()).toMatchObject({ amount: 8888, endDate: '2029-06-30' });
    expect(original).not.toBe(8888);

    // Keep editing: the typed amount is still there, and saving again is refused again.
    await page.getByTestId('stale-keep').click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await amount.inputValue()).toContain('12345');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => dialog.isVisible()).toBe(true);

    // Reload: the form shows the first one's values; a save from there goes through.
    await page.getByTestId('stale-reload').click();
    await expect.poll(() => amount.inputValue()).toContain('8888');
    expect(await page.getByTestId('field-endDate').locator('input').inputValue()).toBe('2029-06-30');
    await amount.fill('9999');
    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === '/hr/contract');
    expect(await contract()).toMatchObject({ amount: 9999, endDate: '2029-06-30' });

    await first.context.close();
    await second.context.close();
  });
});

describe('a decision on a record changed under the dialog', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const application = (title: string) => suite.server.ctx.database.db.selectFrom('office_vehicle_apply').selectAll()
    .where('title', '=', title).executeTakeFirstOrThrow();

  it('is refused with the message, and a refresh shows the change before deciding again', async () => {
    const pending = await application('机房设备巡检');
    expect(pending.status).toBe('applied');
    const dispatcher = await suite.newPage('wangfang');
    const { page } = dispatcher;
    await page.goto(`/office/vehicle/apply/details?id=${pending.applyId}`);
    await page.getByTestId('transition-approve').click();
    await page.getByTestId('transition-field-dispatchRemark').fill('安排京A·12345');

    // Meanwhile the administrator changes the destination through the save form.
    const editor = await suite.newPage('admin');
    await editor.page.goto(`/office/vehicle/apply/save?id=${pending.applyId}`);
    const destination = editor.page.getByTestId('field-destination').locator('input');
    await expect.poll(() => destination.inputValue()).not.toBe('');
    await destination.fill('改到天津港');
    await editor.page.getByTestId('form-submit').click();
    await editor.page.waitForURL((url) => url.pathname === '/office/vehicle/apply');

    await page.getByTestId('transition-confirm').click();
    await expect.poll(() => page.locator('.ant-modal-confirm-title').textContent()).toBe('该记录已被他人修改，请刷新后重试');
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await suite.screenshot(page, 'e2e-stale-transition-dialog');
    expect(await application('机房设备巡检')).toMatchObject({ status: 'applied', dispatchRemark: null, destination: '改到天津港' });

    await page.getByTestId('stale-reload').click();
    await expect.poll(() => page.locator('.ant-descriptions', { hasText: '改到天津港' }).count()).toBe(1);
    await page.getByTestId('transition-approve').click();
    await page.getByTestId('transition-field-dispatchRemark').fill('安排京A·12345');
    await page.getByTestId('transition-confirm').click();
    await expect.poll(async () => (await application('机房设备巡检')).status).toBe('approved');
    expect((await application('机房设备巡检')).dispatchRemark).toBe('安排京A·12345');

    await dispatcher.context.close();
    await editor.context.close();
  });
});
