import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** More contracts than the list counts (10,000): the pager says "10000+" until asked. */
const ROWS = 10_050;

describe('the contract list past the count cap, in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => {
    suite = await startBrowserSuite();
    const { db } = suite.server.ctx.database;
    const admin = await db.selectFrom('sys_user').select(['userId', 'deptId', 'unitId']).where('accountId', '=', 'admin').executeTakeFirstOrThrow();
    for (let start = 0; start < ROWS; start += 1000) {
      const rows = [];
      for (let i = start; i < Math.min(ROWS, start + 1000); i += 1) {
        rows.push({
          contractId: `cap-${i}`, contractNo: `CAP-${String(i).padStart(5, '0')}`, userId: admin.userId, contractType: 'fixed',
          startDate: '2020-01-01', endDate: '2030-01-01', amount: 1000, renewFlag: 0, rowVersion: 0,
          createUser: admin.userId, createDept: admin.deptId, unitId: admin.unitId, createTime: '2026-01-01 00:00:00', updateTime: '2026-01-01 00:00:00',
        });
      }
      await db.insertInto('hr_contract').values(rows).execute();
    }
  });
  afterAll(async () => { await suite.stop(); });

  it('shows 10000+, pages on past it, and counts exactly on a click', async () => {
    const exact = Number((await suite.server.ctx.database.db.selectFrom('hr_contract').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const { page } = await suite.newPage('admin');
    await page.goto('/hr/contract');
    const capped = page.getByTestId('entity-total-capped');
    await expect.poll(() => capped.textContent()).toBe('共 10000+ 条');
    await suite.screenshot(page, 'e2e-list-total-capped');

    // The last page the cap shows still has a next one.
    await page.locator('.ant-pagination-options-quick-jumper input').fill('667');
    await page.locator('.ant-pagination-options-quick-jumper input').press('Enter');
    await expect.poll(() => page.locator('.ant-pagination-item-active').textContent()).toBe('667');
    await expect.poll(() => page.locator('.ant-pagination-next').getAttribute('aria-disabled')).toBe('false');
    await page.locator('.ant-pagination-next').click();
    await expect.poll(() => page.locator('.ant-pagination-item-active').textContent()).toBe('668');
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(15);

    await capped.click();
    await expect.poll(() => page.locator('.ant-pagination-total-text').textContent()).toBe(`共 ${exact} 条`);
    await suite.screenshot(page, 'e2e-list-total-exact');
  });
});
