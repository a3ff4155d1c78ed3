import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/**
 * The knowledge base in Chromium: search from the search page (two characters from the middle of
 * a word, marked in the hit), open the hit on the reading page — which writes the learning
 * record — and the home page's category tree narrowing the documents.
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
    await hit.locator('[role="link"]').click();
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
});
