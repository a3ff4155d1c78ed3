import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** The rows of the list as [indent level, name cell] in the order shown. */
async function shownRows(page: Page): Promise<[number, string][]> {
  return page.locator('.ant-table-tbody tr.ant-table-row').evaluateAll((rows) => rows.map((row) => {
    const level = /ant-table-row-level-(\d+)/.exec(row.className)?.[1];
    const name = row.querySelectorAll('td')[1]?.textContent ?? '';
    return [Number(level ?? -1), name.trim()] as [number, string];
  }));
}

/** Entities with a parent field list as a tree; a search lists the matches flat. */
describe('tree lists in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('shows the departments as a tree in their fixed order, folds a branch, and searches flat', async () => {
    const { page, context } = await suite.newPage('admin');
    await page.goto('/system/dept');
    await expect.poll(() => shownRows(page)).toEqual([
      [0, '华东智联科技集团'],
      [1, '总经理办公室'], [1, '人力资源部'], [1, '行政部'], [2, '车辆调度组'],
      [1, '技术研发部'], [2, '前端开发组'], [2, '后端开发组'], [1, '财务部'],
    ]);
    // One list, no pages: the tree is whole.
    expect(await page.locator('.ant-table-pagination').count()).toBe(0);
    await suite.screenshot(page, 'e2e-tree-list-dept');

    const tech = await suite.server.ctx.database.db.selectFrom('sys_dept').select('deptId').where('deptName', '=', '技术研发部').executeTakeFirstOrThrow();
    await page.locator(`tr[data-row-key="${String(tech.deptId)}"] .ant-table-row-expand-icon`).click();
    await expect.poll(async () => (await shownRows(page)).map(([, name]) => name)).not.toContain('前端开发组');

    await page.getByPlaceholder('请输入关键字').fill('开发组');
    await page.getByPlaceholder('请输入关键字').press('Enter');
    await expect.poll(() => shownRows(page)).toEqual([[0, '前端开发组'], [0, '后端开发组']]);
    expect(await page.locator('.ant-table-pagination').count()).toBe(1);
    await context.close();
  });

  it('shows the built-in menus by their translated titles, and a menu typed in plain text as typed', async () => {
    const { db } = suite.server.ctx.database;
    const hr = await db.selectFrom('sys_menu').select(['menuId', 'title']).where('name', '=', 'hr').executeTakeFirstOrThrow();
    expect(hr.title).toBe('menu.hr');
    await db.updateTable('sys_menu').set({ title: 'HR: 合同' }).where('name', '=', 'hrContract').execute();
    const { page, context } = await suite.newPage('admin');
    await page.goto('/system/menu');
    const titleOf = (name: string) => page.locator('.ant-table-tbody tr.ant-table-row', { has: page.getByRole('cell', { name, exact: true }) })
      .locator('td').nth(1).textContent();
    await expect.poll(() => titleOf('hr')).toBe('人力资源');
    expect(await titleOf('hrContract')).toBe('HR: 合同');
    await context.close();
  });
});
