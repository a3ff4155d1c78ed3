import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/**
 * The knowledge base in Chromium: search from the search page (two characters from the middle of
 * a word, marked in the hit), open the hit on the reading page — which writes the learning
 * record — and the home page's category tree narrowing the documents. Staff, who hold no
 * management page, open news and notice hits on the pages they read them on.
 */
describe('knowledge base: search and read', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });
  const db = () => suite.server.ctx.database.db;

  it('searches from the search page, opens a hit and records the reading', async () => {
    const { page, context } = await suite.newPage('chenjing');
    await page.goto('/knowledge/search');
    // The first visit loads the app shell and the page's chunk: slow on a busy machine.
    await page.getByTestId('knowledge-search-input').waitFor({ timeout: 60_000 });
    await page.getByTestId('knowledge-search-input').fill('勤管');
    await page.getByTestId('knowledge-search-input').press('Enter');
    const hit = page.getByTestId('knowledge-search-group-Knowledge').getByTestId('knowledge-search-hit').first();
    await expect.poll(() => hit.locator('mark').first().textContent()).toBe('勤管');
    await suite.screenshot(page, 'e2e-knowledge-search-zh');
    await hit.getByTestId('knowledge-search-hit-link').click();
    await expect.poll(() => page.getByTestId('knowledge-read-title').textContent()).toBe('员工考勤管理制度（2026 修订版）');
    await expect.poll(() => page.getByTestId('knowledge-read-content').textContent()).toContain('标准工时制');
    const chenjing = await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'chenjing').executeTakeFirstOrThrow();
    const doc = await db().selectFrom('knowledge').select('knowledgeId').where('title', '=', '员工考勤管理制度（2026 修订版）').executeTakeFirstOrThrow();
    expect(await db().selectFrom('knowledge_learn_record').select('learnId').where('learner', '=', chenjing.userId).where('knowledge', '=', doc.knowledgeId).execute()).toHaveLength(1);
    await suite.screenshot(page, 'e2e-knowledge-read-zh');
    await page.getByTestId('lang-switch').click();
    await page.goto('/knowledge/home');
    await page.getByTestId('knowledge-sort-tree').getByText(/^常见问题/).first().waitFor();
    await page.getByTestId('knowledge-sort-tree').getByText(/^常见问题/).click();
    await expect.poll(() => page.getByTestId('knowledge-doc-row').count()).toBe(3);
    await suite.screenshot(page, 'e2e-knowledge-home-en');
    await context.close();
  });

  it('opens a news hit and a notice hit on their reading pages for staff', async () => {
    const { page, context } = await suite.newPage('chenjing');
    const chenjing = await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'chenjing').executeTakeFirstOrThrow();
    const news = await db().selectFrom('info_news').select(['newsId', 'readCount']).where('title', '=', '集团召开2026年第四季度安全生产工作会议').executeTakeFirstOrThrow();
    const notice = await db().selectFrom('info_notice').select('noticeId').where('title', '=', '关于召开2026年度工作总结会的通知').executeTakeFirstOrThrow();
    const noticeRead = () => db().selectFrom('info_notice_read').select('readFlag')
      .where('notice', '=', notice.noticeId).where('reader', '=', chenjing.userId).executeTakeFirstOrThrow();
    expect(Number((await noticeRead()).readFlag)).toBe(0);

    await page.goto('/knowledge/search?q=会议');
    const hitOf = (source: string, title: string) => page.getByTestId(`knowledge-search-group-${source}`)
      .getByTestId('knowledge-search-hit').filter({ hasText: title }).getByTestId('knowledge-search-hit-link');
    await hitOf('News', '第四季度安全生产工作会议').waitFor({ timeout: 60_000 });
    await suite.screenshot(page, 'e2e-knowledge-search-news-notice-zh');
    await hitOf('News', '第四季度安全生产工作会议').click();
    await expect.poll(() => page.getByTestId('news-content').textContent()).toContain('压实安全责任');
    expect(new URL(page.url()).pathname).toBe('/info/news/view');
    await expect.poll(async () => Number((await db().selectFrom('info_news').select('readCount').where('newsId', '=', news.newsId).executeTakeFirstOrThrow()).readCount))
      .toBe(Number(news.readCount) + 1);
    await suite.screenshot(page, 'e2e-knowledge-search-news-read-zh');

    await page.goBack();
    await hitOf('Notice', '年度工作总结会').click();
    await expect.poll(() => page.getByTestId('notice-content').textContent()).toContain('总部大楼三层第一会议室');
    expect(new URL(page.url()).pathname).toBe('/info/notice/view');
    await expect.poll(async () => Number((await noticeRead()).readFlag)).toBe(1);
    await suite.screenshot(page, 'e2e-knowledge-search-notice-read-zh');
    await context.close();
  });
});
