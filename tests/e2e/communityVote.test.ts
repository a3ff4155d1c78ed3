import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/**
 * 我的投票 in Chromium: a staff member votes in the open demo vote (2026 年会节目形式投票, four
 * named ballots already cast) and lands on the result with its chart; the API rules of voting are
 * in tests/api/community.test.ts.
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
});
