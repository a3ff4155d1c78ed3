import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** The demo office of server/modules/office/dailyDemoData.ts. */
const OFFICE = { longitude: 121.5907, latitude: 31.2035 };

/** A task's bar on the chart: SVAR marks string ids with a leading colon. */
const barOf = (taskId: unknown) => `.wx-bar[data-id=":${String(taskId)}"]`;

/**
 * Dragging a bar and drawing a link are saved by the page through updateOfficeTask and
 * insertOfficeGanttLink (tests/api/officeTasks.test.ts covers those calls); Playwright's mouse
 * did not start SVAR's drag here, so this file does not claim them.
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
