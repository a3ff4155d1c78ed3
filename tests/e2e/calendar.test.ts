import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/**
 * 我的日程 in Chromium: the month view with the demo week, the week view, an entry created with
 * 新建日程 and saved on the server; and the album grid with its lightbox. Creating by clicking a
 * day (react-big-calendar's own selection) is not driven here: Playwright's clicks did not start it.
 */
describe('calendar and albums', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });
  const db = () => suite.server.ctx.database.db;

  it('shows the month and week views with entries and creates an entry', async () => {
    const { page, context } = await suite.newPage('lina');
    await page.goto('/calendar/schedule');
    const view = page.getByTestId('calendar-view');
    await view.getByText('门户首页改版评审准备').first().waitFor({ timeout: 30_000 });
    await suite.screenshot(page, 'e2e-calendar-month-zh');

    await page.getByRole('button', { name: '周', exact: true }).click();
    await view.locator('.rbc-time-view').waitFor();
    await view.getByText('新员工入职培训').first().waitFor(); // zhangwei's entry naming lina
    await suite.screenshot(page, 'e2e-calendar-week-zh');

    await page.getByTestId('lang-switch').click();
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await suite.screenshot(page, 'e2e-calendar-month-en');
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await suite.screenshot(page, 'e2e-calendar-week-en');
    await page.getByRole('button', { name: 'Month', exact: true }).click();

    // 新建日程 opens the new-entry dialog at 09:00 of the day in view.
    await page.getByTestId('calendar-new').click();
    await page.getByTestId('calendar-entry-title').fill('浏览器新建日程');
    await page.getByTestId('calendar-entry-save').click();
    await expect.poll(async () => (await db().selectFrom('calendar_entry').select('startTime').where('title', '=', '浏览器新建日程').execute()).map((r) => String(r.startTime).slice(11, 16))).toEqual(['09:00']);
    await view.getByText('浏览器新建日程').first().waitFor();
    await context.close();
  });

  it('shows a leader the subordinate calendar with private entries as busy', async () => {
    const { page, context } = await suite.newPage('yanglei');
    await page.goto('/calendar/schedule');
    await page.locator('.ant-segmented').getByText('下属日程').click();
    await page.getByTestId('calendar-subordinate').waitFor();
    await page.getByTestId('calendar-view').getByText('忙碌').first().waitFor();
    await suite.screenshot(page, 'e2e-calendar-subordinates-zh');
    await context.close();
  });

  it('opens an album of the grid and its photo in the lightbox', async () => {
    const { page, context } = await suite.newPage('lina');
    await page.goto('/gallery/albums');
    await page.getByTestId('album-grid').getByText('2026 秋季团建·千岛湖').click();
    await page.getByTestId('album-photos').locator('img').first().waitFor();
    await suite.screenshot(page, 'e2e-gallery-album-zh');
    await page.getByTestId('album-photos').locator('.ant-image').first().click();
    await page.locator('.ant-image-preview-img').waitFor();
    await suite.screenshot(page, 'e2e-gallery-lightbox-zh');
    await context.close();
  });
});
