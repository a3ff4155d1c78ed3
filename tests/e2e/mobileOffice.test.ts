import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN', reducedMotion: 'reduce' } as const;

/** Today, local time, as the server writes dates. */
function today(): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/**
 * The phone's office screens at 390 × 844 (docs/SHELL.md › Mobile office screens): the
 * 考勤打卡 tile for who may clock in, a diary written and commented on, the meetings (mine and the
 * rooms' day), a payslip, a news item and a red-header notice read (and so marked read), a mail
 * read and one sent — each screen without horizontal scroll, the home and meetings in English too.
 */
describe('the mobile office screens on a 390 px phone', () => {
  let suite: BrowserSuite;
  let context: BrowserContext;
  let page: Page;
  let linaId: string;
  let roomId: string;
  let redNoticeId: string;
  const db = () => suite.server.ctx.database.db;

  const call = async (token: string | null, path: string, data: Record<string, unknown>, json = false) => {
    const response = await fetch(`${suite.baseUrl}/capi${path}`, {
      method: 'POST',
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(json ? { 'Content-Type': 'application/json' } : {}) },
      body: json ? JSON.stringify(data) : new URLSearchParams(data as Record<string, string>),
    });
    const body = await response.json() as { code: number; message: string; data: Record<string, unknown> };
    expect(body.code, body.message).toBe(200);
    return body.data;
  };
  const token = async (accountId: string) => String((await call(null, '/get/system/login', { accountId, password: 'Demo@123' })).token);
  const userId = async (accountId: string) => String((await db().selectFrom('sys_user').select('userId').where('accountId', '=', accountId).executeTakeFirstOrThrow()).userId);

  /** A phone signed in through the sign-in page, in Chinese or English. */
  const phone = async (language: 'zh' | 'en') => {
    const phoneContext = await suite.browser.newContext({ baseURL: suite.baseUrl, ...PHONE });
    phoneContext.setDefaultTimeout(15_000);
    const phonePage = await phoneContext.newPage();
    await phonePage.goto('/login');
    if (language === 'en') await phonePage.getByTestId('lang-switch').click();
    await phonePage.getByTestId('login-account').fill('lina');
    await phonePage.getByTestId('login-password').fill('Demo@123');
    await phonePage.getByTestId('login-submit').click();
    await phonePage.waitForURL((url) => !url.pathname.startsWith('/login'));
    return { phoneContext, phonePage };
  };
  const fits = (on: Page = page) => on.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  /** From the home, by its tile. */
  const openTile = async (testId: string, path: string) => {
    await page.goto('/app');
    await page.getByTestId(testId).click();
    await page.waitForURL((url) => url.pathname === path);
  };

  beforeAll(async () => {
    suite = await startBrowserSuite();
    linaId = await userId('lina');
    const [lina, liuyang] = [await token('lina'), await token('liuyang')];
    // A mail from 刘洋 waiting unread in 李娜's inbox.
    await call(liuyang, '/set/email/sendEmail', { subject: '手机阅读测试邮件', content: '<p>请在手机上查看联调结果</p>', toIds: [linaId] }, true);
    // 李娜's booking this evening, after every demo meeting: on her list and on the rooms' day.
    roomId = String((await db().selectFrom('office_meeting_room').select('roomId').where('status', '=', 'open').orderBy('name').executeTakeFirstOrThrow()).roomId);
    await call(lina, '/set/office/insertOfficeMeeting', { title: '手机端站会', room: roomId, startTime: `${today()} 18:00`, endTime: `${today()} 19:00` });
    // The red-header notice 李娜 read in the demo data is unread again, to be read on the phone.
    const red = await db().selectFrom('info_notice').select('noticeId').where('title', 'like', '%差旅费管理办法%').executeTakeFirstOrThrow();
    redNoticeId = String(red.noticeId);
    await db().updateTable('info_notice_read').set({ readFlag: 0, readTime: null }).where('notice', '=', redNoticeId).where('reader', '=', linaId).execute();
    ({ phoneContext: context, phonePage: page } = await phone('zh'));
  });
  afterAll(async () => {
    await context?.close();
    await suite.stop();
  });

  it('offers 考勤打卡 to who may clock in, beside the meeting, news, notice and mail families', async () => {
    await page.goto('/app');
    await expect.poll(() => page.getByTestId('mobile-attendance').textContent()).toContain('考勤打卡');
    for (const family of ['meeting', 'news', 'notice', 'email', 'diary', 'task', 'duty', 'workplan', 'hr-salary']) {
      expect(await page.getByTestId(`mobile-family-${family}`).count(), family).toBe(1);
    }
    expect(await fits()).toBe(true);
    await suite.screenshot(page, 'e2e-mobile-office-home');
    await page.getByTestId('mobile-attendance').click();
    await page.waitForURL((url) => url.pathname === '/app/attendance');
    await page.getByTestId('mobile-clock-in').waitFor();

    // The security auditor may not clock in: no tile.
    const auditor = await suite.newPage('auditor');
    await auditor.page.setViewportSize({ width: 390, height: 844 });
    await auditor.page.goto('/app');
    await auditor.page.getByTestId('mobile-family-meeting').waitFor();
    expect(await auditor.page.getByTestId('mobile-attendance').count()).toBe(0);
    await auditor.context.close();
  });

  it('writes a diary from the 新建 button in one column, and comments on it', async () => {
    await openTile('mobile-family-diary', '/app/diary');
    await page.getByTestId('mobile-create').click();
    await page.waitForURL((url) => url.pathname === '/app/diary/save');
    await page.getByTestId('field-title').locator('input').fill('手机上写的日志');
    const date = page.getByTestId('field-diaryDate').locator('input');
    await date.click();
    await date.fill(today());
    await date.press('Enter');
    await page.getByTestId('field-content').locator('textarea').fill('完成移动端日志、会议和邮件页面');
    // One field a row: the date and the title, side by side on the desktop, stand one above the other.
    const [day, title] = [await page.getByTestId('field-diaryDate').boundingBox(), await page.getByTestId('field-title').boundingBox()];
    expect(title!.y).toBeGreaterThanOrEqual(day!.y + day!.height);
    expect(await fits()).toBe(true);
    await suite.screenshot(page, 'e2e-mobile-diary-form');
    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === '/app/diary');
    const diary = await db().selectFrom('office_diary').selectAll().where('title', '=', '手机上写的日志').executeTakeFirstOrThrow();
    expect(diary).toMatchObject({ author: linaId, diaryDate: today() });

    await page.getByTestId(`mobile-record-${String(diary.diaryId)}`).click();
    await page.waitForURL((url) => url.pathname === '/app/diary/details');
    await page.getByTestId('mobile-report-content').fill('明天补充测试用例');
    await page.getByTestId('mobile-report-submit').click();
    await expect.poll(() => page.getByTestId('mobile-report').textContent()).toContain('明天补充测试用例');
    expect((await db().selectFrom('office_diary_comment').select('commenter').where('diary', '=', String(diary.diaryId)).executeTakeFirstOrThrow()).commenter).toBe(linaId);
    expect(await fits()).toBe(true);
    await suite.screenshot(page, 'e2e-mobile-diary-comment');
  });

  it('lists my meetings and the rooms\' day', async () => {
    await openTile('mobile-family-meeting', '/app/meeting');
    const booked = await db().selectFrom('office_meeting').select('meetingId').where('title', '=', '手机端站会').executeTakeFirstOrThrow();
    await page.getByTestId(`mobile-record-${String(booked.meetingId)}`).waitFor();
    // Her demo bookings too (host or attendee).
    expect(await page.getByTestId('mobile-record-list').textContent()).toContain('门户改版需求评审');
    expect(await page.getByTestId('mobile-create').textContent()).toContain('预约会议室');
    expect(await fits()).toBe(true);
    await suite.screenshot(page, 'e2e-mobile-meetings-mine');

    await page.getByTestId('mobile-meeting-rooms').click();
    expect(await page.getByTestId('mobile-room-day').getAttribute('data-date')).toBe(today());
    const room = page.getByTestId(`mobile-room-${roomId}`);
    await expect.poll(() => room.getByTestId('mobile-room-booking').filter({ hasText: '手机端站会' }).textContent()).toContain('18:00–19:00');
    expect(await fits()).toBe(true);
    await suite.screenshot(page, 'e2e-mobile-meetings-rooms');
  });

  it('shows her own payslips and one of them', async () => {
    await openTile('mobile-family-hr-salary', '/app/hr/salary');
    const list = page.getByTestId('mobile-record-list');
    await expect.poll(() => list.getAttribute('data-scope')).toBe('my');
    const slips = await db().selectFrom('hr_salary_record').select(['salaryId', 'salaryMonth']).where('userId', '=', linaId).orderBy('salaryMonth', 'desc').execute();
    await expect.poll(() => list.locator('[data-testid^="mobile-record-"]').count()).toBe(slips.length);
    await page.getByTestId(`mobile-record-${String(slips[0].salaryId)}`).click();
    await expect.poll(() => page.getByTestId('mobile-details').textContent()).toContain(String(slips[0].salaryMonth));
    expect(await fits()).toBe(true);
    await suite.screenshot(page, 'e2e-mobile-payslip');
  });

  it('reads a news item, which then shows as read', async () => {
    await openTile('mobile-family-news', '/app/news');
    const unread = page.getByTestId('mobile-news-list').locator('[data-read="no"]').first();
    const newsId = (await unread.getAttribute('data-testid'))!.replace('mobile-news-', '');
    expect(await fits()).toBe(true);
    await suite.screenshot(page, 'e2e-mobile-news-list');
    await unread.click();
    await page.waitForURL((url) => url.pathname === '/app/news/details');
    const news = await db().selectFrom('info_news').select('title').where('newsId', '=', newsId).executeTakeFirstOrThrow();
    await expect.poll(() => page.getByTestId('mobile-news-read').textContent()).toContain(String(news.title));
    expect(await db().selectFrom('info_news_read').select('readId').where('news', '=', newsId).where('reader', '=', linaId).execute()).toHaveLength(1);
    expect(await fits()).toBe(true);
    await suite.screenshot(page, 'e2e-mobile-news-read');
    await page.getByTestId('mobile-back').click();
    await expect.poll(() => page.getByTestId(`mobile-news-${newsId}`).getAttribute('data-read')).toBe('yes');
  });

  it('lists notices unread first and reads the red-header one, which becomes read', async () => {
    await openTile('mobile-family-notice', '/app/notice');
    const item = page.getByTestId(`mobile-notice-${redNoticeId}`);
    await expect.poll(() => item.getAttribute('data-read')).toBe('no');
    const states = await page.getByTestId('mobile-notice-list').locator('[data-read]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-read')));
    expect(states.indexOf('yes') === -1 || states.lastIndexOf('no') < states.indexOf('yes')).toBe(true);
    await suite.screenshot(page, 'e2e-mobile-notice-list');
    await item.click();
    await page.waitForURL((url) => url.pathname === '/app/notice/details');
    await expect.poll(() => page.getByTestId('notice-red-header').textContent()).toContain('华东智联科技集团有限公司文件');
    await expect.poll(async () => Number((await db().selectFrom('info_notice_read').select('readFlag').where('notice', '=', redNoticeId).where('reader', '=', linaId)
      .executeTakeFirstOrThrow()).readFlag)).toBe(1);
    expect(await fits()).toBe(true);
    await suite.screenshot(page, 'e2e-mobile-notice-read');
    await page.getByTestId('mobile-back').click();
    await expect.poll(() => page.getByTestId(`mobile-notice-${redNoticeId}`).getAttribute('data-read')).toBe('yes');
  });

  it('reads a mail from the inbox and sends one to a colleague picked by name', async () => {
    await openTile('mobile-family-email', '/app/email');
    const row = page.getByTestId('mobile-mail-row').filter({ hasText: '手机阅读测试邮件' });
    await expect.poll(() => row.getAttribute('data-unread')).toBe('1');
    expect(await fits()).toBe(true);
    await suite.screenshot(page, 'e2e-mobile-mail-inbox');
    await row.click();
    await page.waitForURL((url) => url.pathname === '/app/email/details');
    await expect.poll(() => page.getByTestId('mail-content').textContent()).toContain('请在手机上查看联调结果');
    const mail = await db().selectFrom('email_message').select('emailId').where('subject', '=', '手机阅读测试邮件').executeTakeFirstOrThrow();
    const copy = await db().selectFrom('email_copy').select('readFlag').where('emailId', '=', mail.emailId).where('createUser', '=', linaId).executeTakeFirstOrThrow();
    expect(Number(copy.readFlag)).toBe(1);
    expect(await fits()).toBe(true);
    await suite.screenshot(page, 'e2e-mobile-mail-read');

    await page.goto('/app/email');
    await page.getByTestId('mobile-mail-compose').click();
    await page.waitForURL((url) => url.pathname === '/app/email/compose');
    const to = page.getByTestId('mail-to');
    await to.locator('.ant-select-selector').click();
    await to.locator('input').fill('刘洋');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '刘洋' }).first().click();
    await page.getByTestId('mail-subject-input').fill('手机发送测试邮件');
    await page.getByTestId('mail-content-editor').locator('[contenteditable=true]').fill('手机上写的回复');
    expect(await fits()).toBe(true);
    await suite.screenshot(page, 'e2e-mobile-mail-compose');
    await page.getByTestId('mail-send').click();
    await page.waitForURL((url) => url.pathname === '/app/email' && url.searchParams.get('folder') === 'sent');
    await expect.poll(() => page.getByTestId('mobile-mail-list').textContent()).toContain('手机发送测试邮件');
    const sent = await db().selectFrom('email_message').select(['toIds', 'senderId']).where('subject', '=', '手机发送测试邮件').executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ toIds: await userId('liuyang'), senderId: linaId });
  });

  it('speaks English on the home and the meetings', async () => {
    const { phoneContext, phonePage } = await phone('en');
    await phonePage.goto('/app');
    await expect.poll(() => phonePage.getByTestId('mobile-attendance').textContent()).toContain('Clock in');
    expect(await phonePage.getByTestId('mobile-family-meeting').textContent()).toContain('Meetings');
    expect(await fits(phonePage)).toBe(true);
    await suite.screenshot(phonePage, 'e2e-mobile-office-home-en');
    await phonePage.getByTestId('mobile-family-meeting').click();
    await expect.poll(() => phonePage.getByTestId('mobile-meeting-mine').textContent()).toBe('My meetings');
    await phonePage.getByTestId('mobile-meeting-rooms').click();
    await expect.poll(() => phonePage.getByTestId('mobile-day').textContent()).toContain('Today');
    expect(await fits(phonePage)).toBe(true);
    await suite.screenshot(phonePage, 'e2e-mobile-meetings-en');
    await phoneContext.close();
  });
});
