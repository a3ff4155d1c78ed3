import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotTo, startBrowserSuite, type BrowserSuite } from '../support/browser';

/** Waits as long as a busy CI machine may need (expect.poll's own default is one second). */
function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000, interval: 100 });
}

/** The visible screen (a full-page shot misplaces the fixed drawer), beside the suite's own shots. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshotTo(page, name);
}

function rows(page: Page) {
  return page.locator('.ant-table-tbody tr.ant-table-row');
}

/** The drawer's saved filter named `title` (its apply button). */
function savedFilter(page: Page, title: string) {
  return page.getByTestId('common-filters').getByRole('button', { name: title, exact: true });
}

async function openDrawer(page: Page): Promise<void> {
  await page.getByTestId('entity-filter').click();
  await page.getByTestId('common-filters').waitFor();
}

async function drawerClosed(page: Page): Promise<void> {
  await eventually(() => page.locator('.ant-drawer-open').count()).toBe(0);
}

describe('saved common filters in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('saves, applies and deletes common filters of the contract list, per user', async () => {
    const { page, context } = await suite.newPage('admin');
    await page.getByTestId('menu-hr').click();
    await page.getByTestId('menu-hrContract').click();
    await page.waitForURL('**/hr/contract');
    await eventually(() => rows(page).count()).toBeGreaterThan(1);
    const all = await rows(page).count();

    await openDrawer(page);
    await eventually(() => page.getByTestId('common-filters-empty').textContent()).toBe('暂无常用过滤');

    // Nothing filled: 无过滤项, and no name is asked.
    await page.getByTestId('filter-save-common').click();
    await eventually(() => page.locator('.ant-message', { hasText: '无过滤项' }).count()).toBeGreaterThan(0);
    expect(await page.getByTestId('common-filter-name').count()).toBe(0);

    // A filled row, then a blank name: 名称不能为空, nothing saved.
    await page.getByTestId('filter-value-contractNo').fill('HT-2026-0001');
    await page.getByTestId('filter-save-common').click();
    await page.getByTestId('common-filter-name').fill('   ');
    await page.getByTestId('common-filter-save-confirm').click();
    await eventually(() => page.locator('.ant-modal', { hasText: '名称不能为空' }).count()).toBe(1);
    await page.locator('.ant-modal').getByText('名称不能为空').waitFor({ state: 'visible' });
    await shot(page, 'e2e-saved-filter-name-required');
    await page.getByTestId('common-filter-name').fill('第一号合同');
    await page.getByTestId('common-filter-save-confirm').click();
    await eventually(() => savedFilter(page, '第一号合同').count()).toBe(1);

    // A second one, on the contract type.
    await page.getByTestId('filter-value-contractNo').fill('');
    const type = page.getByTestId('filter-value-contractType');
    await type.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '无固定期限劳动合同' }).first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('filter-save-common').click();
    await page.getByTestId('common-filter-name').fill('无固定期限');
    await page.getByTestId('common-filter-save-confirm').click();
    await eventually(() => savedFilter(page, '无固定期限').count()).toBe(1);
    await eventually(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    await shot(page, 'e2e-saved-filters-drawer');

    // Clear, then apply a saved one with a click.
    await page.getByTestId('filter-clear').click();
    await drawerClosed(page);
    await eventually(() => rows(page).count()).toBe(all);
    await openDrawer(page);
    await savedFilter(page, '第一号合同').click();
    await drawerClosed(page);
    await eventually(() => rows(page).count()).toBe(1);
    await eventually(() => rows(page).first().textContent()).toContain('HT-2026-0001');
    await eventually(() => page.locator('.ant-badge', { has: page.getByTestId('entity-filter') }).locator('.ant-badge-count').textContent()).toBe('1');

    await openDrawer(page);
    await savedFilter(page, '无固定期限').click();
    await drawerClosed(page);
    const open = await suite.server.ctx.database.db.selectFrom('hr_contract').select('contractId').where('contractType', '=', 'open').execute();
    await eventually(() => rows(page).count()).toBe(Math.min(open.length, 15));
    await shot(page, 'e2e-saved-filter-applied');

    // Stored on the server for this user.
    const admin = await suite.server.ctx.database.db.selectFrom('sys_user').select('userId').where('accountId', '=', 'admin').executeTakeFirstOrThrow();
    const stored = await suite.server.ctx.database.db.selectFrom('sys_common_filter').select(['title', 'userId', 'filterKey']).orderBy('createTime').execute();
    expect(stored).toEqual([
      { title: '第一号合同', userId: admin.userId, filterKey: 'HrContract' },
      { title: '无固定期限', userId: admin.userId, filterKey: 'HrContract' },
    ]);

    // Delete one after confirmation.
    await openDrawer(page);
    const first = await suite.server.ctx.database.db.selectFrom('sys_common_filter').select('filterId').where('title', '=', '第一号合同').executeTakeFirstOrThrow();
    await page.getByTestId(`common-filter-delete-${first.filterId}`).click();
    await page.getByTestId('common-filter-delete-confirm').click();
    await eventually(() => savedFilter(page, '第一号合同').count()).toBe(0);
    await eventually(() => savedFilter(page, '无固定期限').count()).toBe(1);
    await context.close();

    // Another user's drawer shows none of them.
    const other = await suite.newPage('zhangwei');
    await other.page.goto('/hr/contract');
    await eventually(() => rows(other.page).count()).toBeGreaterThan(0);
    await openDrawer(other.page);
    await eventually(() => other.page.getByTestId('common-filters-empty').count()).toBe(1);
    expect(await savedFilter(other.page, '无固定期限').count()).toBe(0);
    await other.context.close();
  });
});
