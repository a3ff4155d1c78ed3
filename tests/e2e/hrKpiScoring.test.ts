import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { navigateInApp, startBrowserSuite, type BrowserSuite } from '../support/browser';
import { answer, formBody, DEFAULT_DEMO_PASSWORD } from '../support/testServer';
import { pngFile } from '../../server/modules/file/demoFileBytes';

/**
 * 我的考核打分 in Chromium: the demo plan's scorer (杨磊, a leader with the staff role only) scores
 * 刘洋 on his page, and HR (赵敏) reads the total in 绩效评分. Then the personnel file's details
 * as HR sees them: the photo uploadHrPhoto stored, and the person's labour contracts.
 */
describe('KPI scoring by the plan\'s scorer, and the personnel file, in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const db = () => suite.server.ctx.database.db;
  const userId = async (account: string) => String((await db().selectFrom('sys_user').select('userId').where('accountId', '=', account).executeTakeFirstOrThrow()).userId);

  it('lets a leader score the person they assess, and HR sees the score', async () => {
    const liuyang = await userId('liuyang');
    const sheet = await db().selectFrom('hr_kpi_score').selectAll().where('userId', '=', liuyang).where('scoreState', '=', 'pending').executeTakeFirstOrThrow();
    const items = (typeof sheet.items === 'string' ? JSON.parse(sheet.items) : sheet.items) as { kpiItemId: string; weight: number }[];

    const { page, context } = await suite.newPage('yanglei');
    await page.getByTestId('menu-hr').click();
    await page.getByTestId('menu-hrKpiScoring').click();
    await page.waitForURL('**/hr/kpi-scoring');
    const open = page.getByTestId(`kpi-scoring-open-${String(sheet.kpiScoreId)}`);
    await expect.poll(() => open.count()).toBe(1);
    // Only his sheets: the plan's three employees at most, never HR's whole list.
    expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBeLessThanOrEqual(3);
    await open.click();
    await expect.poll(() => page.getByTestId('kpi-scoring-dialog').count()).toBe(1);
    expect(await page.getByTestId('kpi-scoring-dialog').textContent()).toContain('需求按期交付率');
    const given = [90, 100, 80, 70];
    for (const [n, item] of items.entries()) await page.getByTestId(`kpi-scoring-item-${item.kpiItemId}`).locator('input').fill(String(given[n]));
    await page.getByTestId('kpi-scoring-comment').fill('交付稳定，文档及时');
    await suite.screenshot(page, 'e2e-hr-kpi-scoring-dialog');
    await page.getByTestId('kpi-scoring-save').click();
    // Scored: it leaves the 待评分 list, and the server holds the weighted total.
    await expect.poll(() => open.count()).toBe(0);
    const stored = await db().selectFrom('hr_kpi_score').selectAll().where('kpiScoreId', '=', sheet.kpiScoreId).executeTakeFirstOrThrow();
    const total = items.reduce((sum, item, n) => sum + (given[n] / 100) * item.weight, 0);
    expect(stored).toMatchObject({ scoreState: 'scored', comment: '交付稳定，文档及时' });
    expect(Number(stored.totalScore)).toBe(total);
    await context.close();

    const hr = await suite.newPage('zhaomin');
    await hr.page.getByTestId('menu-hr').click();
    await hr.page.getByTestId('menu-hrKpiScore').click();
    await hr.page.waitForURL('**/hr/kpi-score');
    const row = hr.page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '刘洋' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain(String(total));
    expect(await row.textContent()).toContain('已评分');
    await suite.screenshot(hr.page, 'e2e-hr-kpi-score-hr-list');
    await hr.context.close();
  });

  it('shows HR the personnel file\'s photo and the person\'s contracts', async () => {
    const lina = await userId('lina');
    const file = await db().selectFrom('hr_user').select(['hrUserId', 'rowVersion']).where('userId', '=', lina).executeTakeFirstOrThrow();
    const contracts = await db().selectFrom('hr_contract').select('contractNo').where('userId', '=', lina).execute();
    expect(contracts.length).toBeGreaterThan(0);
    // The photo as HR's upload call stores it into the file.
    const login = await answer(await fetch(`${suite.baseUrl}/capi/get/system/login`, { method: 'POST', body: formBody({ accountId: 'zhaomin', password: DEFAULT_DEMO_PASSWORD }) }));
    const form = new FormData();
    form.append('hrUserId', String(file.hrUserId));
    form.append('file', new Blob([new Uint8Array(pngFile(24, 32, [30, 90, 160], [240, 240, 240]))]), '证件照.png');
    const uploaded = await answer(await fetch(`${suite.baseUrl}/capi/set/file/uploadHrPhoto`, { method: 'POST', headers: { Authorization: `Bearer ${String((login.body.data as { token: string }).token)}` }, body: form }));
    expect(uploaded.body.code, uploaded.body.message).toBe(200);

    const { page, context } = await suite.newPage('zhaomin');
    await page.getByTestId('menu-hr').waitFor();
    await navigateInApp(page, `/hr/user/details?id=${encodeURIComponent(String(file.hrUserId))}`);
    // The picture itself, fetched with the session (a blob: address), not a file link.
    const photo = page.getByTestId('details-image-photo').locator('img');
    await expect.poll(async () => (await photo.getAttribute('src')) ?? '').toMatch(/^blob:/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
    const block = page.getByTestId('details-related-HrContract');
    await expect.poll(() => block.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(contracts.length);
    for (const { contractNo } of contracts) expect(await block.textContent()).toContain(String(contractNo));
    expect(await block.textContent()).toContain(`劳动合同（${contracts.length}）`);
    await suite.screenshot(page, 'e2e-hr-personnel-file-details');
    await context.close();
  });
});
