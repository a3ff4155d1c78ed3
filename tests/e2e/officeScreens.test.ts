import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { navigateInApp, startBrowserSuite, type BrowserSuite } from '../support/browser';

const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Monday of this week, local time: the demo's bookings are in this week (server/modules/office/meetingDemoData.ts). */
function mondayOfThisWeek(): string {
  const monday = new Date();
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return dayText(monday);
}

/**
 * The office desktop screens (issue 15, WP-C): the meeting rooms' occupancy board books a free
 * hour through the prefilled booking form, the host sends an approved meeting's notice from its
 * row, a leader reads the diaries shared with him and his department's and comments on one from
 * its row, and 李娜 reads her year of clock-ins in both languages.
 */
describe('office desktop screens in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });
  const db = () => suite.server.ctx.database.db;

  it('books a free hour of the occupancy board through the booking form, prefilled, and shows the week', async () => {
    const room = await db().selectFrom('office_meeting_room').select('roomId').where('name', '=', '第二会议室').executeTakeFirstOrThrow();
    const firstRoom = await db().selectFrom('office_meeting_room').select('roomId').where('name', '=', '第一会议室').executeTakeFirstOrThrow();
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    const day = dayText(tomorrow);
    const { page, context } = await suite.newPage('lina');
    await navigateInApp(page, '/office/meeting/occupancy');
    await expect.poll(() => page.getByTestId('meeting-occupancy').locator('.ant-table-row').count()).toBe(3);
    await page.getByTestId('occupancy-next').click();
    // 19:00–20:00 is never booked in the demo.
    const slot = page.getByTestId(`occupancy-free-${String(room.roomId)}-${day}-19`);
    await slot.click();
    await page.waitForURL((url) => url.pathname === '/office/meeting/save');
    await expect.poll(() => page.getByTestId('field-room').locator('.ant-select-selection-item').textContent()).toBe('第二会议室');
    expect(await page.getByTestId('field-startTime').locator('input').inputValue()).toBe(`${day} 19:00`);
    expect(await page.getByTestId('field-endTime').locator('input').inputValue()).toBe(`${day} 20:00`);
    await page.getByTestId('field-title').locator('input').fill('前端晚间发布复盘');
    await suite.screenshot(page, 'e2e-office-occupancy-booking-prefilled');
    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === '/office/meeting');
    const booked = await db().selectFrom('office_meeting').selectAll().where('title', '=', '前端晚间发布复盘').executeTakeFirstOrThrow();
    expect(booked).toMatchObject({ room: room.roomId, startTime: `${day} 19:00:00`, endTime: `${day} 20:00:00`, status: 'applied' });

    await navigateInApp(page, '/office/meeting/occupancy');
    await page.getByTestId('occupancy-next').click();
    await expect.poll(() => page.getByTestId(`occupancy-taken-${String(room.roomId)}-${day}-19`).textContent()).toBe('前端晚间发布复盘');
    await page.getByTestId('occupancy-previous').click();
    await page.getByTestId('occupancy-mode').getByText('周').click();
    // The weekly meeting, Monday 09:00 in 第一会议室, on this week's board.
    await expect.poll(() => page.getByTestId(`occupancy-taken-${String(firstRoom.roomId)}-${mondayOfThisWeek()}-09`).count()).toBe(1);
    await suite.screenshot(page, 'e2e-office-occupancy-week');
    await context.close();
  });

  it('sends an approved meeting\'s notice from its row, to its attendees', async () => {
    const meeting = await db().selectFrom('office_meeting').select(['meetingId', 'attendees']).where('title', '=', '门户改版需求评审').executeTakeFirstOrThrow();
    const id = String(meeting.meetingId);
    const { page, context } = await suite.newPage('lina');
    await navigateInApp(page, '/office/meeting');
    await page.getByTestId(`row-action-sendNotice-${id}`).click();
    await expect.poll(() => page.locator('.ant-modal-body').textContent()).toContain('向全部参会人员发送会议通知');
    await page.getByTestId('transition-confirm').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('发送会议通知成功');
    const told = await db().selectFrom('sys_message').select('receiverId').where('title', '=', '会议通知：门户改版需求评审').execute();
    expect(told.map((m) => m.receiverId).sort()).toEqual(String(meeting.attendees).split(',').sort());
    // A booking waiting for approval offers no notice.
    const waiting = await db().selectFrom('office_meeting').select('meetingId').where('title', '=', '接口联调复盘').executeTakeFirstOrThrow();
    await navigateInApp(page, `/office/meeting/details?id=${String(waiting.meetingId)}`);
    await expect.poll(() => page.getByTestId('details-state').textContent()).toContain('待审批');
    expect(await page.getByTestId('action-sendNotice').count()).toBe(0);
    await context.close();
  });

  it('lists the diaries shared with a leader and his department\'s, read-only, and comments on one from its row', async () => {
    const { page, context } = await suite.newPage('yanglei');
    await navigateInApp(page, '/office/diary/shared');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('移动端考勤页联调')]);
    expect(await page.getByTestId('entity-add').count()).toBe(0);
    await suite.screenshot(page, 'e2e-office-diary-shared');

    await navigateInApp(page, '/office/diary/subordinate');
    await expect.poll(() => rows.count()).toBe(3);
    const text = (await rows.allTextContents()).join('');
    for (const title of ['移动端考勤页联调', '接口文档评审', '机房巡检']) expect(text).toContain(title);
    expect(text).not.toContain('周例会纪要整理');
    const diary = await db().selectFrom('office_diary').select('diaryId').where('title', '=', '接口文档评审').executeTakeFirstOrThrow();
    expect(await page.getByTestId(`row-edit-${String(diary.diaryId)}`).count()).toBe(0);
    await suite.screenshot(page, 'e2e-office-diary-subordinate');
    await page.getByTestId(`row-action-comment-${String(diary.diaryId)}`).click();
    await page.waitForURL((url) => url.pathname === '/office/diary/comment/save');
    await expect.poll(() => page.getByTestId('field-diary').locator('.ant-select-selection-item').textContent()).toBe('接口文档评审');
    await page.getByTestId('field-content').locator('textarea').fill('评审结论请同步到任务看板');
    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === '/office/diary/comment');
    const comment = await db().selectFrom('office_diary_comment').selectAll().where('content', '=', '评审结论请同步到任务看板').executeTakeFirstOrThrow();
    expect(comment.diary).toBe(diary.diaryId);
    await context.close();
  });

  it('shows 李娜 her year of clock-ins on twelve months, in Chinese and in English', async () => {
    const lina = await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'lina').executeTakeFirstOrThrow();
    const thisYear = new Date().getFullYear();
    const clockIns = await db().selectFrom('office_attendance').select(['clockDate', 'clockType', 'result'])
      .where('clockUser', '=', lina.userId).where('clockDate', '>=', `${thisYear}-01-01`).where('clockDate', '<', dayText(new Date())).execute();
    const { page, context } = await suite.newPage('lina');
    await navigateInApp(page, '/office/attendance/year');
    await expect.poll(() => page.locator('[data-testid^="year-month-"]').count()).toBe(12);
    const present = new Set(clockIns.map((c) => String(c.clockDate))).size;
    await expect.poll(() => page.getByTestId('year-total-present').locator('.ant-statistic-content-value').textContent()).toBe(String(present));
    // The newest seeded day of this year (none only in the year's first days) as its clock-ins say.
    const latest = [...new Set(clockIns.map((c) => String(c.clockDate)))].sort().pop();
    if (latest) {
      const ofDay = clockIns.filter((c) => c.clockDate === latest);
      const expected = ofDay.length < 2 ? 'missing' : ofDay.some((c) => c.result !== 'normal') ? 'abnormal' : 'normal';
      expect(await page.getByTestId(`year-day-${latest}`).getAttribute('data-state')).toBe(expected);
    }
    await suite.screenshot(page, 'e2e-office-attendance-year-zh');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('year-month-1').textContent()).toContain('January');
    expect(await page.getByTestId('year-totals').textContent()).toContain('Present');
    await suite.screenshot(page, 'e2e-office-attendance-year-en');
    await context.close();
  });
});
