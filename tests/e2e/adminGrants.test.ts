import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** Picks a node of a tree select inside the form item `field-{name}`, searching by its label. */
async function pickTreeNode(page: Page, field: string, label: string): Promise<void> {
  const item = page.getByTestId(`field-${field}`);
  await item.locator('.ant-select-selector').click();
  await item.locator('input').first().fill(label);
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: label }).first().click();
  await page.keyboard.press('Escape');
}

/**
 * The administrator builds an organisation unit from the screens: a department, a role with a
 * department data scope and one page's buttons, a user in that department with that role. The
 * user then sees exactly that menu and those rows, and the server refuses everything else.
 */
describe('an administrator grants a new user a department scope and one page', () => {
  let suite: BrowserSuite;
  // Permission changes apply at once here; the security administrator's approval has its own test.
  beforeAll(async () => { suite = await startBrowserSuite({ SECURITY_REVIEW: '0' }); });
  afterAll(async () => { await suite.stop(); });

  it('creates the department, role and user, and the user sees only what was granted', async () => {
    const { db } = suite.server.ctx.database;
    const { page, context } = await suite.newPage('admin');

    await page.goto('/system/dept/save');
    await page.getByTestId('field-deptName').locator('input').fill('质量保障部');
    await pickTreeNode(page, 'parentId', '技术研发部');
    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === '/system/dept');
    const dept = await db.selectFrom('sys_dept').selectAll().where('deptName', '=', '质量保障部').executeTakeFirstOrThrow();

    await page.goto('/system/role/save');
    await page.getByTestId('field-roleCode').locator('input').fill('qa');
    await page.getByTestId('field-roleName').locator('input').fill('质量专员');
    await page.getByTestId('field-dataScope').locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '本部门数据' }).click();
    // The menus are the open tree: search narrows it to the page, its checkbox takes the page and its buttons.
    const menus = page.getByTestId('check-tree-menuIds');
    await menus.getByTestId('check-tree-menuIds-search').fill('用车申请');
    await menus.locator('.ant-tree-treenode', { hasText: '用车申请' }).first().locator('.ant-tree-checkbox').click();
    await expect.poll(() => menus.getByTestId('check-tree-menuIds-count').textContent()).toMatch(/^已选 [1-9]\d* 项$/);
    await suite.screenshot(page, 'e2e-admin-role-form');
    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === '/system/role');
    const role = await db.selectFrom('sys_role').selectAll().where('roleCode', '=', 'qa').executeTakeFirstOrThrow();
    expect(role.dataScope).toBe('2');
    const granted = await db.selectFrom('sys_menu').select('permission').where('menuId', 'in', String(role.menuIds).split(',')).execute();
    expect(granted.map((m) => m.permission)).toContain('office:OfficeVehicleApply:list');
    // The role's details read the grant on the same tree, checked and unchangeable.
    await page.goto(`/system/role/details?id=${String(role.roleId)}`);
    const shownTree = page.getByTestId('details-check-tree-menuIds');
    await expect.poll(() => shownTree.locator('.ant-tree-treenode-checkbox-checked', { hasText: '用车申请' }).count()).toBe(1);
    expect(await shownTree.locator('.ant-tree-treenode-checkbox-checked', { hasText: '合同管理' }).count()).toBe(0);
    expect(await shownTree.locator('.ant-tree-checkbox-disabled').count()).toBeGreaterThan(0);

    await page.goto('/system/user/save');
    await page.getByTestId('field-accountId').locator('input').fill('qa01');
    await page.getByTestId('field-userName').locator('input').fill('质检员一');
    await pickTreeNode(page, 'deptId', '质量保障部');
    const roles = page.getByTestId('field-roleIds');
    await roles.locator('.ant-select-selector').click();
    await roles.locator('input').first().fill('质量');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '质量专员' }).first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === '/system/user');
    const user = await db.selectFrom('sys_user').selectAll().where('accountId', '=', 'qa01').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ deptId: dept.deptId, roleIds: role.roleId });

    await page.getByTestId(`row-more-${String(user.userId)}`).click();
    await page.getByTestId(`row-action-resetPassword-${String(user.userId)}`).click();
    await page.getByTestId('transition-confirm').click();
    const shown = page.locator('.ant-modal-confirm-content', { hasText: '新密码：' });
    await expect.poll(() => shown.count()).toBe(1);
    const password = /新密码：([A-Za-z0-9]{12})/.exec(String(await shown.textContent()))?.[1];
    expect(password).toBeTruthy();
    await context.close();

    const qa = await suite.newPage('qa01', password);
    const menuIds = () => qa.page.locator('[data-testid^="menu-"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')).sort());
    // One directory, and inside it the one page granted.
    await expect.poll(menuIds).toEqual(['menu-office']);
    await qa.page.getByTestId('menu-office').click();
    await expect.poll(menuIds).toEqual(['menu-office', 'menu-officeVehicleApply']);
    await qa.page.getByTestId('menu-officeVehicleApply').click();
    await qa.page.waitForURL('**/office/vehicle/apply');
    // Department scope: the demo applications belong to other departments, so the list is empty…
    await expect.poll(() => qa.page.locator('.ant-table-tbody').textContent()).toContain('暂无数据');
    // …and a row of another department is refused by id, as is any other module.
    const other = await db.selectFrom('office_vehicle_apply').select('applyId').limit(1).executeTakeFirstOrThrow();
    const token = (await qa.context.cookies()).find((c) => c.name === 'TOKEN')?.value ?? '';
    const answers = await qa.page.evaluate(async ({ bearer, id }) => {
      const call = async (url: string) => (await fetch(url, { headers: { Authorization: `Bearer ${bearer}` } })).status;
      return {
        outside: await call(`/capi/get/office/getOfficeVehicleApplyById?id=${id}`),
        hr: await call('/capi/get/hr/getHrContractList'),
        users: await call('/capi/get/system/getRoleList'),
      };
    }, { bearer: token, id: String(other.applyId) });
    expect(answers).toEqual({ outside: 403, hr: 403, users: 403 });
    await suite.screenshot(qa.page, 'e2e-qa-user-list');
    await qa.context.close();
  });
});
