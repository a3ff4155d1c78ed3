import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

describe('HR analysis screen in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const db = () => suite.server.ctx.database.db;

  it('shows a topic as pie, bar and table, the department filter and the time range narrow them, and the table exports as shown', async () => {
    const care = await db().selectFrom('hr_care_record').select(['dept', 'careDate']).execute();
    const depts = await db().selectFrom('sys_dept').select(['deptId', 'parentId', 'deptName']).execute();
    const tech = String(depts.find((d) => d.deptName === '技术研发部')!.deptId);
    const inTech = new Set([tech, ...depts.filter((d) => d.parentId === tech).map((d) => String(d.deptId))]);

    const { page, context } = await suite.newPage('zhaomin');
    await page.getByTestId('menu-hr').click();
    await page.getByTestId('menu-hrAnalysis').click();
    await page.waitForURL('**/hr/analysis');
    // The first topic is 员工关怀: a ring and monthly bars drawn as SVG, the department table with its total.
    await expect.poll(() => page.getByTestId('hr-analysis-pie').locator('svg path').count()).toBeGreaterThan(1);
    await expect.poll(() => page.getByTestId('hr-analysis-bar').locator('svg path').count()).toBeGreaterThan(1);
    const total = page.getByTestId('hr-analysis-total').locator('td').last();
    await expect.poll(() => total.textContent()).toBe(String(care.length));
    await expect.poll(() => page.getByTestId('hr-analysis-table').locator('thead').textContent()).toContain('生日关怀');
    await suite.screenshot(page, 'e2e-hr-analysis-zh');

    await page.getByTestId('hr-analysis-dept').locator('.ant-select-selector').click();
    await page.getByTestId('hr-analysis-dept').locator('input').first().fill('技术研发部');
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: '技术研发部' }).first().click();
    await expect.poll(() => total.textContent()).toBe(String(care.filter((r) => inTech.has(String(r.dept))).length));
    expect(await page.getByTestId('hr-analysis-table').locator('tbody').textContent()).not.toContain('财务部');

    // A time range over the first half of the department's care dates (the topic's date is careDate).
    const dates = care.filter((r) => inTech.has(String(r.dept)) && r.careDate).map((r) => String(r.careDate).slice(0, 10)).sort();
    expect(dates.length, 'demo care records in 技术研发部').toBeGreaterThan(2);
    const [from, to] = [dates[0], dates[Math.floor(dates.length / 2)]];
    const expected = dates.filter((d) => d >= from && d <= to).length;
    const range = page.getByTestId('hr-analysis').locator('.ant-picker-range input');
    await range.first().click();
    await range.first().fill(from);
    await range.first().press('Enter');
    await range.nth(1).fill(to);
    await range.nth(1).press('Enter');
    await expect.poll(() => total.textContent()).toBe(String(expected));

    // 导出: the workbook holds the table as shown, its last row the totals.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('hr-analysis-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0].slice(1, 2)).toEqual(['部门']);
    const last = rows[rows.length - 1].slice(1);
    expect(last[0]).toBe('合计');
    expect(last[last.length - 1]).toBe(expected);

    await context.close();
  });
});
