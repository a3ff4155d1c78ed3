import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';
import type { BrowserContext } from 'playwright-core';

/**
 * A contract's file is read through the contract: the employee it is for sees and downloads it
 * from her own contract; a colleague of the same unit, who cannot read the contract, is refused
 * the file even with its link.
 */
/** The session token the browser holds after signing in. */
async function tokenOf(context: BrowserContext): Promise<string> {
  return (await context.cookies()).find((c) => c.name === 'TOKEN')?.value ?? '';
}

describe('attachments are read through the records that hold them, in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('lets lina download her contract scan and refuses liuyang the same link', async () => {
    // HR (zhangwei) files a contract for lina with a scan, through the API.
    const hrPage = await suite.newPage('zhangwei');
    const hr = await tokenOf(hrPage.context);
    await hrPage.context.close();
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4 contract scan for lina']), '李娜劳动合同.pdf');
    form.append('module', 'fixedattach');
    const uploaded = await (await fetch(`${suite.baseUrl}/capi/set/file/uploadFile`, { method: 'POST', headers: { Authorization: `Bearer ${hr}` }, body: form })).json();
    const attachId = String(uploaded.data.attachId);
    const lina = await suite.server.ctx.database.db.selectFrom('sys_user').select('userId').where('accountId', '=', 'lina').executeTakeFirstOrThrow();
    const body = new URLSearchParams({ contractNo: 'ACCESS-0001', userId: String(lina.userId), contractType: 'fixed', startDate: '2026-01-01', endDate: '2026-12-31', attachIds: attachId });
    const saved = await (await fetch(`${suite.baseUrl}/capi/set/hr/insertHrContract`, { method: 'POST', headers: { Authorization: `Bearer ${hr}` }, body })).json();
    expect(saved.code, saved.message).toBe(200);
    const contractId = String(saved.data.contractId);

    // lina opens her contract from "my" list and downloads the scan.
    const { page, context } = await suite.newPage('lina');
    await page.goto(`/hr/contract/details?id=${contractId}`);
    await expect.poll(() => page.getByText('李娜劳动合同.pdf').count()).toBeGreaterThan(0);
    await suite.screenshot(page, 'attachment-access-owner');
    const downloading = page.waitForEvent('download');
    await page.getByTestId(`attachment-download-${attachId}`).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('李娜劳动合同.pdf');
    await context.close();

    // liuyang (same unit, staff) has the link but not the contract: the preview shows the refusal.
    const other = await suite.newPage('liuyang');
    await other.page.goto(`/file/preview/pdf?attachId=${attachId}&extName=pdf&ddtab=true`);
    await expect.poll(() => other.page.getByTestId('preview-error-message').count()).toBe(1);
    const shown = await other.page.getByTestId('preview-error-message').textContent();
    const liuyang = await tokenOf(other.context);
    const server = await fetch(`${suite.baseUrl}/capi/get/file/getFileDown?attachId=${attachId}`, { headers: { Authorization: `Bearer ${liuyang}` } });
    expect(server.status).toBe(403);
    expect(shown).toBe(((await server.json()) as { message: string }).message);
    await suite.screenshot(other.page, 'attachment-access-refused');
    await other.context.close();
  });
});
