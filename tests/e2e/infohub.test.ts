import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/**
 * 综合信息's own screens with the demo data: the directory (colleagues by level, shared contacts),
 * the chronicle's timeline by year, and the administrators' desk statistics.
 */
/** A page's first paint loads its lazy chunk and calls: generous, for a loaded CI machine. */
const FIRST_PAINT_MS = 45_000;

describe('information services: directory, chronicle and desk statistics', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('finds a colleague by level and a shared contact in the directory, in both languages', async () => {
    const { page, context } = await suite.newPage('lina');
    await page.goto('/infohub/directory');
    const levels = page.getByTestId('colleague-levels');
    await levels.getByText('高级总监').waitFor({ timeout: FIRST_PAINT_MS });
    await expect.poll(() => levels.textContent()).toContain('杨磊');
    await suite.screenshot(page, 'e2e-infohub-directory-zh');
    await page.getByRole('tab', { name: '共享联系人' }).click();
    await page.getByText('上海市浦东新区应急管理局').waitFor();
    // Another colleague's private entry (李娜's own 李梅 is hers; 陈静's 黄会计 is not shared) never shows.
    expect(await page.getByText('黄会计').count()).toBe(0);
    await page.getByTestId('directory-search').fill('云栈');
    await page.getByTestId('directory-search').press('Enter');
    await expect.poll(() => page.locator('.ant-tabs-tabpane-active tr.ant-table-row').count()).toBe(2);
    await page.getByTestId('directory-search').fill('');
    await page.getByTestId('directory-search').press('Enter');
    await page.getByTestId('lang-switch').click();
    await page.getByRole('tab', { name: 'Colleagues' }).click();
    await page.getByTestId('colleague-levels').getByText('No level').waitFor();
    await suite.screenshot(page, 'e2e-infohub-directory-en');
    await context.close();
  });

  it('shows the chronicle on a timeline by year, and the desk statistics to the administrator', async () => {
    const { page, context } = await suite.newPage('lina');
    await page.goto('/infohub/bigStory/timeline');
    await page.getByTestId('timeline-year-2024').waitFor({ timeout: FIRST_PAINT_MS });
    await expect.poll(() => page.getByTestId('timeline-year-2024').textContent()).toContain('张江研发中心正式启用');
    await suite.screenshot(page, 'e2e-infohub-timeline-zh');
    await context.close();

    const admin = await suite.newPage('huangqiang');
    await admin.page.goto('/infohub/statistics');
    const stats = admin.page.getByTestId('infohub-statistics');
    await stats.getByText('后端开发组').waitFor({ timeout: FIRST_PAINT_MS });
    await stats.getByText('尚未接入商城，无统计数据').waitFor();
    await expect.poll(() => stats.textContent()).toContain('劳动合同'); // 杨磊's contract ends within 30 days
    await admin.page.getByTestId('lang-switch').click();
    await stats.getByText('No shop is connected: no figures').waitFor();
    await suite.screenshot(admin.page, 'e2e-infohub-statistics-en');
    await admin.context.close();
  });
});
