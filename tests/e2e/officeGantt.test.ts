import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRow } from '../../server/seed/insertRow';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** The demo office of server/modules/office/dailyDemoData.ts. */
const OFFICE = { longitude: 121.5907, latitude: 31.2035 };

/** A task's bar on the chart: SVAR marks string ids with a leading colon. */
const barOf = (taskId: unknown) => `.wx-bar[data-id=":${String(taskId)}"]`;

/**
 * The Gantt chart (runtime/react/widgets/gantt) in the browser: what only the browser proves —
 * SVAR's mouse handling reaching our saves. The rules behind the saves (row versions, link loops,
 * scope) are API-tested (tests/api/officeTasks.test.ts), the event wiring on SVAR's store unit-
 * tested (tests/unit/react/ganttWidget.test.ts). SVAR starts a drag only past 20 px and measures
 * a move against the previous event, so the mouse moves in steps.
 */
describe('office tasks on the Gantt chart and clocking in on the phone', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });
  const db = () => suite.server.ctx.database.db;

  it('shows the tasks on the chart and creates one from it, saved on the server', async () => {
    const { page, context } = await suite.newPage('yanglei');
    await page.goto('/office/task/gantt');
    await page.getByTestId('office-gantt').locator('.wx-bar').first().waitFor();
    await page.getByTestId('gantt-new-task').click();
    await page.getByTestId('gantt-new-task-title').fill('浏览器测试任务');
    await page.getByTestId('gantt-new-task-ok').click();
    await expect.poll(async () => (await db().selectFrom('office_task').select('taskId').where('title', '=', '浏览器测试任务').execute()).length).toBe(1);
    const created = await db().selectFrom('office_task').selectAll().where('title', '=', '浏览器测试任务').executeTakeFirstOrThrow();
    const bar = page.locator(barOf(created.taskId));
    await bar.waitFor();

    // The bar of the new task sits on the chart beside the project's tasks, with today in view.
    expect(await page.locator('.wx-bar').count()).toBeGreaterThanOrEqual(7);
    await suite.screenshot(page, 'e2e-office-gantt-zh');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('gantt-new-task').textContent()).toContain('New task');
    await suite.screenshot(page, 'e2e-office-gantt-en');
    await context.close();
  });

  it('saves a dragged bar, a resized end, a progress drag and a link made and deleted with the mouse; zooms; shows milestones', async () => {
    const ctx = suite.server.ctx;
    const yanglei = await db().selectFrom('sys_user').select(['userId', 'deptId', 'unitId']).where('accountId', '=', 'yanglei').executeTakeFirstOrThrow();
    const owner = { userId: String(yanglei.userId), deptId: String(yanglei.deptId), unitId: String(yanglei.unitId) };
    const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');
    // Near today, where the chart opens; far enough apart that no bar's handles touch another's.
    const task = (title: string, taskType: string, start: number, end: number, progress: number) => insertRow(ctx, ctx.registry.entities.get('OfficeTask')!, {
      title, taskType, startDate: day(start), endDate: day(end), progress, leader: owner.userId, priority: 'medium', status: 'doing',
    }, owner);
    const a = await task('甘特拖动A', 'task', 1, 3, 50);
    const b = await task('甘特连线B', 'task', 8, 10, 0);
    const milestone = await task('甘特里程碑', 'milestone', 12, 12, 0);
    const stored = async (id: string) => {
      const row = await db().selectFrom('office_task').select(['startDate', 'endDate', 'progress']).where('taskId', '=', id).executeTakeFirstOrThrow();
      return [String(row.startDate).slice(0, 10), String(row.endDate).slice(0, 10), Number(row.progress)];
    };
    const linkRows = () => db().selectFrom('office_gantt_link').select(['linkId', 'linkType']).where('source', '=', a).where('target', '=', b).execute();

    const { page, context } = await suite.newPage('yanglei');
    await page.goto('/office/task/gantt');
    const chart = page.getByTestId('gantt-chart');
    const barA = page.locator(barOf(a));
    await barA.waitFor();
    expect(await page.locator(barOf(milestone)).getAttribute('class')).toContain('wx-milestone');
    // Every answer reloads the chart; the next gesture waits for it, so it acts on the redrawn bars.
    const loaded = async () => Number(await chart.getAttribute('data-loaded'));
    const drag = async (from: { x: number; y: number }, dx: number) => {
      const before = await loaded();
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + dx, from.y, { steps: 10 });
      await page.mouse.up();
      await expect.poll(loaded).toBeGreaterThan(before);
    };

    // Move: A (three days, 50 %) two days later, grabbed in its middle.
    let box = (await barA.boundingBox())!;
    const cell = box.width / 3;
    await drag({ x: box.x + box.width / 2, y: box.y + box.height / 2 }, 2 * cell);
    expect(await stored(a)).toEqual([day(3), day(5), 50]);

    // Resize: its right end one day further.
    box = (await barA.boundingBox())!;
    await drag({ x: box.x + box.width - 4, y: box.y + box.height / 2 }, cell);
    expect(await stored(a)).toEqual([day(3), day(6), 50]);

    // Progress: the marker under the bar, a quarter of the (now four-day) bar to the right.
    await barA.hover();
    const marker = (await barA.locator('.wx-progress-marker').boundingBox())!;
    await drag({ x: marker.x + marker.width / 2, y: marker.y + marker.height / 2 }, cell);
    expect(await stored(a)).toEqual([day(3), day(6), 75]);

    // A summary with subtasks does not move: its subtasks would stay behind on the server.
    const project = await db().selectFrom('office_task').select(['taskId', 'startDate']).where('title', '=', '协同办公平台二期').executeTakeFirstOrThrow();
    box = (await page.locator(barOf(project.taskId)).boundingBox())!;
    const summaryY = box.y + box.height / 2;
    const summaryX = Math.min(box.x + box.width / 2, box.x + box.width - 40);
    await page.mouse.move(summaryX, summaryY);
    await page.mouse.down();
    await page.mouse.move(summaryX + 3 * cell, summaryY, { steps: 10 });
    await page.mouse.up();
    await page.getByText('汇总任务不能拖动', { exact: false }).first().waitFor();
    expect(String((await db().selectFrom('office_task').select('startDate').where('taskId', '=', project.taskId).executeTakeFirstOrThrow()).startDate)).toBe(String(project.startDate));

    // Link: the dot at A's right end, then the dot at B's left end (SVAR links by two clicks).
    // A click on an empty spot of A's row first: after a drag SVAR ignores the next click on the chart.
    box = (await barA.boundingBox())!;
    await page.mouse.click(box.x + box.width + 3 * cell, box.y + box.height / 2);
    let before = await loaded();
    await barA.hover();
    await barA.locator('.wx-link.wx-right').click();
    await page.locator(barOf(b)).locator('.wx-link.wx-left').click();
    await expect.poll(loaded).toBeGreaterThan(before);
    const [link] = await linkRows();
    expect(link.linkType).toBe('e2s');
    const line = page.locator(`.wx-line[data-link-id=":${String(link.linkId)}"]`);
    await line.waitFor({ state: 'attached' });
    await suite.screenshot(page, 'e2e-office-gantt-edited-zh');

    // Delete it: select the line, then the × that appears at its end on B.
    before = await loaded();
    await line.dispatchEvent('click');
    await page.locator(barOf(b)).locator('.wx-delete-button-icon').click();
    await expect.poll(loaded).toBeGreaterThan(before);
    expect(await linkRows()).toEqual([]);
    expect(await line.count()).toBe(0);

    // Zoom: days → weeks → months and back, the scale's cells saying which.
    const level = page.getByTestId('gantt-zoom-level');
    const lastScaleCell = chart.locator('.wx-scale .wx-row').last().locator('.wx-cell').first();
    expect(await level.getAttribute('data-level')).toBe('day');
    expect(await lastScaleCell.textContent()).toMatch(/^\d{1,2}$/);
    await page.getByTestId('gantt-zoom-out').click();
    await expect.poll(() => level.getAttribute('data-level')).toBe('week');
    await expect.poll(() => lastScaleCell.textContent()).toMatch(/^\d{1,2}月\d{1,2}日$/);
    await page.getByTestId('gantt-zoom-out').click();
    await expect.poll(() => level.getAttribute('data-level')).toBe('month');
    await expect.poll(() => lastScaleCell.textContent()).toMatch(/^\d{1,2}月$/);
    await suite.screenshot(page, 'e2e-office-gantt-months-zh');
    await page.getByTestId('gantt-zoom-in').click();
    await page.getByTestId('gantt-zoom-in').click();
    await expect.poll(() => level.getAttribute('data-level')).toBe('day');
    expect(await page.locator(barOf(milestone)).getAttribute('class')).toContain('wx-milestone');

    // The same chart on a subtask's details: its project's breakdown, through the gantt widget.
    const design = await db().selectFrom('office_task').select('taskId').where('title', '=', '数据库与接口设计').executeTakeFirstOrThrow();
    await page.goto(`/office/task/manage/details?id=${String(design.taskId)}`);
    const widget = page.getByTestId('details-gantt-parentId');
    await expect.poll(() => widget.locator('.wx-bar').count()).toBe(5);
    expect(await widget.textContent()).toContain('协同办公平台二期');
    await suite.screenshot(page, 'e2e-office-task-details-gantt-zh');
    await context.close();
  });

  it('clocks in on the 390 px phone screen at the office and is refused, in words, from too far away', async () => {
    const { page, context } = await suite.newPage('lina');
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ longitude: OFFICE.longitude + 0.001, latitude: OFFICE.latitude });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/attendance');
    await page.getByTestId('clock-start').click();
    await expect.poll(() => page.getByTestId('clock-outcome').textContent()).toBe('上班打卡成功');
    await expect.poll(() => page.getByTestId('clock-start-time').textContent()).toMatch(/^\d\d:\d\d/);
    const lina = await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'lina').executeTakeFirstOrThrow();
    const rows = await db().selectFrom('office_attendance').selectAll().where('clockUser', '=', lina.userId).where('clockType', '=', 'start').execute();
    expect(rows.filter((row) => String(row.clockTime) >= String(rows[0].clockDate))).not.toHaveLength(0);
    await suite.screenshot(page, 'e2e-office-clock-in-zh');

    await context.setGeolocation({ longitude: OFFICE.longitude + 0.03, latitude: OFFICE.latitude });
    await page.getByTestId('clock-end').click();
    await expect.poll(() => page.getByTestId('clock-outcome').textContent()).toMatch(/^您距离考勤地点「上海市浦东新区张江路 88 号」\d+ 米，超出 500 米的打卡范围，不能打卡$/);
    expect(await db().selectFrom('office_attendance').select('attendanceId').where('clockUser', '=', lina.userId).where('clockType', '=', 'end')
      .where('clockDate', '=', String(rows[rows.length - 1].clockDate)).execute()).toEqual([]);
    await suite.screenshot(page, 'e2e-office-clock-in-refused-zh');
    await context.close();
  });
});
