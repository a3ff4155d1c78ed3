import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request, Response } from 'playwright-core';
import { decryptData, decryptFields, looksEncrypted } from '../../runtime/core/crypto';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** Waits as long as a busy CI machine may need (expect.poll's own default is one second). */
function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000, interval: 100 });
}

const KEY = '3c6e0b8a9c15224a8228b9a98ca1531d';
const CONFIG_CALL = '/capi/get/system/getEncryptionConfig';

interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string[]>;
  headers: Record<string, string>;
  body: string | null;
}

function seen(request: Request): SeenRequest {
  const url = new URL(request.url());
  const query: Record<string, string[]> = {};
  for (const [name, value] of url.searchParams) (query[name] ??= []).push(value);
  return { method: request.method(), path: url.pathname, query, headers: request.headers(), body: request.postData() };
}

/** Every value a call carried: query values and, for a JSON body, its values (lists element by element). */
function valuesOf(call: SeenRequest): unknown[] {
  const values: unknown[] = Object.values(call.query).flat();
  if (call.body) {
    const body = JSON.parse(call.body) as Record<string, unknown>;
    for (const value of Object.values(body)) values.push(...(Array.isArray(value) ? value : [value]));
  }
  return values;
}

function queryFields(call: SeenRequest): Record<string, unknown> {
  return Object.fromEntries(Object.entries(call.query).map(([name, values]) => [name.replace(/\[\]$/, ''), name.endsWith('[]') ? values : values[0]]));
}

