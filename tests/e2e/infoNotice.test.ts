import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/**
 * A notice goes through approval in the browser: its administrator sends the draft from the
 * manage list, the approver approves it there, a recipient reads it from 我的通知, and the
 * publisher's reading page shows who has and who has not read it (tests/api/infoNews.test.ts
 * covers the calls' rules).
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
});
