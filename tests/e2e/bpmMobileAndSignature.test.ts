import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance } from '../../server/modules/bpm/runAction';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' };

/** A 160×60 PNG drawn by the browser: a dark stroke on white, recognisable as a signature in screenshots. */
async function drawnSignature(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 60;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, 160, 60);
    g.strokeStyle = '#1f1f1f';
    g.lineWidth = 3;
    g.beginPath();
    g.moveTo(10, 45);
    g.bezierCurveTo(40, 5, 70, 55, 100, 20);
    g.lineTo(150, 40);
    g.stroke();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/**
 * The workflow on a phone and the self-service signature (docs/WORKFLOW.md › Screens, Handwritten
 * signature): the mobile home's 待办 tile with its count, the list, a task agreed at 390 px and
 * the count going down; a user without a signature follows the task screen's link to 我的签名,
 * uploads one, signs a decision with it and removes it again.
 */
describe('the workflow to-dos on a phone and the handwritten signature a user keeps', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const db = () => suite.server.ctx.database.db;
  const userOf = (account: string) => db().selectFrom('sys_user').select(['userId', 'userName', 'deptId', 'unitId']).where('accountId', '=', account).executeTakeFirstOrThrow();
  /** A 用印申请 by lina, waiting at her leader 杨磊. */
  const sealRequest = async (title: string) => {
    const lina = await userOf('lina');
    const process = await db().selectFrom('bpm_process').select(['processName', 'currentVersion']).where('processKey', '=', 'seal').executeTakeFirstOrThrow();
    await startInstance(suite.server.ctx, { userId: String(lina.userId), userName: String(lina.userName), deptId: String(lina.deptId), unitId: String(lina.unitId) }, {
      processKey: 'seal', processName: String(process.processName), version: Number(process.currentVersion), title,
      formData: { sealType: 'contract', copies: 1, reason: '客户合同' },
    });
  };
  /** What getTodoCount answers as `todo`: the user's pending tasks in the to-do box. */
  const openTodos = async (account: string) => {
    const user = await userOf(account);
    const row = await db().selectFrom('bpm_task').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('assignee', '=', String(user.userId)).where('box', '=', 'todo').where('status', '=', 'pending').executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const pendingTaskOf = async (account: string, title: string) => {
    const user = await userOf(account);
    const row = await db().selectFrom('bpm_task').select('taskId').where('assignee', '=', String(user.userId)).where('title', '=', title)
      .where('status', '=', 'pending').where('kind', '=', 'todo').executeTakeFirstOrThrow();
    return String(row.taskId);
  };

  it('a leader opens the 待办 tile on a 390 px phone, agrees a request, and the tile\'s count goes down', async () => {
    const title = '手机审批的用印申请';
    // Two, so the count stays above zero (a zero badge is not drawn) after one is agreed.
    await sealRequest(title);
    await sealRequest('另一份待批的用印申请');
    const before = await openTodos('yanglei');
    expect(before).toBeGreaterThanOrEqual(2);

    const context = await suite.browser.newContext({ baseURL: suite.baseUrl, ...PHONE });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-account').fill('yanglei');
    await page.getByTestId('login-password').fill('Demo@123');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/app');

    const tile = page.getByTestId('mobile-bpm-todo');
    const count = () => page.getByTestId('mobile-bpm-todo-count').locator('.ant-badge-count').getAttribute('title');
    await expect.poll(() => tile.textContent()).toContain('待办');
    await expect.poll(count).toBe(String(before));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await suite.screenshot(page, 'e2e-mobile-bpm-tile');

    await tile.click();
    await page.waitForURL((url) => url.pathname === '/app/bpm');
    const item = page.getByTestId('mobile-todo-item').filter({ hasText: title });
    await expect.poll(() => item.count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await suite.screenshot(page, 'e2e-mobile-bpm-list');

    await item.click();
    await page.waitForURL((url) => url.pathname === '/app/bpm/task');
    expect(new URL(page.url()).searchParams.get('taskId')).toBe(await pendingTaskOf('yanglei', title));
    await expect.poll(() => page.getByTestId('task-title').textContent()).toBe(title);
    await page.getByTestId('task-opinion').fill('同意，手机上批的');
    await page.getByTestId('task-agree').click();
    await expect.poll(() => page.getByTestId('task-readonly-note').count()).toBe(1);
    await suite.screenshot(page, 'e2e-mobile-bpm-agreed');
    expect(await openTodos('yanglei')).toBe(before - 1);

    await page.goto('/app');
    await expect.poll(count).toBe(String(before - 1));
    await context.close();
  });

  it('a user without a signature follows the task screen\'s link to 我的签名, uploads one, signs with it and removes it', async () => {
    const title = '签名审批的用印申请';
    await sealRequest(title);
    const { page, context } = await suite.newPage('yanglei');
    const taskPath = `/bpm/handle/dowork?taskId=${await pendingTaskOf('yanglei', title)}`;
    await page.goto(taskPath);
    await expect.poll(() => page.getByTestId('task-title').textContent()).toBe(title);
    // No signature yet: no checkbox, a link to set one up.
    await expect.poll(() => page.getByTestId('task-signature-setup').count()).toBe(1);
    expect(await page.getByTestId('task-signature').count()).toBe(0);
    await page.getByTestId('task-signature-setup').click();
    await page.waitForURL((url) => url.pathname === '/personal/info' && url.hash === '#signature');

    const card = page.getByTestId('my-signature');
    await expect.poll(() => card.getByTestId('my-signature-empty').count()).toBe(1);
    // A document is refused in the browser before anything is sent.
    await card.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('签名只能是 PNG、JPEG 或 GIF 图片');
    await card.locator('input[type=file]').setInputFiles({ name: 'sign.png', mimeType: 'image/png', buffer: await drawnSignature(page) });
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('签名已保存');
    await expect.poll(() => card.getByTestId('my-signature-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 160)).toBe(true);
    expect(await card.getByTestId('my-signature-upload').textContent()).toContain('更换签名');
    await suite.screenshot(page, 'e2e-my-signature');

    // Back on the task the signature is offered, checked, and the decision carries it.
    await page.goto(taskPath);
    await expect.poll(() => page.getByTestId('task-signature').isChecked()).toBe(true);
    await page.getByTestId('task-agree').click();
    await expect.poll(() => page.getByTestId('task-readonly-note').count()).toBe(1);
    await expect.poll(() => page.getByTestId('task-history').textContent()).toContain('手写签名');
    const yanglei = await userOf('yanglei');
    const instance = await db().selectFrom('bpm_instance').select('instanceId').where('title', '=', title).executeTakeFirstOrThrow();
    const audit = await db().selectFrom('bpm_audit').select('detail').where('instanceId', '=', String(instance.instanceId)).where('action', '=', 'agree')
      .where('actorId', '=', String(yanglei.userId)).executeTakeFirstOrThrow();
    const config = await db().selectFrom('sys_signature_config').select('signImage').where('userId', '=', String(yanglei.userId)).executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.detail)).signAttachId).toBe(config.signImage);

    // Removed from the personal page: none any more.
    await page.goto('/personal/info#signature');
    await card.getByTestId('my-signature-remove').click();
    await page.getByTestId('my-signature-remove-ok').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('签名已删除');
    await expect.poll(() => card.getByTestId('my-signature-empty').count()).toBe(1);
    const removed = await db().selectFrom('sys_signature_config').select('signImage').where('userId', '=', String(yanglei.userId)).executeTakeFirstOrThrow();
    expect(removed.signImage).toBeNull();
    await context.close();
  });
});
