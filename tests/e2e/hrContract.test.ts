import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** Picks an option of an antd Select inside the form item `field-{name}`, typing to search. */
async function pickOption(page: Page, field: string, search: string, option: string): Promise<void> {
  const item = page.getByTestId(`field-${field}`);
  await item.locator('.ant-select-selector').click();
  if (search) await item.locator('input').first().fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** Types a date into an antd DatePicker of the form item `field-{name}`. */
async function typeDate(page: Page, field: string, value: string): Promise<void> {
  const input = page.getByTestId(`field-${field}`).locator('input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

function rowWith(page: Page, text: string): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
}

describe('HrContract in the browser: create with an attachment, filter, edit, delete', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('lets the administrator run the whole life of a contract', async () => {
    const { page, context } = await suite.newPage('admin');
    await page.getByTestId('menu-hr').click();
    await page.getByTestId('menu-hrContract').click();
    await page.waitForURL('**/hr/contract');
    await expect.poll(() => rowWith(page, 'HT-2026-0001').count()).toBe(1);

    // Create, with a failed submit first: the spec's message, nothing sent.
    await page.getByTestId('entity-add').click();
    await page.waitForURL('**/hr/contract/save');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => page.getByText('请检查表单！').count()).toBeGreaterThan(0);

    await page.getByTestId('field-contractNo').locator('input').fill('E2E-2026-0001');
    await pickOption(page, 'userId', '李娜', '李娜');
    await pickOption(page, 'contractType', '', '劳务合同');
    await page.getByTestId('field-amount').locator('input').fill('12345.678');
    await typeDate(page, 'startDate', '2026-01-01');
    await typeDate(page, 'endDate', '2027-12-31');
    // The renewal note appears only when renewal is switched on, and is then required.
    await expect.poll(() => page.getByTestId('field-renewRemark').count()).toBe(0);
    await page.getByTestId('field-renewFlag').locator('button').click();
    await expect.poll(() => page.getByTestId('field-renewRemark').count()).toBe(1);
    await page.getByTestId('field-renewRemark').locator('textarea').fill('到期续签三年');

    await page.getByRole('tab', { name: '附件与备注' }).click();
    await page.getByTestId('field-attachIds').locator('input[type=file]').setInputFiles({
      name: '劳动合同扫描件.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 e2e contract scan'),
    });
    await expect.poll(() => page.getByTestId('field-attachIds').getByText('劳动合同扫描件.pdf').count()).toBeGreaterThan(0);
    await suite.screenshot(page, 'e2e-contract-form');
    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === '/hr/contract');

    const stored = await suite.server.ctx.database.db.selectFrom('hr_contract').selectAll()
      .where('contractNo', '=', 'E2E-2026-0001').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ contractType: 'service', startDate: '2026-01-01', endDate: '2027-12-31', amount: 12345.68, renewFlag: 1, renewRemark: '到期续签三年' });
    const attach = await suite.server.ctx.database.db.selectFrom('sys_attach').selectAll()
      .where('attachId', '=', String(stored.attachIds)).executeTakeFirstOrThrow();
    expect(attach).toMatchObject({ name: '劳动合同扫描件.pdf', extName: 'pdf' });

    // Find it with the filter drawer.
    await page.getByTestId('entity-filter').click();
    await page.getByTestId('filter-value-contractNo').fill('E2E-2026');
    await page.getByTestId('filter-apply').click();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await expect.poll(() => rowWith(page, 'E2E-2026-0001').count()).toBe(1);
    await expect.poll(() => page.locator('.ant-badge', { has: page.getByTestId('entity-filter') }).locator('.ant-badge-count').textContent()).toBe('1');
    await suite.screenshot(page, 'e2e-contract-filtered');

    // Edit it.
    await page.getByTestId(`row-edit-${stored.contractId}`).click();
    await page.waitForURL('**/hr/contract/save?id=*');
    const amount = page.getByTestId('field-amount').locator('input');
    await expect.poll(() => amount.inputValue()).toContain('12345.68');
    await amount.fill('15000');
    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === '/hr/contract');
    await expect.poll(async () => (await suite.server.ctx.database.db.selectFrom('hr_contract').select('amount')
      .where('contractId', '=', stored.contractId).executeTakeFirstOrThrow()).amount).toBe(15000);

    // Details show the attachment and the names.
    await page.goto(`/hr/contract/details?id=${stored.contractId}`);
    await expect.poll(() => page.getByText('劳动合同扫描件.pdf').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('李娜').count()).toBeGreaterThan(0);
    await suite.screenshot(page, 'e2e-contract-details');

    // Delete it.
    await page.goto('/hr/contract');
    await page.getByTestId(`row-delete-${stored.contractId}`).click();
    await page.getByTestId('delete-confirm').click();
    await expect.poll(async () => (await suite.server.ctx.database.db.selectFrom('hr_contract').select('contractId')
      .where('contractId', '=', stored.contractId).execute()).length).toBe(0);
    await expect.poll(() => rowWith(page, 'E2E-2026-0001').count()).toBe(0);
    await context.close();
  });
});
