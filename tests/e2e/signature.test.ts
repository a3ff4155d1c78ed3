import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';
import { DEFAULT_DEMO_PASSWORD } from '../support/testServer';

describe('a dispatcher whose decisions are confirmed signs an approval with the password', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const db = () => suite.server.ctx.database.db;
  const application = (title: string) => db().selectFrom('office_vehicle_apply').selectAll().where('title', '=', title).executeTakeFirstOrThrow();

  it('asks for the password in the decision dialog, refuses a wrong one, and shows the signed step in the history', async () => {
    const wangfang = await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'wangfang').executeTakeFirstOrThrow();
    await db().updateTable('sys_signature_config').set({ enabled: 1, verifyMethod: 'password' }).where('userId', '=', wangfang.userId).execute();
    const pending = await application('机房设备巡检');
    expect(pending.status).toBe('applied');

    const { page, context } = await suite.newPage('wangfang');
    await page.goto('/office/vehicle/apply');
    await page.getByTestId(`row-transition-approve-${pending.applyId}`).click();
    await page.getByTestId('transition-sign-password').fill('Wrong@999');
    await page.getByTestId('transition-opinion').fill('同意，注意安全');
    await suite.screenshot(page, 'e2e-signature-dialog');
    await page.getByTestId('transition-confirm').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('登录密码不正确');
    expect((await application('机房设备巡检')).status).toBe('applied');

    await page.getByTestId('transition-sign-password').fill(DEFAULT_DEMO_PASSWORD);
    await page.getByTestId('transition-confirm').click();
    await expect.poll(async () => (await application('机房设备巡检')).status).toBe('approved');

    await page.goto(`/office/vehicle/apply/details?id=${pending.applyId}`);
    await expect.poll(() => page.getByTestId('flow-signed').textContent()).toBe('已密码签批');
    await suite.screenshot(page, 'e2e-signature-history');
    await context.close();
  });
});
