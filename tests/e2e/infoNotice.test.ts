import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/**
 * A notice goes through approval in the browser: its administrator sends the draft from the
 * manage list, the approver approves it there, a recipient reads it from 我的通知, and the
 * publisher's reading page shows who has and who has not read it (tests/api/infoNews.test.ts
 * covers the calls' rules). Writing one, the template choice fills its body.
 */
describe('publishing a notice through approval and seeing who has read it', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });
  const db = () => suite.server.ctx.database.db;

  /** A row's action, shown at once or under 更多. */
  async function rowButton(page: Page, testId: string, rowKey: string) {
    // The first screen of a fresh page loads the list's chunks: allow a busy machine its time.
    await page.getByTestId(`row-view-${rowKey}`).waitFor({ timeout: 60_000 });
    const button = page.getByTestId(testId);
    if (!(await button.isVisible())) await page.getByTestId(`row-more-${rowKey}`).click();
    await button.click();
  }

  it('sends, approves, reads, and shows the read and unread recipients to the publisher', async () => {
    // The seeded draft to 行政部 (and 车辆调度组 below it), given the red-header template for its reading page.
    const draft = await db().selectFrom('info_notice').select('noticeId').where('title', '=', '关于开展年度消防演练的通知').executeTakeFirstOrThrow();
    const template = await db().selectFrom('info_notice_template').select('templateId').where('redHeader', '=', 1).executeTakeFirstOrThrow();
    await db().updateTable('info_notice').set({ template: template.templateId, docNo: '华智行〔2026〕8号' }).where('noticeId', '=', draft.noticeId).execute();
    const id = String(draft.noticeId);
    const status = async () => (await db().selectFrom('info_notice').select('status').where('noticeId', '=', id).executeTakeFirstOrThrow()).status;

    const author = await suite.newPage('wuting');
    await author.page.goto('/info/notice/manage');
    await rowButton(author.page, `row-action-send-${id}`, id);
    await author.page.getByTestId('transition-confirm').click();
    await expect.poll(status).toBe('pending');

    const approver = await suite.newPage('huangqiang');
    await approver.page.goto('/info/notice/manage');
    await rowButton(approver.page, `row-transition-approve-${id}`, id);
    await approver.page.getByTestId('transition-confirm').click();
    await expect.poll(status).toBe('published');

    // 黄强 is in 行政部: the notice is in his list, unread, and reading it marks it read.
    await approver.page.goto('/info/notice/mine');
    const item = approver.page.getByTestId(`my-notice-${id}`);
    await expect.poll(() => item.getAttribute('data-read')).toBe('no');
    await item.getByRole('link').click();
    await expect.poll(() => approver.page.getByTestId('notice-red-header').textContent()).toContain('华东智联科技集团有限公司文件');
    await expect.poll(async () => (await db().selectFrom('info_notice_read as r').innerJoin('sys_user as u', 'u.userId', 'r.reader')
      .select('r.readFlag').where('r.notice', '=', id).where('u.accountId', '=', 'huangqiang').executeTakeFirstOrThrow()).readFlag).toBe(1);
    // The news centre beside it: cards with covers, unread marked.
    await approver.page.goto('/info/news/reader');
    await expect.poll(() => approver.page.locator('[data-testid^="news-card-"]').count(), { timeout: 60_000 }).toBeGreaterThan(5);
    await suite.screenshot(approver.page, 'e2e-info-news-reader-zh');
    await approver.context.close();

    // The publisher sees 黄强 among those who have read it, 王芳 and 徐明 (车辆调度组) among those who have not.
    await author.page.goto(`/info/notice/view?noticeId=${id}`);
    const readList = author.page.getByTestId('notice-read-list');
    await expect.poll(() => readList.textContent()).toContain('黄强');
    await suite.screenshot(author.page, 'e2e-info-notice-read-status-zh');
    await author.page.getByTestId('notice-unread-tab').click();
    const unread = author.page.getByTestId('notice-unread-list');
    await expect.poll(() => unread.textContent()).toContain('王芳');
    expect(await unread.textContent()).toContain('徐明');
    await author.page.getByTestId('lang-switch').click();
    await expect.poll(() => author.page.getByTestId('notice-read-status').textContent()).toContain('recipients');
    await suite.screenshot(author.page, 'e2e-info-notice-read-status-en');
    await author.context.close();
  });

  /** Picks an option of the antd Select inside the form item `field-{name}`. */
  async function pickOption(page: Page, field: string, option: string): Promise<void> {
    await page.getByTestId(`field-${field}`).locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  }

  it('fills the body from a template of the chosen type, asking before it replaces a typed body', async () => {
    const { page, context } = await suite.newPage('wuting');
    await page.goto('/info/notice/manage/save');
    const editor = page.getByTestId('rich-text-content-content').locator('.ProseMirror');
    await editor.waitFor({ timeout: 60_000 });
    const body = () => editor.textContent();

    // An empty body takes the meeting template's at once.
    await pickOption(page, 'noticeType', '会议通知');
    await pickOption(page, 'template', '会议通知模板');
    await expect.poll(body).toContain('会议时间：');

    // A typed body is asked about: kept, it stays, and the red-header choice is marked as such.
    await editor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('我写的正文');
    await expect.poll(body).toBe('我写的正文');
    await pickOption(page, 'noticeType', '制度发布');
    await page.getByTestId('field-template').locator('.ant-select-selector').click();
    // The templates of the type are offered now, beside the one still chosen.
    await expect.poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').allTextContents()).toEqual(['会议通知模板', '集团红头文件 红头']);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '集团红头文件' }).click();
    await page.getByTestId('body-template-keep').click();
    expect(await body()).toBe('我写的正文');
    await expect.poll(() => page.getByTestId('field-template').locator('.ant-select-selection-item').textContent()).toBe('集团红头文件 红头');
    await suite.screenshot(page, 'e2e-info-notice-template-choice-zh');

    // Chosen again and replaced: the template's body.
    await page.getByTestId('field-template').locator('.ant-select').hover();
    await page.getByTestId('field-template').locator('.ant-select-clear').click();
    await pickOption(page, 'template', '集团红头文件');
    await page.getByTestId('body-template-replace').click();
    await expect.poll(body).toContain('特此通知');
    expect(await body()).not.toContain('我写的正文');

    await page.getByTestId('field-title').locator('input').fill('关于印发模板测试办法的通知');
    await page.getByTestId('field-docNo').locator('input').fill('华智办〔2026〕77号');
    await page.getByTestId('form-submit').click();
    const saved = async () => db().selectFrom('info_notice').select(['noticeId', 'template', 'content']).where('title', '=', '关于印发模板测试办法的通知').executeTakeFirst();
    await expect.poll(async () => (await saved())?.content ?? '').toContain('特此通知');
    const notice = (await saved())!;
    const redHeader = await db().selectFrom('info_notice_template').select('templateId').where('templateName', '=', '集团红头文件').executeTakeFirstOrThrow();
    expect(notice.template).toBe(redHeader.templateId);

    // Its reading page heads the body with the template's red header, the number filled in.
    await page.goto(`/info/notice/view?noticeId=${String(notice.noticeId)}`);
    await expect.poll(() => page.getByTestId('notice-red-header').textContent()).toContain('华智办〔2026〕77号');
    await expect.poll(() => page.getByTestId('notice-content').textContent()).toContain('各部门、各子公司：');
    await context.close();
  });
});
