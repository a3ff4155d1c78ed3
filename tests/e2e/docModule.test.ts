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
});
