import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/**
 * A message type's channels are tags picked from the schema's options: the list shows their
 * names (短信, not "sms"), and the form offers them in a drop-down instead of free typing.
 */
describe('message configuration channels in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('lists channels by name and picks them from the options when editing', async () => {
    const { page } = await suite.newPage('admin');
    await page.goto('/system/config/message');
    const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect.poll(() => firstRow.count()).toBe(1);
    const names = ['站内消息', '短信', '邮件', '钉钉', '企业微信'];
    const shownTags = await page.locator('.ant-table-tbody .ant-tag').allTextContents();
    expect(shownTags.length).toBeGreaterThan(0);
    expect(shownTags.every((tag) => names.includes(tag))).toBe(true);

    const stored = await suite.server.ctx.database.db.selectFrom('sys_message_config').select(['msgConfigId', 'msgTypeName']).orderBy('sort').executeTakeFirstOrThrow();
    await page.goto(`/system/config/message/save?id=${String(stored.msgConfigId)}`);
    const channels = page.getByTestId('field-channels');
    await expect.poll(() => channels.locator('.ant-select-selection-item').count()).toBeGreaterThan(0);
    // Clear, then pick 短信 and 企业微信 from the drop-down.
    await channels.hover();
    await channels.locator('.ant-select-clear').click();
    await channels.locator('.ant-select-selector').click();
    for (const name of ['短信', '企业微信']) {
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();
    }
    await suite.screenshot(page, 'message-config-channels');
    await page.keyboard.press('Escape');
    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === '/system/config/message');
    await expect.poll(async () => (await suite.server.ctx.database.db.selectFrom('sys_message_config').select('channels')
      .where('msgConfigId', '=', stored.msgConfigId).executeTakeFirstOrThrow()).channels).toBe('sms,wxwork');
  });
});
