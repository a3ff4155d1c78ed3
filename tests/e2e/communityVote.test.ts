import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/**
 * 我的投票 in Chromium: a staff member votes in the open demo vote (2026 年会节目形式投票, four
 * named ballots already cast) and lands on the result with its chart; the API rules of voting are
 * in tests/api/community.test.ts. Beside it, the boards staff read, with no management page in their menu,
 * and the vote's edit form with the settings a cast ballot locks greyed out.
 */
describe('voting and the result chart', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });
  const db = () => suite.server.ctx.database.db;

  it('casts a ballot from the pending list and shows the counts as a chart, in Chinese and English', async () => {
    const vote = await db().selectFrom('info_vote').select('voteId').where('title', '=', '2026 年会节目形式投票').executeTakeFirstOrThrow();
    const voteId = String(vote.voteId);
    const { page, context } = await suite.newPage('lina');
    await page.goto('/community/vote/mine');
    await page.getByTestId(`vote-open-${voteId}`).click();
    await page.getByTestId('vote-option-C').click();
    await page.getByTestId('vote-submit').click();

    await page.waitForURL(`**/community/vote/result/${voteId}`);
    const chart = page.getByTestId('vote-result-chart');
    await chart.locator('svg').first().waitFor();
    // 乐队演出 (C) had two ballots; hers is the third, and she is named under it.
    await expect.poll(() => page.getByTestId('vote-result-option-C').textContent()).toContain('3 票');
    expect(await page.getByTestId('vote-result-option-C').textContent()).toContain('李娜');
    const lina = await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'lina').executeTakeFirstOrThrow();
    const ballots = await db().selectFrom('info_vote_result').select('optionKey').where('vote', '=', voteId).where('voter', '=', lina.userId).execute();
    expect(ballots.map((b) => b.optionKey)).toEqual(['C']);
    await suite.screenshot(page, 'e2e-community-vote-result-zh');

    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('vote-result-option-C').textContent()).toContain('Votes: 3');
    await chart.locator('svg').first().waitFor();
    await suite.screenshot(page, 'e2e-community-vote-result-en');

    // The vote has left her pending list.
    await page.goto('/community/vote/mine');
    await page.getByTestId('my-votes').waitFor();
    await expect.poll(() => page.getByTestId(`vote-open-${voteId}`).count()).toBe(0);
    await context.close();
  });

  it('shows staff the boards on 讨论区 and no 互动管理, which the community administrator keeps', async () => {
    const board = await db().selectFrom('info_discuss_board').select('boardId').where('name', '=', '技术交流').executeTakeFirstOrThrow();
    const { page, context } = await suite.newPage('lina');
    await page.goto('/community/forum');
    await page.getByTestId(`forum-board-${String(board.boardId)}`).waitFor({ timeout: 60_000 });
    // The side menu opens 互动交流 at its page: her reading pages, none of the management ones.
    await page.getByTestId('menu-communityForum').waitFor();
    expect(await page.getByTestId('menu-communityFeed').count()).toBe(1);
    expect(await page.getByTestId('menu-communityManage').count()).toBe(0);
    await suite.screenshot(page, 'e2e-community-forum-staff-zh');
    await context.close();

    const admin = await suite.newPage('wuting');
    await admin.page.goto('/community/forum');
    await admin.page.getByTestId(`forum-board-${String(board.boardId)}`).waitFor({ timeout: 60_000 });
    await admin.page.getByTestId('menu-communityManage').waitFor();
    await admin.context.close();
  });

  it('greys out the options and how they are chosen on the edit form once ballots are cast, and saves the rest', async () => {
    const before = await db().selectFrom('info_vote').select(['voteId', 'options']).where('title', '=', '2026 年会节目形式投票').executeTakeFirstOrThrow();
    const { page, context } = await suite.newPage('wuting');
    await page.goto(`/community/manage/vote/save?id=${String(before.voteId)}`);
    const options = page.getByTestId('field-options');
    await expect.poll(() => options.locator('input').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    // Every option cell is read-only, no row can be added or removed, and the hint says why.
    expect(await options.locator('input:not([disabled])').count()).toBe(0);
    expect(await options.locator('.ant-formily-array-base-remove').count()).toBe(0);
    expect(await options.locator('button.ant-formily-array-base-addition').isDisabled()).toBe(true);
    expect(await options.textContent()).toContain('有人投票后，选项和投票方式（单选/多选、最多可选、匿名）不能再修改');
    expect(await page.getByTestId('field-multiple').locator('.ant-switch-disabled').count()).toBe(1);
    expect(await page.getByTestId('field-anonymous').locator('.ant-switch-disabled').count()).toBe(1);
    expect(await page.getByTestId('field-description').locator('textarea:not([disabled])').count()).toBe(1);
    await suite.screenshot(page, 'e2e-community-vote-locked-form');

    await page.getByTestId('field-description').locator('textarea').fill('得票最多的形式将作为主节目（说明已更新）');
    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === '/community/manage/vote');
    const after = await db().selectFrom('info_vote').select(['description', 'options']).where('voteId', '=', before.voteId).executeTakeFirstOrThrow();
    expect(after.description).toBe('得票最多的形式将作为主节目（说明已更新）');
    const rows = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    expect(rows(after.options)).toEqual(rows(before.options));
    await context.close();
  });
});