describe('the SM4 mode end to end', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite({ SM4_KEY: KEY, ENCRYPTION_TYPE: '1' }); });
  afterAll(async () => { await suite.stop(); });

  it('signs in and works with the HrContract list with every value encrypted on the wire', async () => {
    const { page, context } = await suite.newPage();
    const calls: SeenRequest[] = [];
    const answers: { path: string; encrypted: string | null; body: unknown }[] = [];
    page.on('request', (request) => { if (new URL(request.url()).pathname.startsWith('/capi/')) calls.push(seen(request)); });
    page.on('response', (response: Response) => {
      const path = new URL(response.url()).pathname;
      if (!path.startsWith('/capi/') || !String(response.headers()['content-type'] ?? '').includes('application/json')) return;
      void response.json().then((body: unknown) => answers.push({ path, encrypted: response.headers()['x-data-encrypted'] ?? null, body }), () => undefined);
    });

    await page.goto('/login');
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill('Admin@123');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    // The login went out as JSON of MD5-prefixed SM4 values: neither the account nor the password in clear.
    const login = calls.find((call) => call.path === '/capi/get/system/login');
    expect(login, 'the login call').toBeDefined();
    expect(login!.headers['content-type']).toContain('application/json');
    expect(login!.headers['x-encrypted']).toBe('sm4');
    expect(login!.body).not.toContain('Admin@123');
    expect(login!.body).not.toContain('admin');
    expect(decryptFields(JSON.parse(login!.body!), KEY)).toEqual({ accountId: 'admin', password: 'Admin@123' });
    // The mode was learnt first, through the one plain call.
    expect(calls.findIndex((call) => call.path === CONFIG_CALL)).toBeLessThan(calls.indexOf(login!));

    await page.getByTestId('menu-hr').click();
    await page.getByTestId('menu-hrContract').click();
    await page.waitForURL('**/hr/contract');
    const row = (text: string) => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
    await eventually(() => row('HT-2026-0001').count()).toBe(1);

    // Filter through the drawer: the filter travels encrypted, and the screen shows the right row.
    await page.getByTestId('entity-filter').click();
    await page.getByTestId('filter-value-contractNo').fill('HT-2026-0002');
    await page.getByTestId('filter-apply').click();
    await eventually(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await eventually(() => row('HT-2026-0002').count()).toBe(1);
    const stored = await suite.server.ctx.database.db.selectFrom('hr_contract as c').innerJoin('sys_user as u', 'u.userId', 'c.userId')
      .select(['c.contractNo', 'u.userName']).where('c.contractNo', '=', 'HT-2026-0002').executeTakeFirstOrThrow();
    await eventually(() => row('HT-2026-0002').textContent()).toContain(String(stored.userName));
    await eventually(() => page.locator('.ant-drawer-open').count()).toBe(0);
    await suite.screenshot(page, 'e2e-sm4-contract-list');

    const filtered = calls.filter((call) => call.path === '/capi/get/hr/getHrContractList' && call.query.filterObj);
    expect(filtered.length).toBeGreaterThan(0);
    const last = filtered[filtered.length - 1];
    expect(last.query.filterObj[0]).not.toContain('HT-2026-0002');
    expect(decryptFields(queryFields(last), KEY)).toMatchObject({
      filterObj: JSON.stringify({ contractNo: { value: 'HT-2026-0002', operator: 'include' } }), page: '1',
    });

    // Every call but the mode's own carried only encrypted values and said so.
    const sealedCalls = calls.filter((call) => call.path !== CONFIG_CALL);
    expect(sealedCalls.length).toBeGreaterThan(5);
    for (const call of sealedCalls) {
      for (const value of valuesOf(call)) expect(looksEncrypted(value), `${call.method} ${call.path}: ${String(value)}`).toBe(true);
    }
    const withValues = sealedCalls.filter((call) => valuesOf(call).length > 0);
    for (const call of withValues) expect(call.headers['x-encrypted'], call.path).toBe('sm4');

    // And the answers came back encrypted: the list's rows are not readable on the wire.
    await eventually(() => answers.filter((answer) => answer.path === '/capi/get/hr/getHrContractList').length).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => a.path !== CONFIG_CALL)) {
      expect(answer.encrypted, answer.path).toBe('sm4');
      expect(looksEncrypted((answer.body as { data: unknown }).data), answer.path).toBe(true);
    }
    const listAnswer = answers.filter((answer) => answer.path === '/capi/get/hr/getHrContractList').pop()!;
    expect(JSON.stringify(listAnswer.body)).not.toContain('HT-2026');
    expect(decryptData<{ list: { contractNo: string }[] }>((listAnswer.body as { data: string }).data, KEY).list.map((r) => r.contractNo)).toContain('HT-2026-0002');
    await context.close();
  });

  it('creates a contract in SM4 mode: stored in clear on the server, never in clear on the wire', async () => {
    const { page, context } = await suite.newPage('admin');
    const posted: SeenRequest[] = [];
    page.on('request', (request) => { if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/capi/')) posted.push(seen(request)); });
    await page.goto('/hr/contract/save');
    await page.getByTestId('field-contractNo').locator('input').fill('SM4-E2E-0001');
    const user = page.getByTestId('field-userId');
    await user.locator('.ant-select-selector').click();
    await user.locator('input').first().fill('李娜');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '李娜' }).first().click();
    const type = page.getByTestId('field-contractType');
    await type.locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '劳务合同' }).first().click();
    for (const [field, value] of [['startDate', '2026-05-01'], ['endDate', '2028-04-30']]) {
      const input = page.getByTestId(`field-${field}`).locator('input');
      await input.click();
      await input.fill(value);
      await input.press('Enter');
    }
    await page.getByRole('tab', { name: '附件与备注' }).click();
    await page.getByTestId('field-remark').locator('textarea').fill('国密模式下保存的备注');
    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === '/hr/contract');

    const stored = await suite.server.ctx.database.db.selectFrom('hr_contract').selectAll().where('contractNo', '=', 'SM4-E2E-0001').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ contractType: 'service', startDate: '2026-05-01', remark: '国密模式下保存的备注' });
    const insert = posted.find((call) => call.path === '/capi/set/hr/insertHrContract');
    expect(insert, 'the insert call').toBeDefined();
    expect(insert!.body).not.toContain('国密');
    expect(insert!.body).not.toContain('SM4-E2E-0001');
    expect(decryptFields(JSON.parse(insert!.body!), KEY)).toMatchObject({ contractNo: 'SM4-E2E-0001', remark: '国密模式下保存的备注' });
    await eventually(() => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'SM4-E2E-0001' }).count()).toBe(1);
    await context.close();
  });
});
