import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/**
 * People named in a record read it from their my list (list.scopes.my.participants): a rider of
 * lina's car request and a companion of her outing open the details, where the sub-table's
 * user cells and the companions show names, not ids — in Chinese and in English.
 */
describe('participants in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const db = () => suite.server.ctx.database.db;
  const userId = async (accountId: string) => String((await db().selectFrom('sys_user').select('userId').where('accountId', '=', accountId).executeTakeFirstOrThrow()).userId);

  /** Signs in, in English when asked (the switch on the sign-in page). */
  async function signIn(accountId: string, english = false): Promise<Page> {
    if (!english) return (await suite.newPage(accountId)).page;
    const { page } = await suite.newPage();
    await page.goto('/login');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('login-submit').textContent()).toBe('Sign in');
    await page.getByTestId('login-account').fill(accountId);
    await page.getByTestId('login-password').fill('Demo@123');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return page;
  }

  it('shows a rider the car request from the my list, its riders by name', async () => {
    const page = await signIn('zhoujie');
    await page.goto('/office/vehicle/apply');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '客户现场需求调研' });
    await expect.poll(() => row.count()).toBe(1);
    const { applyId } = await db().selectFrom('office_vehicle_apply').select('applyId').where('title', '=', '客户现场需求调研').executeTakeFirstOrThrow();
    await page.goto(`/office/vehicle/apply/details?id=${String(applyId)}`);
    const riders = page.locator('.ant-descriptions-row', { hasText: '乘车人员' });
    await expect.poll(() => riders.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    const text = await riders.textContent();
    expect(text).toContain('乘车人');
    expect(text).toContain('上车地点');
    expect(text).toContain('杨磊');
    expect(text).toContain('周杰');
    for (const account of ['yanglei', 'zhoujie']) expect(text).not.toContain(await userId(account));
    await suite.screenshot(page, 'e2e-participants-riders-zh');
  });

  it('says the same in English', async () => {
    const page = await signIn('zhoujie', true);
    const { applyId } = await db().selectFrom('office_vehicle_apply').select('applyId').where('title', '=', '客户现场需求调研').executeTakeFirstOrThrow();
    await page.goto(`/office/vehicle/apply/details?id=${String(applyId)}`);
    const riders = page.locator('.ant-descriptions-row', { hasText: 'Riders' });
    await expect.poll(() => riders.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    const header = await riders.locator('.ant-table-thead').textContent();
    expect(header).toContain('Rider');
    expect(header).toContain('Boarding point');
    expect(await riders.locator('.ant-table-tbody').textContent()).toContain('杨磊');
    await suite.screenshot(page, 'e2e-participants-riders-en');
  });

  it('heads the form\'s sub-table with the columns\' own labels', async () => {
    const page = await signIn('lina');
    const { applyId } = await db().selectFrom('office_vehicle_apply').select('applyId').where('title', '=', '客户现场需求调研').executeTakeFirstOrThrow();
    await page.goto(`/office/vehicle/apply/save?id=${String(applyId)}`);
    const riders = page.getByTestId('field-riders');
    await expect.poll(() => riders.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    const header = await riders.locator('.ant-table-thead').textContent();
    expect(header).toContain('乘车人');
    expect(header).toContain('上车地点');
    await suite.screenshot(page, 'e2e-participants-riders-form-zh');
  });

  it('shows a companion the outing he goes on, from his my list', async () => {
    const page = await signIn('yanglei');
    await page.goto('/office/out');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '客户A公司' });
    await expect.poll(() => row.count()).toBe(1);
    const { outId } = await db().selectFrom('office_out').select('outId').where('destination', 'like', '%客户A公司%').executeTakeFirstOrThrow();
    await page.goto(`/office/out/details?id=${String(outId)}`);
    const companions = page.locator('.ant-descriptions-row', { hasText: '同行人员' });
    await expect.poll(() => companions.textContent()).toContain('杨磊');
    expect(await page.locator('.ant-descriptions-row', { hasText: '外出人' }).first().textContent()).toContain('李娜');
    await suite.screenshot(page, 'e2e-participants-companion-zh');
  });
});
