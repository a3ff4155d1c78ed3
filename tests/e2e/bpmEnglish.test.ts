import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** The app in English from the next load on (the shell keeps the choice in APP_LANG). */
async function inEnglish(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('APP_LANG', JSON.stringify({ value: 'en', expire: 0 })));
}

/**
 * The demo processes' names are language-pack keys (docs/WORKFLOW.md › Names in the reader's
 * language): in English the workflow centre, the task screen, its flow chart and history and
 * 发起流程 read them in English.
 */
describe('the workflow centre in English (process and node names)', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('names the process, the steps, the history and the categories in English', async () => {
    // 张伟 (HR) countersigns 李娜's five-day leave, seeded at the HR step after her leader agreed.
    const { page, context } = await suite.newPage('zhangwei');
    await inEnglish(page);
    await page.goto('/bpm/center');
    const todo = page.getByTestId('centre-list-todo');
    await expect.poll(() => todo.textContent()).toContain('李娜的年假申请（5天）');
    const row = todo.locator('tr', { hasText: '李娜的年假申请（5天）' });
    await expect.poll(() => row.textContent()).toContain('Leave request');
    expect(await row.textContent()).toContain('HR countersign');

    await row.getByTestId('centre-row-title').click();
    const screen = page.getByTestId('task-screen');
    await expect.poll(() => screen.textContent()).toContain('Leave request');
    expect(await screen.textContent()).toContain('HR countersign');
    await expect.poll(() => page.getByTestId('task-history').textContent()).toContain('Department leader approval');
    const chart = page.getByTestId('task-flow-chart');
    await chart.locator('.flow-node-current').first().waitFor();
    expect(await chart.locator('.flow-node-current').first().textContent()).toContain('HR countersign');
    expect(await chart.textContent()).toContain('Department leader approval');
    expect(await chart.textContent()).toContain('More than 3 days');
    expect(await screen.textContent()).not.toMatch(/请假申请|人事会签|部门负责人审批/);
    await suite.screenshot(page, 'bpm-task-en');
    await context.close();

    // 李娜: her started requests name their current steps, and 发起流程 groups the processes by category.
    const applicant = await suite.newPage('lina');
    await inEnglish(applicant.page);
    await applicant.page.goto('/bpm/center');
    await applicant.page.getByTestId('centre-tab-started').click();
    const started = applicant.page.getByTestId('centre-list-started');
    const mine = started.locator('tr', { hasText: '李娜的年假申请（5天）' });
    await expect.poll(() => mine.textContent()).toContain('HR countersign');
    expect(await mine.textContent()).toContain('Leave request');
    await applicant.page.getByTestId('centre-start').click();
    const drawer = applicant.page.getByTestId('start-drawer');
    await expect.poll(() => applicant.page.getByTestId('start-leave').textContent()).toBe('Leave request');
    expect(await drawer.textContent()).toContain('HR');
    expect(await drawer.textContent()).toContain('Expense claim');
    expect(await drawer.textContent()).not.toContain('请假申请');
    await applicant.context.close();
  });
});
