import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

type Point = { x: number; y: number };

/** A mouse drag as react-big-calendar's selection and drag-and-drop read it: press, a few moves past its click tolerance, release. */
async function drag(page: Page, from: Point, to: Point): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 4, from.y + 8, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
}

/** Where an element is on screen, scrolled into view first unless `scroll` is false (a whole day column is taller than the view). */
async function boxOf(locator: Locator, scroll = true) {
  if (scroll) await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not on screen');
  return box;
}

/**
 * 我的日程 in Chromium: the month view with the demo week, the week view, an entry created with
 * 新建日程 and saved on the server; creating by clicking a day and by selecting hours, dragging an
 * entry to another day and resizing it (react-big-calendar's drag-and-drop add-on, on the
 * production build), a stale drag put back, one occurrence of a repeating entry moved alone; and
 * the album grid with its lightbox.
 */
describe('calendar and albums', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });
  const db = () => suite.server.ctx.database.db;

  it('shows the month and week views with entries and creates an entry', async () => {
    const { page, context } = await suite.newPage('lina');
    await page.goto('/calendar/schedule');
    const view = page.getByTestId('calendar-view');
    await view.getByText('门户首页改版评审准备').first().waitFor({ timeout: 30_000 });
    await suite.screenshot(page, 'e2e-calendar-month-zh');

    await page.getByRole('button', { name: '周', exact: true }).click();
    await view.locator('.rbc-time-view').waitFor();
    await view.getByText('新员工入职培训').first().waitFor(); // zhangwei's entry naming lina
    await suite.screenshot(page, 'e2e-calendar-week-zh');

    await page.getByTestId('lang-switch').click();
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await suite.screenshot(page, 'e2e-calendar-month-en');
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await suite.screenshot(page, 'e2e-calendar-week-en');
    await page.getByRole('button', { name: 'Month', exact: true }).click();

    // 新建日程 opens the new-entry dialog at 09:00 of the day in view.
    await page.getByTestId('calendar-new').click();
    await page.getByTestId('calendar-entry-title').fill('浏览器新建日程');
    await page.getByTestId('calendar-entry-save').click();
    await expect.poll(async () => (await db().selectFrom('calendar_entry').select('startTime').where('title', '=', '浏览器新建日程').execute()).map((r) => String(r.startTime).slice(11, 16))).toEqual(['09:00']);
    await view.getByText('浏览器新建日程').first().waitFor();
    await context.close();
  });

  it('creates by a day or by hours, drags to another day, resizes, puts a stale drag back and moves one occurrence alone', async () => {
    const { page, context } = await suite.newPage('lina');
    const entry = (title: string) => db().selectFrom('calendar_entry').select(['entryId', 'startTime', 'endTime', 'rowVersion', 'repeatRule', 'repeatSkips'])
      .where('title', '=', title).execute();
    await page.goto('/calendar/schedule');
    const view = page.getByTestId('calendar-view');
    await view.locator('.rbc-month-view').waitFor();

    // A click on a day of the month two months on (only the repeating demo entries there) opens the new-entry dialog at 09:00 of it.
    const next = page.getByRole('button', { name: '下一页', exact: true });
    await next.click();
    await next.click();
    const gridStart = dayjs().locale('zh-cn').add(2, 'month').startOf('month').startOf('week');
    const cell = await boxOf(view.locator('.rbc-month-row').nth(2).locator('.rbc-day-bg').nth(2));
    await drag(page, { x: cell.x + cell.width / 2, y: cell.y + cell.height - 8 }, { x: cell.x + cell.width / 2, y: cell.y + cell.height - 8 });
    const dialog = page.getByTestId('calendar-entry-dialog');
    await expect.poll(() => dialog.locator('.ant-picker-input input').first().inputValue()).toBe(`${gridStart.add(16, 'day').format('YYYY-MM-DD')} 09:00`);
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });

    // The week two weeks on: hours selected over Tuesday 10:00–11:00 open the dialog with them.
    await page.getByRole('button', { name: '今天', exact: true }).click();
    await page.getByRole('button', { name: '周', exact: true }).click();
    await view.locator('.rbc-time-view').waitFor();
    await next.click();
    await next.click();
    const monday = dayjs().locale('zh-cn').startOf('week').add(14, 'day');
    const [tuesday, wednesday, thursday] = [1, 2, 3].map((n) => monday.add(n, 'day').format('YYYY-MM-DD'));
    const column = (n: number) => view.locator('.rbc-time-content .rbc-day-slot').nth(n);
    // A move is saved, then the calendar read again (new versions); the page is busy until then.
    const settled = () => expect.poll(() => view.getAttribute('aria-busy')).toBe('false');
    const hour = await boxOf(column(1).locator('.rbc-timeslot-group').nth(10));
    await drag(page, { x: hour.x + hour.width / 2, y: hour.y + 5 }, { x: hour.x + hour.width / 2, y: hour.y + hour.height - 5 });
    await page.getByTestId('calendar-entry-title').fill('拖动的日程');
    await page.getByTestId('calendar-entry-save').click();
    await expect.poll(async () => (await entry('拖动的日程')).map((r) => `${String(r.startTime)}–${String(r.endTime)}`)).toEqual([`${tuesday} 10:00:00–${tuesday} 11:00:00`]);

    // Dragged to Wednesday: same hours, a new version.
    const event = view.locator('.rbc-event', { hasText: '拖动的日程' });
    const [created] = await entry('拖动的日程');
    const box = await boxOf(event);
    const wednesdayColumn = await boxOf(column(2), false);
    // 4 px lower: the drop's slot is the one under the event's top, and a float a hair above 10:00 would be 09:30.
    await drag(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, { x: wednesdayColumn.x + wednesdayColumn.width / 2, y: box.y + box.height / 2 + 4 });
    await expect.poll(async () => (await entry('拖动的日程')).map((r) => `${String(r.startTime)}–${String(r.endTime)}`)).toEqual([`${wednesday} 10:00:00–${wednesday} 11:00:00`]);
    expect(Number((await entry('拖动的日程'))[0].rowVersion)).toBe(Number(created.rowVersion) + 1);
    await settled();

    // Resized by its lower edge an hour longer.
    const inColumn = async (n: number) => {
      const at = await boxOf(event);
      const col = await boxOf(column(n), false);
      return at.x >= col.x - 1 && at.x < col.x + col.width;
    };
    await expect.poll(() => inColumn(2)).toBe(true);
    await event.hover();
    const edge = await boxOf(event.locator('.rbc-addons-dnd-resize-ns-anchor').last());
    // Into the first half-hour after 12:00: a resize ends at the slot under the pointer.
    await drag(page, { x: edge.x + edge.width / 2, y: edge.y + edge.height / 2 }, { x: edge.x + edge.width / 2, y: edge.y + edge.height + hour.height + hour.height / 4 });
    await expect.poll(async () => (await entry('拖动的日程')).map((r) => String(r.endTime))).toEqual([`${wednesday} 12:00:00`]);
    await settled();
    await suite.screenshot(page, 'e2e-calendar-drag-zh');

    // Changed elsewhere meanwhile: the drag to Thursday is refused, said so, and the entry is back on Wednesday.
    await db().updateTable('calendar_entry').set({ rowVersion: Number((await entry('拖动的日程'))[0].rowVersion) + 1 }).where('title', '=', '拖动的日程').execute();
    const moved = await boxOf(event);
    const thursdayColumn = await boxOf(column(3), false);
    await drag(page, { x: moved.x + moved.width / 2, y: moved.y + 12 }, { x: thursdayColumn.x + thursdayColumn.width / 2, y: moved.y + 16 });
    await page.getByText('这条日程已在别处修改，已恢复为保存的时间，请重试').waitFor();
    await settled();
    await expect.poll(() => inColumn(2)).toBe(true);
    expect((await entry('拖动的日程')).map((r) => String(r.startTime))).toEqual([`${wednesday} 10:00:00`]);

    // Thursday's stand-up (daily) dragged two hours later, 仅此一次: an entry of its own at 11:00, the series skips that day.
    const standUp = column(3).locator('.rbc-event', { hasText: '前端组站会' });
    const standUpBox = await boxOf(standUp);
    await drag(page, { x: standUpBox.x + standUpBox.width / 2, y: standUpBox.y + standUpBox.height / 2 },
      { x: standUpBox.x + standUpBox.width / 2, y: standUpBox.y + standUpBox.height / 2 + 2 * hour.height + 4 });
    await page.getByTestId('calendar-move-one').waitFor();
    await page.getByTestId('calendar-move-one').click();
    await expect.poll(async () => (await entry('前端组站会')).filter((r) => r.repeatRule === 'none').map((r) => String(r.startTime))).toEqual([`${thursday} 11:00:00`]);
    expect((await entry('前端组站会')).find((r) => r.repeatRule === 'daily')?.repeatSkips).toBeTruthy();
    await expect.poll(() => column(3).locator('.rbc-event', { hasText: '前端组站会' }).count()).toBe(1);
    await context.close();
  });

  it('shows a leader the subordinate calendar with private entries as busy', async () => {
    const { page, context } = await suite.newPage('yanglei');
    await page.goto('/calendar/schedule');
    await page.locator('.ant-segmented').getByText('下属日程').click();
    await page.getByTestId('calendar-subordinate').waitFor();
    await page.getByTestId('calendar-view').getByText('忙碌').first().waitFor();
    await suite.screenshot(page, 'e2e-calendar-subordinates-zh');
    await context.close();
  });

  it('opens an album of the grid and its photo in the lightbox', async () => {
    const { page, context } = await suite.newPage('lina');
    await page.goto('/gallery/albums');
    await page.getByTestId('album-grid').getByText('2026 秋季团建·千岛湖').click();
    await page.getByTestId('album-photos').locator('img').first().waitFor();
    await suite.screenshot(page, 'e2e-gallery-album-zh');
    await page.getByTestId('album-photos').locator('.ant-image').first().click();
    await page.locator('.ant-image-preview-img').waitFor();
    await suite.screenshot(page, 'e2e-gallery-lightbox-zh');
    await context.close();
  });
});
