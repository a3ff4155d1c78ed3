import ExcelJS from 'exceljs';
import { workbook } from '../support/xlsxFiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/**
 * The administrator imports users from xlsx in the browser: downloads the template, sees a
 * refused file's problems by row (nothing written), mends it and imports it.
 */
describe('user import in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('downloads the template, shows a refused file row by row, then imports the mended file', async () => {
    const { page } = await suite.newPage('admin');
    await page.goto('/system/user');
    await page.getByTestId('entity-import').click();
    const dialog = page.locator('.ant-modal', { hasText: '导入 · ' });
    await expect.poll(() => dialog.isVisible()).toBe(true);

    // The template: the columns an import reads, required ones first among them.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('import-template').click();
    const template = await downloading;
    expect(template.suggestedFilename()).toMatch(/导入模板\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await template.path());
    const header = (book.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toEqual(expect.arrayContaining(['账号', '姓名', '所属部门', '手机号']));
    expect(book.worksheets[1].name).toBe('填写说明');

    const linaPhone = String((await suite.server.ctx.database.db.selectFrom('sys_user').select('phone').where('accountId', '=', 'lina').executeTakeFirstOrThrow()).phone);
    const columns = ['账号', '姓名', '所属部门', '性别', '手机号'];
    await dialog.locator('input[type=file]').setInputFiles({
      name: '新员工.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook([columns, ['e2e.one', '导入甲', '财务部', '女', '13966660001'], ['e2e.two', '导入乙', '财务部', '男', linaPhone]], '用户'),
    });
    await page.getByTestId('import-start').click();
    await expect.poll(() => page.getByTestId('import-report').count()).toBe(1);
    const report = page.getByTestId('import-report');
    expect(await report.textContent()).toContain('导入失败：共 1 处错误，未写入任何数据');
    expect(await report.locator('.ant-table-tbody tr').first().textContent()).toContain('3手机号');
    await suite.screenshot(page, 'import-users-refused');
    expect(await suite.server.ctx.database.db.selectFrom('sys_user').select('userId').where('accountId', '=', 'e2e.one').execute()).toHaveLength(0);

    // Mend the sheet and import again: the dialog closes and the list shows the new people.
    await dialog.locator('input[type=file]').setInputFiles({
      name: '新员工（改）.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook([columns, ['e2e.one', '导入甲', '财务部', '女', '13966660001'], ['e2e.two', '导入乙', '财务部', '男', '13966660002']], '用户'),
    });
    await expect.poll(() => page.getByTestId('import-report').count()).toBe(0);
    await page.getByTestId('import-start').click();
    await expect.poll(() => page.getByText('已导入 2 条记录').count()).toBeGreaterThan(0);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.getByTestId('entity-keyword').fill('e2e.');
    await page.getByTestId('entity-keyword').press('Enter');
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    await suite.screenshot(page, 'import-users-done');
  });
});
