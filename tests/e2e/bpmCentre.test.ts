import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';
import { startInstance } from '../../server/modules/bpm/runAction';

/** Picks an option of the antd Select inside the form item `field-{name}`. */
async function pickOption(page: Page, field: string, option: string): Promise<void> {
  await page.getByTestId(`field-${field}`).locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

async function typeDate(page: Page, field: string, value: string): Promise<void> {
  const input = page.getByTestId(`field-${field}`).locator('input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

describe('the workflow centre in the browser (流程中心, docs/WORKFLOW.md › Screens)', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const db = () => suite.server.ctx.database.db;
  const pendingTaskOf = async (account: string, title: string) => {
    const user = await db().selectFrom('sys_user').select('userId').where('accountId', '=', account).executeTakeFirstOrThrow();
    const row = await db().selectFrom('bpm_task').select('taskId').where('assignee', '=', String(user.userId)).where('title', '=', title)
      .where('status', '=', 'pending').where('kind', '=', 'todo').executeTakeFirstOrThrow();
    return String(row.taskId);
  };
  /** Opens the user's task as a message link would, and takes a decision with an opinion. */
  const decide = async (account: string, title: string, button: string, opinion: string, shot?: string) => {
    const { page, context } = await suite.newPage(account);
    await page.goto(`/bpm/handle/dowork?taskId=${await pendingTaskOf(account, title)}`);
    await expect.poll(() => page.getByTestId('task-title').textContent()).toBe(title);
    await page.getByTestId('task-opinion').fill(opinion);
    if (shot) {
      await page.getByTestId('task-flow-chart').locator('.flow-node-current').first().waitFor();
      await suite.screenshot(page, shot);
    }
    await page.getByTestId(button).click();
    return { page, context };
  };

  it('a staff user starts 请假申请 for 5 days; the leader agrees, both HR holders countersign; the applicant sees it approved', async () => {
    const title = '李娜的五天年假（浏览器）';
    const { page, context } = await suite.newPage('lina');
    await page.goto('/bpm/center');
    await page.getByTestId('centre-start').click();
    await page.getByTestId('start-leave').click();
    await page.getByTestId('start-title').fill(title);
    await pickOption(page, 'leaveType', '年假');
    await page.getByTestId('field-days').locator('input').fill('5');
    await typeDate(page, 'startDate', '2026-12-07');
    await typeDate(page, 'endDate', '2026-12-11');
    await page.getByTestId('field-reason').locator('textarea').fill('回老家探亲');
    await page.getByTestId('start-submit').click();
    await page.getByTestId('centre-tab-started').click();
    await expect.poll(() => page.getByTestId('centre-list-started').textContent()).toContain(title);

    const leader = await decide('yanglei', title, 'task-agree', '同意，注意交接', 'bpm-centre-task-zh');
    await expect.poll(() => leader.page.getByTestId('task-readonly-note').count()).toBe(1);
    await leader.context.close();
    for (const hr of ['zhangwei', 'zhaomin']) {
      const signer = await decide(hr, title, 'task-agree', '已核对考勤');
      await expect.poll(() => signer.page.getByTestId('task-history').textContent()).toContain('已核对考勤');
      await signer.context.close();
    }

    await page.reload();
    await page.getByTestId('centre-tab-started').click();
    await page.getByTestId('centre-list-started').getByText(title).click();
    await expect.poll(() => page.getByTestId('task-status').textContent()).toBe('已通过');
    const history = await page.getByTestId('task-history-item').allTextContents();
    expect(history).toHaveLength(4);
    expect(history[1]).toContain('杨磊');
    expect(history[1]).toContain('同意，注意交接');
    await context.close();
  });

  it('returns a request to its initiator, who changes it and submits it again', async () => {
    const title = '李娜的用印申请（退回）';
    const lina = await db().selectFrom('sys_user').select(['userId', 'userName', 'deptId', 'unitId']).where('accountId', '=', 'lina').executeTakeFirstOrThrow();
    const process = await db().selectFrom('bpm_process').select(['processName', 'currentVersion']).where('processKey', '=', 'seal').executeTakeFirstOrThrow();
    await startInstance(suite.server.ctx, { userId: String(lina.userId), userName: String(lina.userName), deptId: String(lina.deptId), unitId: String(lina.unitId) }, {
      processKey: 'seal', processName: String(process.processName), version: Number(process.currentVersion), title,
      formData: { sealType: 'contract', copies: 1, reason: '客户合同' },
    });
    const leader = await decide('yanglei', title, 'task-return', '份数不对，请改为2份');
    await leader.page.getByTestId('task-dialog-ok').click();
    await expect.poll(() => leader.page.getByTestId('task-readonly-note').count()).toBe(1);
    await leader.context.close();

    const { page, context } = await suite.newPage('lina');
    await page.goto('/bpm/center');
    await page.getByTestId('centre-tab-draft').click();
    await page.getByTestId('centre-list-draft').getByText(title).click();
    await page.getByTestId('field-copies').locator('input').fill('2');
    await page.getByTestId('task-agree').click();
    await expect.poll(() => page.getByTestId('task-history').textContent()).toContain('份数不对');
    // The step's name is stored as its language-pack key (docs/WORKFLOW.md › Names in the reader's language).
    await expect.poll(async () => {
      const row = await db().selectFrom('bpm_instance').select(['formData', 'currentNodes']).where('title', '=', title).executeTakeFirstOrThrow();
      return `${String(row.currentNodes)} ${JSON.parse(String(row.formData)).copies}`;
    }).toBe('bpm.process.seal.node.leader 2');
    await context.close();
  });
});
