import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

describe('the user picker and personal groups in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });
  const db = () => suite.server.ctx.database.db;
  const userId = async (accountId: string) => String((await db().selectFrom('sys_user').select('userId').where('accountId', '=', accountId).executeTakeFirstOrThrow()).userId);

  it('lets a member of staff build a group from the department tree and a whole user group, seen by them alone', async () => {
    const { page, context } = await suite.newPage('lina');
    await page.getByTestId('menu-personal').click();
    await page.getByTestId('menu-personalGroup').click();
    await page.waitForURL('**/personal/group');
    await expect.poll(() => page.locator('.ant-table-row', { hasText: '常用审批人' }).count()).toBe(1);

    await page.getByTestId('entity-add').click();
    await page.waitForURL('**/personal/group/save');
    await page.getByTestId('field-groupName').locator('input').fill('周会参会人');
    await page.getByTestId('select-memberIds-picker').click();
    const dialog = page.locator('.ant-modal', { hasText: '选择人员' });
    await expect.poll(() => dialog.getByTestId('user-picker-dept-tree').isVisible()).toBe(true);

    // By department: the backend team, one person picked from the list.
    await dialog.getByTestId('user-picker-dept-tree').getByText('后端开发组', { exact: true }).click();
    const liuyang = await userId('liuyang');
    await dialog.getByTestId(`user-picker-user-${liuyang}`).click();
    await expect.poll(() => dialog.getByTestId('user-picker-count').textContent()).toBe('已选 1 人');
    // Everyone listed belongs to the chosen department (once the department's answer replaced the first list).
    const listedInDept = async () => {
      const listed = await dialog.getByTestId('user-picker-users').locator('.ant-list-item').allTextContents();
      return listed.length > 0 && listed.every((text) => text.includes('后端开发组'));
    };
    await expect.poll(listedInDept).toBe(true);

    // By group: the whole front-end sharing group; liuyang is in it too and is not added twice.
    await dialog.getByTestId('user-picker-tab-group').click();
    const sharing = dialog.locator('[data-testid^="user-picker-group-"]', { hasText: '前端技术分享小组' }).first();
    await sharing.getByRole('button', { name: '添加全组' }).click();
    await expect.poll(() => dialog.getByTestId('user-picker-count').textContent()).toBe('已选 3 人');
    await suite.screenshot(page, 'e2e-user-picker-groups');
    await dialog.getByTestId('user-picker-ok').click();
    await expect.poll(() => page.getByTestId('select-memberIds').textContent()).toContain('周杰');

    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === '/personal/group');
    const stored = await db().selectFrom('sys_personal_group').selectAll().where('groupName', '=', '周会参会人').executeTakeFirstOrThrow();
    const members = String(stored.memberIds).split(',').sort();
    expect(members).toEqual([liuyang, await userId('lina'), await userId('zhoujie')].sort());
    expect(stored.createUser).toBe(await userId('lina'));
    await context.close();

    // Another member of staff sees neither of lina's groups, in the list or in the picker.
    const other = await suite.newPage('liuyang');
    await other.page.goto('/personal/group');
    await expect.poll(() => other.page.locator('.ant-table-placeholder').count()).toBe(1);
    expect(await other.page.locator('.ant-table-row').count()).toBe(0);
    await other.context.close();
  });

  it('offers the picker in a single-user field, where a click on one person is the choice', async () => {
    const { page, context } = await suite.newPage('lina');
    await page.goto('/office/out/save');
    // The applicant defaults to the signed-in user; the dialog replaces them with the one picked.
    const field = page.getByTestId('select-applicant');
    await expect.poll(() => field.textContent()).toContain('李娜');
    await page.getByTestId('select-applicant-picker').click();
    const dialog = page.locator('.ant-modal', { hasText: '选择人员' });
    await dialog.getByTestId('user-picker-tab-group').click();
    const approvers = dialog.locator('[data-testid^="user-picker-group-"]', { hasText: '常用审批人' }).first();
    // Single choice: no whole-group button, a click on a member is the choice.
    expect(await approvers.getByRole('button', { name: '添加全组' }).count()).toBe(0);
    await approvers.getByText('王芳', { exact: false }).click();
    await expect.poll(() => dialog.getByTestId('user-picker-count').textContent()).toBe('已选 1 人');
    await suite.screenshot(page, 'e2e-user-picker-single');
    await dialog.getByTestId('user-picker-ok').click();
    await expect.poll(() => field.textContent()).toContain('王芳');
    expect(await field.textContent()).not.toContain('李娜');
    await context.close();
  });
});
