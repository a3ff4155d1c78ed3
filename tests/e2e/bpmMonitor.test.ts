import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';
import { startInstance } from '../../server/modules/bpm/runAction';

describe('流程监控 and 终止 in the browser (docs/WORKFLOW.md › Screens)', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const db = () => suite.server.ctx.database.db;
  /** A running 用印申请 of 李娜's under a title of the test's own. */
  const startSeal = async (title: string): Promise<string> => {
    const lina = await db().selectFrom('sys_user').select(['userId', 'userName', 'deptId', 'unitId']).where('accountId', '=', 'lina').executeTakeFirstOrThrow();
    const process = await db().selectFrom('bpm_process').select(['processName', 'currentVersion']).where('processKey', '=', 'seal').executeTakeFirstOrThrow();
    const { instance } = await startInstance(suite.server.ctx, { userId: String(lina.userId), userName: String(lina.userName), deptId: String(lina.deptId), unitId: String(lina.unitId) }, {
      processKey: 'seal', processName: String(process.processName), version: Number(process.currentVersion), title,
      formData: { sealType: 'contract', copies: 1, reason: '监控测试' },
    });
    return instance.instanceId;
  };
  const statusOf = async (instanceId: string) => String((await db().selectFrom('bpm_instance').select('status').where('instanceId', '=', instanceId).executeTakeFirstOrThrow()).status);

  it('an administrator finds a request in 流程监控 and terminates it with a reason; staff see neither the tab nor the button', async () => {
    const title = '李娜的用印申请（监控终止）';
    const id = await startSeal(title);

    const { page, context } = await suite.newPage('admin');
    await page.goto('/bpm/center');
    await page.getByTestId('centre-tab-monitor').click();
    await page.getByTestId('monitor-keyword').fill('监控终止');
    await page.getByTestId('monitor-keyword').press('Enter');
    const list = page.getByTestId('monitor-list');
    await expect.poll(() => list.locator('tbody tr.ant-table-row').count()).toBe(1);
    await expect.poll(() => list.textContent()).toContain(title);
    await expect.poll(() => list.textContent()).toContain('审批中');
    await suite.screenshot(page, 'bpm-monitor-zh');

    await list.getByTestId('bpm-terminate').click();
    // No reason, no termination.
    await page.getByTestId('bpm-terminate-ok').click();
    expect(await statusOf(id)).toBe('running');
    await page.getByTestId('bpm-terminate-reason').fill('重复提交，已另行办理');
    await page.getByTestId('bpm-terminate-ok').click();
    await expect.poll(() => statusOf(id)).toBe('terminated');
    await expect.poll(() => list.textContent()).toContain('已终止');
    expect(await list.getByTestId('bpm-terminate').count()).toBe(0);
    const logged = await db().selectFrom('sys_operation_log').select(['entity', 'detail', 'summary']).where('recordId', '=', id).executeTakeFirstOrThrow();
    expect(logged).toMatchObject({ entity: 'BpmInstance', detail: 'terminateInstance' });
    expect(String(logged.summary)).toContain('重复提交，已另行办理');

    // The read screen: the history names the termination and its reason.
    await list.getByTestId('monitor-row-view').click();
    await expect.poll(() => page.getByTestId('task-status').textContent()).toBe('已终止');
    await expect.poll(() => page.getByTestId('task-history').textContent()).toContain('重复提交，已另行办理');
    await context.close();

    const staff = await suite.newPage('lina');
    await staff.page.goto('/bpm/center');
    await staff.page.getByTestId('centre-tab-todo').waitFor();
    expect(await staff.page.getByTestId('centre-tab-monitor').count()).toBe(0);
    await staff.context.close();
  });

  it('an administrator terminates a running request from its task screen; its initiator is offered no 终止', async () => {
    const title = '李娜的用印申请（任务页终止）';
    const id = await startSeal(title);

    const staff = await suite.newPage('lina');
    await staff.page.goto(`/bpm/handle/read?instanceId=${id}`);
    await expect.poll(() => staff.page.getByTestId('task-title').textContent()).toBe(title);
    expect(await staff.page.getByTestId('task-urge').count()).toBe(1);
    expect(await staff.page.getByTestId('bpm-terminate').count()).toBe(0);
    await staff.context.close();

    const { page, context } = await suite.newPage('admin');
    await page.goto(`/bpm/handle/read?instanceId=${id}`);
    await expect.poll(() => page.getByTestId('task-title').textContent()).toBe(title);
    await page.getByTestId('bpm-terminate').click();
    await page.getByTestId('bpm-terminate-reason').fill('申请人已离职');
    await page.getByTestId('bpm-terminate-ok').click();
    await expect.poll(() => page.getByTestId('task-status').textContent()).toBe('已终止');
    expect(await page.getByTestId('bpm-terminate').count()).toBe(0);
    expect(await statusOf(id)).toBe('terminated');
    await context.close();
  });
});
