import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/**
 * Drags a connection from one node's bottom (source) handle onto another node's top (target)
 * handle, until the canvas shows one more edge: on a loaded machine the canvas may still be
 * moving a new node into view when the first drag starts, and that drag then ends on nothing.
 */
async function connectNodes(page: Page, from: string, to: string): Promise<void> {
  const centre = async (handle: Locator) => {
    const box = (await handle.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const edges = page.locator('.react-flow__edge');
  const before = await edges.count();
  for (let attempt = 1; ; attempt += 1) {
    const a = await centre(page.getByTestId(`designer-node-${from}`).locator('.react-flow__handle.source'));
    const b = await centre(page.getByTestId(`designer-node-${to}`).locator('.react-flow__handle.target'));
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
    await page.mouse.move(b.x, b.y, { steps: 5 });
    await page.mouse.up();
    const connected = await expect.poll(() => edges.count(), { timeout: 3_000 }).toBe(before + 1).then(() => true, () => false);
    if (connected) return;
    if (attempt === 3) throw new Error(`no edge from ${from} to ${to} after three drags`);
  }
}

/** One call of the API outside the browser (the starter and the approver need no screen here). */
async function api(baseUrl: string, token: string | undefined, method: 'GET' | 'POST', call: string, body?: Record<string, unknown>) {
  const answer = await fetch(`${baseUrl}/capi${call}`, {
    method, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return answer.json() as Promise<{ code: number; message: string; data: any }>;
}

describe('the process designer (docs/WORKFLOW.md › Designer)', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });
  const db = () => suite.server.ctx.database.db;
  const shot = (page: Page, name: string) => suite.screenshot(page, name);

  it('an administrator draws start → approve → end, is stopped by the missing assignee, fixes it and publishes; the approver gets the task', async () => {
    const { page, context } = await suite.newPage('admin');
    await page.goto('/bpm/process/design');
    await page.getByTestId('designer-new-key').fill('tripApply');
    await page.getByTestId('designer-new-name').fill('出差申请');
    await page.getByTestId('designer-new-submit').click();
    await page.waitForURL(/processId=/);

    // A new draft has a start and an end; the live check says what is missing.
    await expect.poll(() => page.getByTestId('designer-issues').textContent()).toContain('发布前需要解决');
    await page.getByTestId('designer-palette-approve').click();
    await expect.poll(() => page.getByTestId('designer-node-approve1').isVisible()).toBe(true);
    await page.getByTestId('designer-node-name').fill('经理审批');
    await connectNodes(page, 'start', 'approve1');
    await connectNodes(page, 'approve1', 'end');

    // Wired up, one problem is left: the approve node has nobody to do it; publishing is refused.
    await expect.poll(() => page.getByTestId('designer-issues').locator('a').allTextContents()).toEqual(['节点 经理审批 没有设置办理人']);
    expect(await page.getByTestId('designer-node-approve1').getAttribute('data-invalid')).toBe('true');
    await page.getByTestId('designer-publish').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('还有 1 个问题');
    await shot(page, 'designer-invalid-zh');
    expect(await db().selectFrom('bpm_process_version').select('version').where('processKey', '=', 'tripApply').execute()).toEqual([]);

    // 指定人员 杨磊 through the people select.
    await page.getByTestId('designer-node-approve1').click();
    await page.getByTestId('designer-assignee-add').click();
    const users = page.getByTestId('designer-assignee-0-users');
    await users.locator('.ant-select-selector').click();
    await users.locator('input').fill('杨磊');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '杨磊' }).first().click();
    await expect.poll(() => page.getByTestId('designer-valid').isVisible()).toBe(true);
    await page.getByTestId('designer-publish').click();
    await expect.poll(() => page.getByTestId('designer-status').textContent()).toBe('已发布');
    await shot(page, 'designer-published-zh');

    const version = await db().selectFrom('bpm_process_version').select(['version', 'definition']).where('processKey', '=', 'tripApply').executeTakeFirstOrThrow();
    const yanglei = await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'yanglei').executeTakeFirstOrThrow();
    const published = JSON.parse(String(version.definition));
    expect(version.version).toBe(1);
    expect(published.nodes.map((n: { id: string; kind: string }) => `${n.id}:${n.kind}`)).toEqual(['start:start', 'end:end', 'approve1:approve']);
    expect(published.nodes[2]).toMatchObject({ name: '经理审批', assignees: [{ kind: 'users', users: [String(yanglei.userId)] }], position: { x: expect.any(Number), y: expect.any(Number) } });
    expect(published.edges).toEqual([{ from: 'start', to: 'approve1' }, { from: 'approve1', to: 'end' }]);

    // The designer in English: the same screen, translated.
    await page.evaluate(() => localStorage.setItem('APP_LANG', JSON.stringify({ value: 'en', expire: 0 })));
    await page.reload();
    await page.getByTestId('designer-node-approve1').click();
    await expect.poll(() => page.getByTestId('designer-node-panel').textContent()).toContain('Approval mode');
    // The stored id shows as the person's name again.
    await expect.poll(() => page.getByTestId('designer-assignee-0-users').textContent()).toContain('杨磊');
    await shot(page, 'designer-published-en');
    await context.close();

    // lina starts it; 杨磊 finds the task in his to-do list.
    const login = async (accountId: string) => (await api(suite.baseUrl, undefined, 'POST', '/get/system/login', { accountId, password: 'Demo@123' })).data.token as string;
    const started = await api(suite.baseUrl, await login('lina'), 'POST', '/set/bpm/startProcess', { processKey: 'tripApply', title: '上海出差', formData: '{}' });
    expect(started).toMatchObject({ code: 200 });
    const todo = await api(suite.baseUrl, await login('yanglei'), 'GET', `/get/bpm/getMyTodoList?page=1&pageSize=15&keyword=${encodeURIComponent('上海出差')}`);
    expect(todo.data.list).toEqual([expect.objectContaining({ processKey: 'tripApply', title: '上海出差', nodeName: '经理审批', instanceId: started.data.instanceId })]);
  });
});
