import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

describe('official documents in the browser (schemas/doc)', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const db = () => suite.server.ctx.database.db;

  it('the clerk red-headers a signed document and previews it, distributes it, and a reader opens it from the message', async () => {
    const doc = await db().selectFrom('doc_send').selectAll().where('title', '=', '关于调整总部办公区域的通知').executeTakeFirstOrThrow();
    expect(doc.status).toBe('signed');
    const { page, context } = await suite.newPage('wuting');
    await page.goto(`/doc/send/details?id=${String(doc.sendId)}`);

    await page.getByTestId('action-redHeader').click();
    await page.getByTestId('transition-confirm').click();
    const versions = () => db().selectFrom('doc_body_version').select(['bodyFile', 'changeKind']).where('sendId', '=', doc.sendId).orderBy('versionNo', 'desc').execute();
    await expect.poll(async () => (await versions()).length).toBe(3);
    const filled = String((await versions())[0].bodyFile);

    // The new body previews offline, the number and title drawn from the filled .docx.
    const [preview] = await Promise.all([context.waitForEvent('page'), page.getByTestId(`attachment-preview-${filled}`).click()]);
    await preview.waitForURL((url) => url.pathname.startsWith('/file/preview'));
    // The document's own paragraphs (the header bar names the file, number and title together).
    await expect.poll(() => preview.getByText(String(doc.docNo), { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await preview.getByText('华东智联科技集团有限公司文件', { exact: true }).isVisible()).toBe(true);
    // The notice template carries the group's seal ({%seal}): the preview draws it as a picture.
    await expect.poll(() => preview.locator('img').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await suite.screenshot(preview, 'e2e-doc-redheader-preview-zh');
    await preview.close();

    await page.getByTestId('action-distribute').click();
    await page.getByTestId('transition-confirm').click();
    const status = async () => (await db().selectFrom('doc_send').select('status').where('sendId', '=', doc.sendId).executeTakeFirstOrThrow()).status;
    await expect.poll(status).toBe('distributed');
    await context.close();

    // 陈静 of 财务部 (a main recipient) opens the document from her message.
    const reader = await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'chenjing').executeTakeFirstOrThrow();
    const message = await db().selectFrom('sys_message').select(['link', 'title']).where('receiverId', '=', reader.userId)
      .where('link', 'like', '/doc/handle/read%').orderBy('createTime', 'desc').executeTakeFirstOrThrow();
    expect(message.title).toContain(String(doc.docNo));
    const second = await suite.newPage('chenjing');
    await second.page.goto(String(message.link));
    await second.page.waitForURL((url) => url.pathname === '/doc/receive/details');
    await expect.poll(() => second.page.getByText('关于调整总部办公区域的通知').first().isVisible()).toBe(true);
    const receipt = await db().selectFrom('doc_read_receipt').select(['readFlag']).where('sendId', '=', doc.sendId).where('userId', '=', reader.userId).executeTakeFirstOrThrow();
    expect(Number(receipt.readFlag)).toBe(1);
    await suite.screenshot(second.page, 'e2e-doc-receive-zh');
    await second.context.close();
  });

  it('a /doc/handle/dowork message link opens the 发文\'s step on the task screen, where its assignee agrees', async () => {
    const title = '关于召开2027年度工作会议的通知';
    const doc = await db().selectFrom('doc_send').select('sendId').where('title', '=', title).executeTakeFirstOrThrow();
    const instance = await db().selectFrom('bpm_instance').select(['instanceId', 'processKey']).where('bizEntity', '=', 'DocSend')
      .where('bizId', '=', String(doc.sendId)).executeTakeFirstOrThrow();
    const task = await db().selectFrom('bpm_task').select(['taskId', 'assignee', 'nodeId']).where('instanceId', '=', instance.instanceId)
      .where('status', '=', 'pending').where('kind', '=', 'todo').executeTakeFirstOrThrow();
    expect(task.nodeId).toBe('check');
    const assignee = await db().selectFrom('sys_user').select('accountId').where('userId', '=', String(task.assignee)).executeTakeFirstOrThrow();

    // The spec's message shape: runId = the request, stepRunId = the task, flowId = the process.
    const { page, context } = await suite.newPage(String(assignee.accountId));
    await page.goto(`/doc/handle/dowork?${new URLSearchParams({ runId: String(instance.instanceId), stepRunId: String(task.taskId), flowId: String(instance.processKey) })}`);
    await expect.poll(() => page.getByTestId('task-title').textContent()).toBe(title);
    expect(await page.getByTestId('workflow-ids').count()).toBe(0);
    await page.getByTestId('task-opinion').fill('核稿无误');
    await page.getByTestId('task-agree').click();
    const decided = () => db().selectFrom('bpm_task').select(['status', 'opinion']).where('taskId', '=', task.taskId).executeTakeFirstOrThrow();
    await expect.poll(async () => (await decided()).status).not.toBe('pending');
    expect((await decided()).opinion).toBe('核稿无误');
    const next = await db().selectFrom('bpm_task').select('nodeId').where('instanceId', '=', instance.instanceId).where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect(next.nodeId).toBe('review');
    await suite.screenshot(page, 'e2e-doc-dowork-task-zh');
    await context.close();
  });
});
