import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNewRow } from '../../server/entity/insertNewRow';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

async function useLanguage(page: Page, language: 'zh-cn' | 'en'): Promise<void> {
  await page.evaluate((lang) => localStorage.setItem('APP_LANG', JSON.stringify({ value: lang, expire: 0 })), language);
}

/** The new information widgets every staff portal of the demo shows. */
const STAFF_WIDGETS = ['newsCarousel', 'notices', 'pendingInfo', 'myCalendar', 'unreadMail', 'votesPending', 'quickLinks'];

describe('portals in the browser', () => {
  let suite: BrowserSuite;
  let portalId = '';
  beforeAll(async () => {
    suite = await startBrowserSuite();
    const { ctx } = suite.server;
    const staff = await ctx.database.db.selectFrom('sys_role').select('roleId').where('roleCode', '=', 'staff').executeTakeFirstOrThrow();
    portalId = await insertNewRow(ctx, ctx.database.db, ctx.registry.entities.get('Portal')!,
      { portalName: '研发部门户', enabled: 1, isDefault: 0, sort: 5, roleIds: String(staff.roleId) }, { userId: '', deptId: '', unitId: '' });
  });
  afterAll(async () => { await suite.stop(); });
  const items = () => suite.server.ctx.database.db.selectFrom('sys_portal_item').select(['widgetCode', 'title', 'x', 'y', 'w', 'settings'])
    .where('portalId', '=', portalId).orderBy('y').orderBy('x').execute();

  it('designs a portal from the palette, with settings and undo, and previews it with the real widgets', async () => {
    const admin = await suite.newPage('admin');
    await admin.page.goto(`/system/portal/designer?portalId=${portalId}`);
    await expect.poll(() => admin.page.getByTestId('portal-designer-title').textContent()).toContain('研发部门户');
    // The keyboard's way: + puts the widget under the placed ones.
    await admin.page.getByTestId('palette-add-notices').click();
    await expect.poll(() => admin.page.getByTestId('designer-cell-notices').count()).toBe(1);
    await admin.page.getByTestId('inspector-title').fill('研发公告');
    // The widget's settings are a form: the notices card lists one notice, of every type.
    await expect.poll(() => admin.page.getByTestId('inspector-settings').textContent()).toContain('通知类型');
    const count = admin.page.getByTestId('setting-count');
    await count.fill('3');
    await count.blur();
    await count.fill('1');
    await count.blur();
    // Undo takes the count back a step, redo (Ctrl+Y, the focus out of any box) forward again.
    await admin.page.getByTestId('portal-designer-undo').click();
    await expect.poll(() => count.inputValue()).toBe('3');
    await admin.page.getByTestId('portal-designer-title').click();
    await admin.page.keyboard.press('Control+y');
    await expect.poll(() => count.inputValue()).toBe('1');
    // The pointer's way: drag a palette widget onto the canvas; the drop is one undo step.
    await admin.page.getByTestId('palette-unreadMail').dragTo(admin.page.getByTestId('portal-canvas'), { targetPosition: { x: 120, y: 40 } });
    await expect.poll(() => admin.page.getByTestId('designer-cell-unreadMail').count()).toBe(1);
    expect(await admin.page.getByTestId('palette-notices').count()).toBe(0);
    await admin.page.keyboard.press('Control+z');
    await expect.poll(() => admin.page.getByTestId('designer-cell-unreadMail').count()).toBe(0);
    await expect.poll(() => admin.page.getByTestId('designer-cell-notices').count()).toBe(1);
    await admin.page.keyboard.press('Control+Shift+z');
    await expect.poll(() => admin.page.getByTestId('designer-cell-unreadMail').count()).toBe(1);
    await admin.page.getByTestId('designer-cell-notices').locator('.ant-card-body').click();
    await expect.poll(() => admin.page.getByTestId('setting-count').inputValue()).toBe('1');
    await suite.screenshot(admin.page, 'e2e-portal-designer');
    await admin.page.getByTestId('portal-designer-save').click();
    await expect.poll(async () => (await items()).map((i) => i.widgetCode).sort()).toEqual(['notices', 'unreadMail']);
    expect((await items()).find((i) => i.widgetCode === 'notices')).toMatchObject({ title: '研发公告', settings: JSON.stringify({ count: 1 }) });

    await admin.page.getByTestId('portal-designer-preview').click();
    await admin.page.waitForURL((url) => url.pathname === '/system/portal/preview');
    await expect.poll(() => admin.page.getByTestId('portal-preview-grid').locator('[data-testid^="portal-cell-"]').count()).toBe(2);
    await expect.poll(() => admin.page.getByTestId('desk-widget-notices').locator('.ant-card-head-title').textContent()).toBe('研发公告');
    await suite.screenshot(admin.page, 'e2e-portal-preview');
    await admin.context.close();
  });

  it('shows a staff member the staff portal with the new widgets, the designed one and the personal desk, in both languages', async () => {
    const { page, context } = await suite.newPage('lina');
    await page.goto('/dashboard');
    // The demo's staff portal first, the designed one next, the personal desk last.
    await expect.poll(() => page.locator('.ant-tabs-tab').allTextContents()).toEqual(['员工门户', '研发部门户', '我的桌面']);
    for (const code of STAFF_WIDGETS) await expect.poll(() => page.getByTestId(`portal-cell-${code}`).count(), { message: code }).toBe(1);
    await expect.poll(() => page.getByTestId('desk-widget-quickLinks').textContent()).toContain('快捷');
    await suite.screenshot(page, 'e2e-portal-desk-zh');
    await expect.poll(() => page.locator('[data-testid^="desk-notice-"]').count()).toBeGreaterThan(1);
    await page.getByTestId(`portal-tab-${portalId}`).click();
    await expect.poll(() => page.getByTestId(`portal-${portalId}`).locator('.ant-card-head-title').allTextContents()).toEqual(['研发公告', '未读邮件']);
    // The designed count: one notice here, where the staff portal lists several.
    await expect.poll(() => page.getByTestId(`portal-${portalId}`).locator('[data-testid^="desk-notice-"]').count()).toBe(1);
    await page.getByTestId('portal-tab-personal').click();
    await expect.poll(() => page.getByTestId('desk-grid').count()).toBe(1);

    await useLanguage(page, 'en');
    await page.goto('/dashboard');
    await expect.poll(() => page.locator('.ant-tabs-tab').allTextContents()).toEqual(['Staff portal', '研发部门户', 'My desk']);
    await expect.poll(() => page.getByTestId('desk-widget-notices').locator('.ant-card-head-title').textContent()).toBe('Notices');
    await expect.poll(() => page.getByTestId('desk-widget-quickLinks').textContent()).toContain('Vehicle requests');
    await suite.screenshot(page, 'e2e-portal-desk-en');
    await context.close();
  });
});
