import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';
import { answer, formBody } from '../support/testServer';

/**
 * The online designer in the browser (docs/DESIGNER.md): an administrator creates 出差申请 in
 * 行政办公, lays it out in two tabs with a grid, gives 事由 a requiredWhen rule and adds a
 * dictionary field, undoes and redoes, publishes; a staff member granted the page fills it in and
 * the rule holds on the server too; the administrator adds a field, publishes, rolls back; the
 * JSON view applies an edit as one undoable step.
 */
const NAME = 'OfficeTravelApply';
const PAGE = '/office/office-travel-apply';

describe('the online form designer', () => {
  let suite: BrowserSuite;
  let admin: Page;

  const api = async (token: string | undefined, method: 'GET' | 'POST', call: string, data: Record<string, unknown> = {}) => {
    const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
    const url = `${suite.baseUrl}/capi${call}`;
    const response = method === 'GET'
      ? await fetch(`${url}?${new URLSearchParams(data as Record<string, string>)}`, { headers })
      : await fetch(url, { method, headers, body: formBody(data) });
    return (await answer(response)).body;
  };
  const tokenOf = async (accountId: string, password: string) => (await api(undefined, 'POST', '/get/system/login', { accountId, password })).data.token as string;
  const draft = async () => (await api(await tokenOf('admin', 'Admin@123'), 'GET', '/get/design/getDesignById', { name: NAME })).data;

  /** Adds a palette item into the selection (or after it), as a click on the palette does. */
  const addFromPalette = (title: string) => admin.getByTestId('design-palette').getByTitle(title, { exact: true }).click();
  const canvas = () => admin.getByTestId('design-canvas');
  /** Labels the selected field in both languages and renames its key. */
  const describeField = async (zh: string, en: string, key: string) => {
    const label = admin.getByTestId('design-prop-field.label');
    await label.getByTestId('design-label-zh-cn').fill(zh);
    await label.getByTestId('design-label-en').fill(en);
    const keyInput = admin.getByTestId('design-field-key');
    await keyInput.fill(key);
    await keyInput.press('Enter');
    await expect.poll(() => keyInput.inputValue()).toBe(key);
  };

  beforeAll(async () => {
    suite = await startBrowserSuite();
    ({ page: admin } = await suite.newPage('admin'));
  });
  afterAll(async () => { await suite.stop(); });

  it('creates 出差申请 from the design list, as a draft of 行政办公', async () => {
    await admin.goto('/system/design');
    await admin.getByRole('button', { name: /新\s*增/ }).first().click();
    await admin.getByTestId('field-name').locator('input').fill(NAME);
    await admin.getByTestId('field-title').locator('input').fill('出差申请');
    await admin.getByTestId('field-titleEn').locator('input').fill('Business trip');
    await admin.getByTestId('field-module').locator('.ant-select-selector').click();
    // Fifteen modules: the list is virtual, so scroll until 行政办公 is drawn.
    const office = admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '行政办公' });
    for (let i = 0; i < 10 && await office.count() === 0; i += 1) {
      await admin.locator('.ant-select-dropdown:visible .rc-virtual-list-holder').hover();
      await admin.mouse.wheel(0, 120);
    }
    await office.first().click();
    await admin.getByTestId('form-submit').click();
    await admin.waitForURL((url) => url.pathname === '/system/design');
    await admin.getByText(NAME, { exact: true }).first().waitFor();
    expect(await draft()).toMatchObject({ origin: 'designed', status: 'draft', revision: 1 });
  });

  it('lays out two tabs with a grid, a requiredWhen rule and a dictionary field; undo and redo', async () => {
    await admin.goto(`/system/design/edit?name=${NAME}`);
    await admin.getByTestId('form-designer').waitFor();
    await expect.poll(() => admin.getByTestId('design-status').textContent()).toBe('草稿');
    await addFromPalette('标签页');
    await admin.getByTestId('design-tab-add').click();
    await expect.poll(() => canvas().getByRole('tab').count()).toBe(2);

    // First tab: a grid of two columns, 目的地 and 天数 side by side.
    await canvas().getByRole('tab').first().click();
    await addFromPalette('栅格');
    const tabCols = canvas().getByTestId('design-node-tabs').getByTestId('design-node-col');
    await tabCols.first().click();
    await addFromPalette('单行文本');
    await describeField('目的地', 'Destination', 'destination');
    await admin.getByTestId('design-prop-field.required').getByRole('switch').click();
    await tabCols.nth(1).click();
    await addFromPalette('整数');
    await describeField('天数', 'Days', 'days');

    // Second tab: 事由, required when the trip is longer than three days, and 交通方式 from a dictionary.
    await canvas().getByRole('tab').nth(1).click();
    await addFromPalette('多行文本');
    await describeField('事由', 'Reason', 'reason');
    const rule = admin.getByTestId('design-prop-requiredWhen');
    await rule.locator('textarea').click();
    await rule.locator('.monaco-editor').waitFor();
    await rule.locator('.monaco-editor textarea').focus();
    await admin.keyboard.type('days > 3');
    // Monaco draws spaces as no-break spaces.
    await expect.poll(async () => (await rule.locator('.monaco-editor .view-lines').textContent())?.replace(/\u00a0/g, ' ')).toContain('days > 3');
    // Undo takes a new field away, redo brings it back (keys outside the property inputs).
    const fields = () => canvas().getByTestId('design-node-field').count();
    const before = await fields();
    await addFromPalette('字典');
    await expect.poll(fields).toBe(before + 1);
    await admin.getByTestId('design-palette').click({ position: { x: 2, y: 2 } });
    await admin.keyboard.press('Control+z');
    await expect.poll(fields).toBe(before);
    await admin.keyboard.press('Control+Shift+z');
    await expect.poll(fields).toBe(before + 1);
    await describeField('性别要求', 'Gender', 'gender');
    await expect.poll(() => canvas().getByText('性别要求').count()).toBe(1);
    await suite.screenshot(admin, 'designer-travel-layout');

    await admin.getByTestId('design-save').click();
    await expect.poll(() => admin.getByTestId('design-save').isDisabled()).toBe(true);
    const saved = (await draft()).schema;
    expect(saved.fields.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(['subject', 'destination', 'days', 'reason', 'gender']));
    const layout = JSON.stringify(saved.form.layout);
    expect(layout).toContain('"kind":"tabs"');
    expect(layout).toContain('"kind":"grid"');
    expect(layout).toContain('"requiredWhen":"days > 3"');
    // 目的地 and 天数 side by side in the first tab's grid.
    const tabs = saved.form.layout.find((node: { kind: string }) => node.kind === 'tabs');
    const grid = tabs.children[0].children.find((node: { kind: string }) => node.kind === 'grid');
    expect(grid.children.map((col: { children: { field: string }[] }) => col.children.map((f) => f.field))).toEqual([['destination'], ['days']]);
    expect(saved.messages.en[`entity.${NAME}.field.destination`]).toBe('Destination');
  });

  it('publishes; a staff member granted the page fills it in and the rule holds on the server', async () => {
    await admin.getByTestId('design-publish').click();
    await admin.getByTestId('design-publish-comment').fill('首版');
    await admin.getByRole('dialog').getByRole('button', { name: /发\s*布/ }).click();
    await expect.poll(() => admin.getByTestId('design-status').textContent()).toBe('已发布');

    // The page is granted to staff as any other page: its menu entry and buttons.
    const adminToken = await tokenOf('admin', 'Admin@123');
    const db = suite.server.ctx.database.db;
    const staff = await db.selectFrom('sys_role').select(['roleId', 'menuIds']).where('roleCode', '=', 'staff').executeTakeFirstOrThrow();
    const entries = await db.selectFrom('sys_menu').select('menuId')
      .where('name', 'in', [`design${NAME}`, `office:${NAME}:list`, `office:${NAME}:insert`, `office:${NAME}:view`]).execute();
    expect(entries).toHaveLength(4);
    const grant = await api(adminToken, 'POST', '/set/system/updateRole', { id: staff.roleId, menuIds: [...String(staff.menuIds).split(','), ...entries.map((e) => e.menuId)].join(',') });
    expect(grant.code, grant.message).toBe(200);
    // A permission change waits for the security administrator (three-role separation).
    const event = await db.selectFrom('sys_security_event').select('eventId')
      .where('recordId', '=', String(staff.roleId)).where('status', '=', 'pending').executeTakeFirstOrThrow();
    const approved = await api(await tokenOf('secadmin', 'Demo@123'), 'POST', '/set/system/approveSecurityEvent', { id: event.eventId, opinion: '同意' });
    expect(approved.code, approved.message).toBe(200);

    const { page: lina } = await suite.newPage('lina');
    await lina.goto(`${PAGE}/save`);
    await lina.getByTestId('field-subject').locator('input').fill('上海客户需求调研');
    await lina.getByTestId('field-destination').locator('input').fill('上海');
    await lina.getByTestId('field-days').locator('input').fill('5');
    await lina.getByRole('tab', { name: '标签页 2' }).click();
    // More than three days: 事由 is required in the form …
    await lina.getByTestId('form-submit').click();
    await lina.getByText('请检查表单！').first().waitFor();
    expect(new URL(lina.url()).pathname).toBe(`${PAGE}/save`);
    // … and on the server, whatever the browser does.
    const linaToken = await tokenOf('lina', 'Demo@123');
    const refused = await api(linaToken, 'POST', `/set/office/insert${NAME}`, { subject: '绕过表单', destination: '上海', days: 5 });
    expect(refused.code).toBe(100);
    await lina.getByTestId('field-reason').locator('textarea').fill('门户新版需求现场确认');
    await lina.getByTestId('form-submit').click();
    await lina.waitForURL((url) => url.pathname === PAGE);
    await lina.getByText('上海客户需求调研').first().waitFor();
    await suite.screenshot(lina, 'designer-travel-filled-by-staff');
    await lina.close();
  });

  it('adds a field, publishes it, and rolls back to the first version', async () => {
    await canvas().getByRole('tab').first().click();
    await addFromPalette('金额');
    await describeField('预算', 'Budget', 'budget');
    await admin.getByTestId('design-save').click();
    await expect.poll(() => admin.getByTestId('design-save').isDisabled()).toBe(true);
    await admin.getByTestId('design-publish').click();
    await admin.getByRole('dialog').getByRole('button', { name: /发\s*布/ }).click();
    await expect.poll(async () => (await draft()).publishedVersion).toBe(2);
    const fieldsOfRunning = async () => (await api(await tokenOf('admin', 'Admin@123'), 'GET', '/get/system/getEntitySchema', { entity: NAME })).data.entity.fields.map((f: { name: string }) => f.name);
    expect(await fieldsOfRunning()).toContain('budget');

    await admin.getByTestId('design-versions').click();
    const drawer = admin.getByTestId('design-versions-drawer');
    await drawer.getByRole('row', { name: /v1/ }).getByRole('button', { name: /回\s*滚/ }).click();
    await admin.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定|回\s*滚|OK/ }).last().click();
    await expect.poll(async () => (await draft()).publishedVersion).toBe(3);
    expect(await fieldsOfRunning()).not.toContain('budget');
    // The designer shows the rolled-back design.
    await expect.poll(() => canvas().getByText('预算').count()).toBe(0);
  });

  it('compares two published versions, and a version with the draft', async () => {
    await admin.getByTestId('design-versions').click();
    const drawer = admin.getByTestId('design-versions-drawer');
    await drawer.getByRole('row', { name: /v1/ }).getByRole('checkbox').check();
    await drawer.getByRole('row', { name: /v2/ }).getByRole('checkbox').check();
    await drawer.getByTestId('design-versions-compare').click();
    const diff = admin.getByTestId('design-version-diff');
    await diff.getByText('v1 → v2').waitFor();
    // v2 added 预算 (budget): a field, its form item and its texts.
    const changes = diff.getByTestId('design-diff-changes');
    await expect.poll(() => changes.getByRole('row', { name: /budget/ }).first().textContent()).toMatch(/字段.*新增.*budget/);
    await diff.locator('.monaco-diff-editor').waitFor();
    await suite.screenshot(admin, 'designer-version-diff');
    await admin.keyboard.press('Escape');
    await expect.poll(() => diff.isVisible()).toBe(false);
    // v3 is the rollback to v1: the draft equals it.
    await drawer.getByTestId('design-version-compare-draft-3').click();
    await admin.getByTestId('design-version-diff').getByText('两者没有差别').waitFor();
    // By its close button: an Escape pressed before the dialog has taken the focus closes the drawer under it instead.
    await admin.locator('.ant-modal-wrap:visible .ant-modal-close').click();
    await expect.poll(() => diff.isVisible()).toBe(false);
    await admin.locator('.ant-drawer-content-wrapper:visible .ant-drawer-close').click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
  });

  it('designs a simple approval in the flow tab; a request is approved on its details page', async () => {
    await admin.getByRole('tab', { name: '流程' }).click();
    await admin.getByTestId('design-flow-mode').getByText('简单流程').click();
    const states = admin.getByTestId('design-flow-states');
    await expect.poll(() => states.locator('tbody tr').count()).toBe(3);
    const approve = admin.getByTestId('design-flow-transition-approve');
    // The condition is checked as it is typed: a name that is no field is an error.
    const guard = approve.locator('textarea').first();
    await guard.click();
    await approve.locator('.monaco-editor').waitFor();
    await approve.locator('.monaco-editor textarea').focus();
    await admin.keyboard.type('budget > 0');
    await approve.getByRole('alert').waitFor();
    await admin.keyboard.press('Control+a');
    await admin.keyboard.type('days > 0');
    await expect.poll(() => approve.getByRole('alert').count()).toBe(0);
    await suite.screenshot(admin, 'designer-flow-tab');
    await admin.getByTestId('design-save').click();
    await expect.poll(async () => (await draft()).schema.flow?.transitions?.map((t: { name: string }) => t.name)).toEqual(['approve', 'reject']);
    expect((await draft()).schema.flow.transitions[0].guard).toBe('days > 0');
    await admin.getByTestId('design-publish').click();
    await admin.getByRole('dialog').getByRole('button', { name: /发\s*布/ }).click();
    await expect.poll(async () => (await draft()).publishedVersion).toBe(4);

    const linaToken = await tokenOf('lina', 'Demo@123');
    const applied = await api(linaToken, 'POST', `/set/office/insert${NAME}`, { subject: '广州展会', destination: '广州', days: 2 });
    expect(applied.code, applied.message).toBe(200);
    const id = String(applied.data.id);
    await admin.goto(`${PAGE}/details?id=${id}`);
    await expect.poll(() => admin.getByTestId('details-state').textContent()).toContain('待审批');
    await admin.getByTestId('transition-approve').click();
    await admin.getByTestId('transition-opinion').fill('同意出差');
    await admin.getByTestId('transition-confirm').click();
    await expect.poll(() => admin.getByTestId('details-state').textContent()).toContain('已通过');
    await expect.poll(() => admin.getByTestId('flow-history').textContent()).toContain('同意出差');
    await suite.screenshot(admin, 'designer-flow-approved');
    await admin.goto(`/system/design/edit?name=${NAME}`);
    await admin.getByTestId('form-designer').waitFor();
  });

  it('applies an edit made in the JSON view as one undoable step', async () => {
    await admin.getByRole('tab', { name: 'JSON' }).click();
    const editor = admin.getByTestId('design-json').locator('.monaco-editor');
    await editor.waitFor();
    // The user's way: Monaco's find and replace (Ctrl+H), replace all.
    await editor.locator('textarea').first().focus();
    await admin.keyboard.press('Control+h');
    await editor.locator('.find-widget .find-part textarea').fill('"出差申请"');
    await editor.locator('.find-widget .replace-part textarea').fill('"出差申请单"');
    await editor.locator('.find-widget .codicon-find-replace-all').click();
    await admin.getByTestId('design-json-apply').click();
    await suite.screenshot(admin, 'designer-json-applied');
    const header = admin.getByTestId('design-header');
    await expect.poll(() => header.textContent()).toContain('出差申请单');
    await admin.getByTestId('design-undo').click();
    await expect.poll(() => header.textContent()).not.toContain('出差申请单');
    await admin.getByTestId('design-redo').click();
    await expect.poll(() => header.textContent()).toContain('出差申请单');
    await admin.getByTestId('design-save').click();
    await expect.poll(async () => (await draft()).schema.messages['zh-cn'][`entity.${NAME}.title`]).toBe('出差申请单');
    await suite.screenshot(admin, 'designer-json-view');
  });
});
