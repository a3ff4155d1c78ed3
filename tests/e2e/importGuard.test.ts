import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';
import { buildZip, bigSheet, XLSX_FRAME } from '../support/zipBomb';

/**
 * A spreadsheet that would inflate to hundreds of MB, chosen in the import dialog: the dialog
 * says why it was refused (server/files/archiveGuard.ts), and nothing is imported.
 */
describe('import of a zip bomb in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('shows the refusal in the import dialog', async () => {
    const users = async () => (await suite.server.ctx.database.db.selectFrom('sys_user').select('userId').execute()).length;
    const before = await users();
    const { page } = await suite.newPage('admin');
    await page.goto('/system/user');
    await page.getByTestId('entity-import').click();
    const dialog = page.locator('.ant-modal', { hasText: '导入 · ' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.locator('input[type=file]').setInputFiles({
      name: '新员工.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await buildZip([...XLSX_FRAME, bigSheet(300)]),
    });
    await page.getByTestId('import-start').click();
    await expect.poll(() => page.getByText('该文件解压后超过 100 MB 或压缩比异常，已拒绝处理').count()).toBeGreaterThan(0);
    await suite.screenshot(page, 'import-zip-bomb-refused');
    expect(await users()).toBe(before);
  });
});
