import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';
import { insertRow } from '../../server/seed/insertRow';
import { systemEntity } from '../../server/context';

/**
 * Issue 12 (7), forms and details at 1440 px in both languages: labels that never wrap, the tab
 * error badge beside its title, one label column on details, the superuser role's menus, and the
 * user picker naming an already chosen person.
 */
const LANGUAGES = ['zh-cn', 'en'] as const;

async function useLanguage(page: Page, language: string): Promise<void> {
  await page.evaluate((lang) => localStorage.setItem('APP_LANG', JSON.stringify({ value: lang, expire: 0 })), language);
}

/** Form labels whose text wraps onto a second line (the colon included) or overflows its column. */
function wrappedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll('[data-testid^="field-"] label')].flatMap((label) => {
    const column = label.parentElement as HTMLElement;
    const lineHeight = parseFloat(getComputedStyle(column).lineHeight);
    const oneLine = label.getClientRects().length === 1 && column.getBoundingClientRect().height - parseFloat(getComputedStyle(column).paddingTop) < lineHeight * 1.5;
    return oneLine && column.scrollWidth <= column.clientWidth ? [] : [label.textContent ?? ''];
  }));
}

describe('forms and details in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });
  const db = () => suite.server.ctx.database.db;

  it('keeps every form label on one line with its colon, in Chinese and English', async () => {
    const { page, context } = await suite.newPage('admin');
    for (const language of LANGUAGES) {
      await useLanguage(page, language);
      for (const [path, name] of [['/hr/contract/save', 'contract'], ['/office/vehicle/apply/save', 'vehicle'], ['/system/user/save', 'user']] as const) {
        await page.goto(path);
        await page.locator('[data-testid^="field-"]').first().waitFor();
        expect(await page.locator('[data-testid^="field-"] label').count()).toBeGreaterThan(3);
        expect(await wrappedLabels(page), `${path} in ${language}`).toEqual([]);
        await suite.screenshot(page, `e2e-form-labels-${name}-${language}`);
      }
    }
    await context.close();
  });

  it('shows a tab\'s error count beside its title, not over it', async () => {
    const { page, context } = await suite.newPage('admin');
    for (const language of LANGUAGES) {
      await useLanguage(page, language);
      await page.goto('/hr/contract/save');
      await page.getByTestId('field-amount').waitFor();
      await page.getByTestId('form-submit').click();
      const badge = page.locator('.ant-tabs-tab .errors-badge').first();
      await expect.poll(() => badge.locator('.ant-badge-count').count()).toBe(1);
      await page.getByRole('tab').nth(1).click();
      // The title's text ends before the count starts, and the count stays inside the tab.
      const layout = await badge.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element.firstChild as Node);
        const title = range.getBoundingClientRect();
        const count = (element.querySelector('.ant-badge-count') as Element).getBoundingClientRect();
        const tab = (element.closest('.ant-tabs-tab') as Element).getBoundingClientRect();
        return { gap: count.left - title.right, inside: count.right <= tab.right + 0.5 && count.top >= tab.top - 0.5 };
      });
      expect(layout.gap, language).toBeGreaterThanOrEqual(2);
      expect(layout.inside, language).toBe(true);
      await suite.screenshot(page, `e2e-form-tab-badge-beside-${language}`);
    }
    await context.close();
  });

  it('gives every details section one label column as wide as its labels, the values the rest', async () => {
    const contract = await db().selectFrom('hr_contract').select('contractId').executeTakeFirstOrThrow();
    const { page, context } = await suite.newPage('admin');
    for (const language of LANGUAGES) {
      await useLanguage(page, language);
      await page.goto(`/hr/contract/details?id=${String(contract.contractId)}`);
      await expect.poll(() => page.locator('.ant-descriptions').count()).toBeGreaterThan(1);
      const widths = await page.locator('.ant-descriptions-item-label').evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().width)));
      const rowWidth = await page.locator('.ant-descriptions-view').first().evaluate((view) => view.getBoundingClientRect().width);
      expect(Math.max(...widths) - Math.min(...widths), `${language}: ${widths.join(',')}`).toBeLessThanOrEqual(1);
      expect(widths[0] / rowWidth).toBeLessThan(0.25);
      // The labels are not cut: each fits its cell.
      expect(await page.locator('.ant-descriptions-item-label').evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).length)).toBe(0);
      await suite.screenshot(page, `e2e-details-label-column-${language}`);
    }
    await context.close();
  });

  it('shows on the 系统管理员 role\'s details the menus it holds, the separated duties unchecked', async () => {
    const role = await db().selectFrom('sys_role').select('roleId').where('roleCode', '=', 'admin').executeTakeFirstOrThrow();
    const { page, context } = await suite.newPage('admin');
    for (const language of LANGUAGES) {
      await useLanguage(page, language);
      await page.goto(`/system/role/details?id=${String(role.roleId)}`);
      const tree = page.getByTestId('details-check-tree-menuIds');
      await expect.poll(() => tree.getByTestId('details-check-tree-menuIds-count').textContent()).not.toMatch(/(^|\s)0\s/);
      await tree.getByRole('button', { name: language === 'en' ? 'Expand all' : '展开全部' }).click();
      const checked = (title: string) => tree.locator('.ant-tree-treenode-checkbox-checked', { hasText: title });
      const userPage = language === 'en' ? 'Users' : '用户管理';
      const auditPage = language === 'en' ? 'Operation log' : '操作日志';
      await expect.poll(() => checked(userPage).count()).toBeGreaterThan(0);
      expect(await tree.locator('.ant-tree-treenode', { hasText: auditPage }).count()).toBeGreaterThan(0);
      expect(await checked(auditPage).count()).toBe(0);
      expect(await page.getByTestId('details-held-menuIds').count()).toBe(1);
      await suite.screenshot(page, `e2e-role-admin-menus-${language}`);
    }
    await context.close();
  });

  it('names the person already chosen, in the select and in the 选择人员 dialog, whatever page they are on', async () => {
    const ctx = suite.server.ctx;
    const lina = await db().selectFrom('sys_user').select(['deptId', 'unitId']).where('accountId', '=', 'lina').executeTakeFirstOrThrow();
    const owner = { userId: '', deptId: String(lina.deptId), unitId: String(lina.unitId) };
    // More people than one page of the picker (15), the ones chosen below last in its order.
    const extra: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      extra.push(await insertRow(ctx, systemEntity(ctx, 'User'), { accountId: `picker${i}`, userName: `候选人${i}`, deptId: lina.deptId, status: 1, sort: 200 + i }, owner));
    }
    const contract = await db().selectFrom('hr_contract').select('contractId').executeTakeFirstOrThrow();
    await db().updateTable('hr_contract').set({ userId: extra[19] }).where('contractId', '=', contract.contractId).execute();

    const { page, context } = await suite.newPage('admin');
    const select = page.getByTestId('field-userId').locator('.ant-select-selector');
    const dialogChoice = async () => {
      await page.getByTestId('select-userId-picker').click();
      const chosen = await page.getByTestId('user-picker-selected').textContent();
      await page.locator('.ant-modal').getByRole('button', { name: /取\s*消/ }).click();
      return chosen;
    };
    await page.goto(`/hr/contract/save?id=${String(contract.contractId)}`);
    await expect.poll(() => select.textContent()).toBe('候选人19');
    expect(await dialogChoice()).toBe('候选人19');

    // Another person chosen by a search: the select and the dialog name them, not the one before.
    await select.click();
    await page.getByTestId('field-userId').locator('input').first().fill('候选人17');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '候选人17' }).first().click();
    await page.keyboard.press('Escape');
    await expect.poll(() => select.textContent()).toBe('候选人17');
    expect(await dialogChoice()).toBe('候选人17');
    // Another search whose answer does not hold them: the select still names them, and not as the one before.
    await select.click();
    await page.getByTestId('field-userId').locator('input').first().fill('李娜');
    await expect.poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '李娜' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => select.textContent()).toBe('候选人17');
    await suite.screenshot(page, 'e2e-user-picker-chosen-name');

    // A new record: the person picked in the dropdown is named in the dialog, never by id.
    await page.goto('/hr/contract/save');
    await page.getByTestId('field-userId').waitFor();
    await select.click();
    await page.getByTestId('field-userId').locator('input').first().fill('候选人18');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '候选人18' }).first().click();
    await page.keyboard.press('Escape');
    expect(await dialogChoice()).toBe('候选人18');
    await context.close();
  });

  it('opens 我的消息 as 我的消息, without the manage tab of the messages list', async () => {
    for (const account of ['admin', 'lina']) {
      const { page, context } = await suite.newPage(account);
      for (const language of LANGUAGES) {
        await useLanguage(page, language);
        await page.goto('/dashboard');
        await page.getByTestId('menu-personal').click();
        await page.getByTestId('menu-personalMessage').click();
        await page.waitForURL('**/personal/message');
        const title = language === 'en' ? 'My messages' : '我的消息';
        await expect.poll(() => page.title()).toMatch(new RegExp(`^${title}`));
        await expect.poll(() => page.locator('.ant-card-head-title').first().textContent()).toBe(title);
        expect(await page.getByRole('tab', { name: language === 'en' ? 'Manage' : '管理' }).count()).toBe(0);
        expect(await page.getByText(language === 'en' ? 'System messages' : '系统消息', { exact: true }).count()).toBe(0);
        if (account === 'lina') await suite.screenshot(page, `e2e-my-messages-${language}`);
      }
      await context.close();
    }
  });
});
