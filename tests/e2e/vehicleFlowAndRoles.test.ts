import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

describe('vehicle approval and role-limited navigation in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const application = (title: string) => suite.server.ctx.database.db.selectFrom('office_vehicle_apply').selectAll()
    .where('title', '=', title).executeTakeFirstOrThrow();

  it('lets the dispatcher approve an application, with the opinion and dispatch note recorded', async () => {
    const pending = await application('机房设备巡检');
    expect(pending.status).toBe('applied');
    const { page, context } = await suite.newPage('wangfang');
    await page.goto('/office/vehicle/apply');
    await page.getByTestId(`row-transition-approve-${pending.applyId}`).click();
    await page.getByTestId('transition-field-dispatchRemark').fill('安排京A·12345，司机老周');
    await page.getByTestId('transition-opinion').fill('同意');
    await suite.screenshot(page, 'e2e-vehicle-approve-dialog');
    await page.getByTestId('transition-confirm').click();
    await expect.poll(async () => (await application('机房设备巡检')).status).toBe('approved');
    expect((await application('机房设备巡检')).dispatchRemark).toBe('安排京A·12345，司机老周');

    // The details page shows the new state and the flow history with the opinion.
    await page.goto(`/office/vehicle/apply/details?id=${pending.applyId}`);
    await expect.poll(() => page.getByTestId('details-state').textContent()).toContain('已批准');
    await expect.poll(() => page.getByTestId('flow-history').textContent()).toContain('同意');
    await suite.screenshot(page, 'e2e-vehicle-details');
    await context.close();
  });

  it('offers a plain user no approval and no system menu, and the server refuses a system call made directly', async () => {
    const { page, context } = await suite.newPage('lina');
    await page.goto('/office/vehicle/apply');
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid^="row-transition-approve-"]').count()).toBe(0);
    expect(await page.getByTestId('menu-system').count()).toBe(0);
    expect(await page.getByTestId('menu-office').count()).toBe(1);
    await suite.screenshot(page, 'e2e-staff-vehicle-list');

    // The same session, calling the server by hand, is refused: hiding the menu is not the protection.
    const token = (await context.cookies()).find((c) => c.name === 'TOKEN')?.value;
    expect(token).toBeTruthy();
    const answer = await page.evaluate(async (bearer) => {
      const res = await fetch('/capi/get/system/getUserList', { headers: { Authorization: `Bearer ${bearer}` } });
      return { status: res.status, body: await res.json() };
    }, token!);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe(403);

    // Typing the system page's address shows the no-permission page.
    await page.goto('/system/user');
    await expect.poll(() => page.locator('.ant-result-403').count()).toBe(1);
    await context.close();
  });

  it('switches the interface to English and back', async () => {
    const { page, context } = await suite.newPage('admin');
    await page.goto('/hr/contract');
    await expect.poll(() => page.getByTestId('menu-hrContract').textContent()).toBe('合同管理');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('menu-hrContract').textContent()).toBe('Contracts');
    await expect.poll(() => page.locator('.ant-table-thead').textContent()).toContain('Contract no.');
    await suite.screenshot(page, 'e2e-contract-list-en');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('menu-hrContract').textContent()).toBe('合同管理');
    await context.close();
  });
});
