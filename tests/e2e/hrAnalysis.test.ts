import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

describe('HR analysis screen in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const db = () => suite.server.ctx.database.db;

  it('shows a topic as pie, bar and table, and the department filter narrows them', async () => {
    const care = await db().selectFrom('hr_care_record').select('dept').execute();
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

    await context.close();
  });
});
