import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' };

async function signIn(page: Page, accountId: string, password = 'Demo@123'): Promise<void> {
  await page.getByTestId('login-account').fill(accountId);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

describe('deep links, the mobile home and the chat-app jumps in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite({ CHAT_DEV_CODES: 'dd-lina=lina,wx-zhangwei=zhangwei' }); });
  afterAll(async () => { await suite.stop(); });

  const firstContract = () => suite.server.ctx.database.db.selectFrom('hr_contract').select(['contractId', 'contractNo'])
    .orderBy('contractNo').executeTakeFirstOrThrow();

  it('opens a contract message link after sign-in, on the mobile details screen', async () => {
    const contract = await firstContract();
    const { page, context } = await suite.newPage();
    const link = `/app/hr/contract/details?contractId=${contract.contractId}`;
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(link);
    await signIn(page, 'zhangwei');
    await page.waitForURL((url) => url.pathname === '/app/hr/contract/details');
    expect(new URL(page.url()).searchParams.get('contractId')).toBe(String(contract.contractId));
    await expect.poll(() => page.getByTestId('mobile-details').textContent()).toContain(String(contract.contractNo));
    await suite.screenshot(page, 'e2e-shell-deeplink-contract');
    await context.close();
  });

  it('opens a workflow message link after sign-in, naming the ids the link carries', async () => {
    const { page, context } = await suite.newPage();
    await page.goto('/bpm/handle/dowork?runId=R-1&stepRunId=S-2&flowId=F-3');
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, 'lina');
    await page.waitForURL((url) => url.pathname === '/bpm/handle/dowork');
    await expect.poll(() => page.getByTestId('workflow-runId').textContent()).toBe('R-1');
    expect(await page.getByTestId('workflow-stepRunId').textContent()).toBe('S-2');
    expect(await page.getByTestId('workflow-flowId').textContent()).toBe('F-3');
    expect(await page.getByTestId('workflow-handle-title').textContent()).toBe('流程办理');
    await page.goto('/doc/handle/read?sendToId=only');
    await expect.poll(() => page.getByTestId('workflow-link-invalid').textContent()).toContain('runId');
    await context.close();
  });

  it('shows the mobile home at a phone viewport: name, unit, touch-sized tiles, no sideways scrolling, sign-out', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.baseUrl, ...PHONE });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto('/app');
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, 'zhangwei');
    await page.waitForURL((url) => url.pathname === '/app');
    await expect.poll(() => page.getByTestId('mobile-user-name').textContent()).toBe('张伟');
    expect(await page.getByTestId('mobile-user-unit').textContent()).toContain('人力资源部');
    await expect.poll(() => page.getByTestId('mobile-menu-hrContract').count()).toBe(1);
    for (const testId of ['mobile-family-hr-contract', 'mobile-family-news', 'mobile-menu-hrContract', 'mobile-logout']) {
      const box = await page.getByTestId(testId).boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.width).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await suite.screenshot(page, 'e2e-shell-mobile-home-phone');

    // A family tile lists the records; a record opens its details.
    await page.getByTestId('mobile-family-hr-contract').click();
    await expect.poll(() => page.locator('[data-testid^="mobile-record-"]').count()).toBeGreaterThan(0);
    await suite.screenshot(page, 'e2e-shell-mobile-contracts-phone');
    await page.locator('[data-testid^="mobile-record-"]').first().click();
    await page.waitForURL((url) => url.pathname === '/app/hr/contract/details');
    await expect.poll(() => page.getByTestId('mobile-details').textContent()).toContain('HT-');
    await suite.screenshot(page, 'e2e-shell-mobile-contract-details-phone');

    // A news message's link opens the news item in the phone's frame.
    const news = await suite.server.ctx.database.db.selectFrom('info_news').select(['newsId', 'title']).where('status', '=', 'published').executeTakeFirstOrThrow();
    await page.goto(`/app/news/details?newsId=${String(news.newsId)}`);
    await expect.poll(() => page.getByTestId('mobile-details').textContent()).toContain(String(news.title));

    await page.goto('/app');
    await page.getByTestId('mobile-logout').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect((await context.cookies()).some((cookie) => cookie.name === 'TOKEN')).toBe(false);
    await context.close();
  });

  it('lays the mobile home out on a desktop too', async () => {
    const { page, context } = await suite.newPage('admin');
    await page.goto('/app');
    await expect.poll(() => page.getByTestId('mobile-user-name').textContent()).toBe('系统管理员');
    await suite.screenshot(page, 'e2e-shell-mobile-home-desktop');
    await context.close();
  });

  it('signs in through the workplace chat app and jumps to the message target', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.baseUrl, ...PHONE });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    // A notice addressed to lina, as its message links it.
    const { db } = suite.server.ctx.database;
    const lina = await db.selectFrom('sys_user').select('userId').where('accountId', '=', 'lina').executeTakeFirstOrThrow();
    const notice = await db.selectFrom('info_notice_read').innerJoin('info_notice', 'info_notice.noticeId', 'info_notice_read.notice')
      .select(['info_notice.noticeId', 'info_notice.title']).where('info_notice_read.reader', '=', String(lina.userId)).executeTakeFirstOrThrow();
    const target = `/app/notice/details?noticeId=${String(notice.noticeId)}`;
    await page.goto(`/dapp/login?code=dd-lina&redirect=${encodeURIComponent(target)}`);
    await page.waitForURL((url) => url.pathname === '/app/notice/details');
    await expect.poll(() => page.getByTestId('mobile-details').textContent()).toContain(String(notice.title));
    await page.goto('/dapp');
    await expect.poll(() => page.getByTestId('chat-client').textContent()).toBe('钉钉');
    expect(await page.getByTestId('mobile-user-name').textContent()).toBe('李娜');
    await suite.screenshot(page, 'e2e-shell-dapp-home');
    await context.close();
  });

  it('refuses a bad chat code and offers the password sign-in, landing on the target afterwards', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.baseUrl, ...PHONE });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    // A vote open to everyone, as its message links it.
    const vote = await suite.server.ctx.database.db.selectFrom('info_vote').select(['voteId', 'title'])
      .where('status', '=', 'open').where('allUsers', '=', 1).executeTakeFirstOrThrow();
    const target = `/app/vote/details?voteId=${String(vote.voteId)}`;
    await page.goto(`/wapp/login?code=wrong&state=${encodeURIComponent(target)}`);
    await expect.poll(() => page.getByTestId('chat-login-error').textContent()).toBe('授权码无效或已过期');
    await suite.screenshot(page, 'e2e-shell-wapp-bad-code');
    await page.getByTestId('chat-password-login').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, 'zhangwei');
    await page.waitForURL((url) => url.pathname === '/app/vote/details');
    await expect.poll(() => page.locator('body').textContent()).toContain(String(vote.title));
    // Without a session the chat clients lead to their own sign-in.
    const fresh = await suite.browser.newContext({ baseURL: suite.baseUrl, ...PHONE });
    const other = await fresh.newPage();
    await other.goto('/wapp');
    await other.waitForURL((url) => url.pathname === '/wapp/login');
    await expect.poll(() => other.locator('.ant-result-title').textContent()).toBe('请在企业微信中打开此链接');
    await fresh.close();
    await context.close();
  });
});
