import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** Picks an option of an antd Select inside the form item `field-{name}`, typing to search. */
async function pickOption(page: Page, field: string, search: string, option: string): Promise<void> {
  const item = page.getByTestId(`field-${field}`);
  await item.locator('.ant-select-selector').click();
  if (search) await item.locator('input').first().fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

async function typeDate(page: Page, field: string, value: string): Promise<void> {
  const input = page.getByTestId(`field-${field}`).locator('input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

const CONTRACT_NO = 'E2E-UPLOAD-HELD-01';

// A save pressed while a file was still uploading stored the record without it (the hrContract e2e
// flake): the generic save page holds its save until every upload of the form has arrived.
describe('the generic save page holds its save while an attachment uploads', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('disables 保存 during the upload, saves nothing meanwhile, and saves the record with the file after', async () => {
    const { page, context } = await suite.newPage('admin');
    const inserts: string[] = [];
    page.on('request', (request) => { if (request.url().includes('/insertHrContract')) inserts.push(request.url()); });
    await page.goto('/hr/contract/save');
    await page.getByTestId('field-contractNo').locator('input').fill(CONTRACT_NO);
    await pickOption(page, 'userId', '李娜', '李娜');
    await pickOption(page, 'contractType', '', '劳务合同');
    await typeDate(page, 'startDate', '2026-01-01');
    await typeDate(page, 'endDate', '2027-12-31');

    // The upload's answer is held until the test lets it go.
    let arrive: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { arrive = resolve; });
    await page.route('**/capi/set/file/uploadFile**', async (route) => { await held; await route.continue(); });
    await page.getByRole('tab', { name: '附件与备注' }).click();
    await page.getByTestId('field-attachIds').locator('input[type=file]').setInputFiles({
      name: '上传中的合同.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 e2e held upload'),
    });
    await page.getByTestId('field-attachIds').getByText('上传中的合同.pdf').waitFor();

    const submit = page.getByTestId('form-submit');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('form-uploading').textContent()).toBe('附件上传中…');
    // Pressed anyway (forced past Playwright's wait for an enabled button): nothing is sent, the page stays.
    await submit.click({ force: true });
    await page.waitForTimeout(300);
    expect(inserts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/hr/contract/save');

    arrive();
    await expect.poll(() => submit.isDisabled()).toBe(false);
    expect(await page.getByTestId('form-uploading').count()).toBe(0);
    await submit.click();
    await page.waitForURL((url) => url.pathname === '/hr/contract');
    expect(inserts).toHaveLength(1);

    // Read back through the API as the app does: the record holds the uploaded file.
    const token = (await context.cookies()).find((c) => c.name === 'TOKEN')!.value;
    const headers = { Authorization: `Bearer ${token}` };
    const list = await (await page.request.get('/capi/get/hr/getHrContractList', { headers, params: { keyword: CONTRACT_NO } })).json();
    expect(list.code).toBe(200);
    expect(list.data.list).toHaveLength(1);
    const attachIds = String(list.data.list[0].attachIds ?? '');
    expect(attachIds).not.toBe('');
    const attached = await (await page.request.get('/capi/get/file/getAttachList', { headers, params: { attachIds } })).json();
    expect(attached.data).toEqual([expect.objectContaining({ attachId: attachIds, name: '上传中的合同.pdf', extName: 'pdf' })]);
    await context.close();
  });
});
